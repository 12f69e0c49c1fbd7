/**
 * The Papers tab's files out, as links: 'Download All Manuscripts' and 'Export to Excel' are plain
 * GETs that work without JavaScript. With it, the export is fetched in the background so the
 * button can say it is being prepared; the zip stays a plain download, whose progress the
 * browser shows itself (the zip has an exact length, and gigabytes are not for a page's memory).
 * A refusal of either comes back as the tab's `file-refused` dialog, over the list.
 */
import { Link, useNavigate } from "@remix-run/react";
import { useState, type MouseEvent } from "react";

export const FILE_REFUSALS = {
  "no-conference": "Please select a conference first",
  "no-papers": "No papers available for download",
  "download-failed": "Failed to download all manuscripts. Please try again.",
  "export-empty": "No papers to export",
  "export-failed": "Failed to generate Excel file. Please try again.",
} as const;
export type FileRefusal = keyof typeof FILE_REFUSALS;

export const isFileRefusal = (value: string | null): value is FileRefusal => value !== null && Object.hasOwn(FILE_REFUSALS, value);

/** The Papers tab's dialog saying why a file was not made. */
export function filesRefusedUrl(conferenceId: number | null, reason: FileRefusal) {
  const search = new URLSearchParams(conferenceId === null ? { reason } : { conference: String(conferenceId), reason });
  return `/admin/papers/file-refused?${search}`;
}

export const downloadAllUrl = (conferenceId: number) => `/admin/papers/download-all?conference=${conferenceId}`;
export const exportUrl = (conferenceId: number) => `/admin/papers/export?conference=${conferenceId}`;
export const bulkUpdateUrl = (conferenceId: number) => `/admin/papers/bulk-update?conference=${conferenceId}`;

/** The file name a response's Content-Disposition gives (RFC 5987 form first), or `fallback`. */
function attachmentName(response: Response, fallback: string) {
  const header = response.headers.get("Content-Disposition") ?? "";
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (encoded) return decodeURIComponent(encoded[1]!);
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? fallback;
}

/** The toolbar's Download All and Export links, and the Bulk Update link (opening its dialog) while statuses may be decided. */
export function PapersFileLinks({ conferenceId, decisionsOpen }: { conferenceId: number; decisionsOpen: boolean }) {
  const navigate = useNavigate();
  const [exporting, setExporting] = useState(false);

  async function exportInBackground(event: MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    if (exporting) return;
    setExporting(true);
    const failed = filesRefusedUrl(conferenceId, "export-failed");
    const response = await fetch(exportUrl(conferenceId), { credentials: "same-origin" }).catch(() => null);
    setExporting(false);
    if (!response) return navigate(failed);
    // A refusal is a redirect to the tab's dialog: show it where the browser would have gone.
    if (response.redirected || !response.ok) {
      const to = response.redirected ? new URL(response.url) : null;
      return navigate(to ? `${to.pathname}${to.search}` : failed);
    }
    const blob = await response.blob();
    const href = URL.createObjectURL(blob);
    const a = document.createElement("a");
    a.href = href;
    a.download = attachmentName(response, "Papers.xlsx");
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
  }

  return (
    <>
      <a className="btn btn-outline btn-small" href={downloadAllUrl(conferenceId)}>
        Download All Manuscripts
      </a>
      {decisionsOpen ? (
        <Link className="btn btn-outline btn-small" to={bulkUpdateUrl(conferenceId)} preventScrollReset>
          Bulk Update Status
        </Link>
      ) : null}
      <a className="btn btn-outline btn-small" href={exportUrl(conferenceId)} onClick={exportInBackground} aria-busy={exporting || undefined}>
        {exporting ? "Preparing Excel file…" : "Export to Excel"}
      </a>
    </>
  );
}
