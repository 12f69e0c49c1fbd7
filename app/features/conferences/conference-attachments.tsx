/**
 * Files & Photos of a conference in the console: the files and photos it has (download, copy the
 * URL, delete, set the header photo) and the inputs for new ones, saved with the form.
 *
 * Without JavaScript every action is a link to its confirmation page or a plain form post.
 * With it, deleting asks in a dialog and posts in the background, and the header photo is set in
 * the background too, so nothing typed in the form is lost.
 */
import { publicFileUrl } from "~/lib/file-names";
import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { CopyButton, UrlField } from "~/components/copy-button";
import { CsrfField } from "~/components/csrf-field";
import { FieldShell } from "~/components/form/fields";
import { FormMessage } from "~/components/form/messages";
import { photoUrl } from "./photo-gallery";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import ConfirmDialog from "~/components/ui/confirm-dialog";
import { formatKb } from "~/lib/format";
import { useHydrated } from "~/components/hooks/use-hydrated";
import type { Refusal } from "~/lib/refusal";

type Attachment = { id: number; filename: string; originalName: string; size: number; width: number | null; height: number | null };
/** A background post's answer: done, with its sentence, or refused (`acts`), with its reason. */
export type AttachmentReply = { ok: true; done: string } | Refusal;

export const HEADER_PHOTO_FORM = "header-photo-form";
const fileUrl = (origin: string, f: Attachment) => `${origin}${publicFileUrl("conference_file", f.filename)}`;

/** The background post for the header photo; rendered outside the conference form (forms do not nest). */
export function HeaderPhotoForm({ conferenceId }: { conferenceId: number }) {
  const fetcher = useFetcher<AttachmentReply>({ key: HEADER_PHOTO_FORM });
  const hydrated = useHydrated();
  return (
    <fetcher.Form id={HEADER_PHOTO_FORM} method="post" action={`/admin/conferences/${conferenceId}/header-photo`} hidden>
      <CsrfField />
      {hydrated ? <input type="hidden" name="reply" value="json" /> : null}
    </fetcher.Form>
  );
}

function DeleteAttachment({ conferenceId, file, kind }: { conferenceId: number; file: Attachment; kind: "file" | "photo" }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<AttachmentReply>({ key: "attachment-delete" });
  const href = `/admin/conferences/${conferenceId}/files/${file.id}/delete`;
  if (!hydrated) {
    return (
      <Link to={href} aria-label={`Delete ${kind} ${file.originalName}`}>
        Delete
      </Link>
    );
  }
  return (
    <>
      <Button variant="outline" size="small" onClick={() => setOpen(true)} aria-label={`Delete ${kind} ${file.originalName}`}>
        Delete
      </Button>
      {open ? (
        <ConfirmDialog
          title={kind === "photo" ? "Delete photo" : "Delete file"}
          description={`Delete ${file.originalName}? It is removed from the conference page at once.`}
          onClose={() => setOpen(false)}
        >
          <fetcher.Form method="post" action={href} onSubmit={() => setOpen(false)}>
            <CsrfField />
            <input type="hidden" name="reply" value="json" />
            <Button type="submit">{kind === "photo" ? "Delete photo" : "Delete file"}</Button>
          </fetcher.Form>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

function CopyUrl({ url, name }: { url: string; name: string }) {
  const hydrated = useHydrated();
  return hydrated ? <CopyButton value={url} label="Copy URL" copiedText="File URL copied to clipboard!" /> : <UrlField id={`url-${name}`} label={`URL of ${name}`} value={url} />;
}

export function ConferenceAttachments({
  conferenceId,
  files,
  photos,
  headerPhotoId,
  origin,
  fileError,
  photoError,
}: {
  conferenceId: number | null;
  files: Attachment[];
  photos: Attachment[];
  headerPhotoId: number | null;
  origin: string;
  fileError?: string;
  photoError?: string;
}) {
  const header = useFetcher<AttachmentReply>({ key: HEADER_PHOTO_FORM });
  const deletion = useFetcher<AttachmentReply>({ key: "attachment-delete" });
  // The answer of whichever background post finished last.
  const [reply, setReply] = useState<AttachmentReply | null>(null);
  useEffect(() => {
    if (header.state === "idle" && header.data) setReply(header.data);
  }, [header.state, header.data]);
  useEffect(() => {
    if (deletion.state === "idle" && deletion.data) setReply(deletion.data);
  }, [deletion.state, deletion.data]);
  const pendingHeader = header.formData ? Number(header.formData.get("fileId") || 0) || null : undefined;
  const currentHeader = pendingHeader !== undefined ? pendingHeader : headerPhotoId;
  return (
    <>
      <div role="status" aria-live="polite">
        {reply ? <FormMessage tone={"ok" in reply ? "success" : "error"}>{"ok" in reply ? reply.done : reply.message}</FormMessage> : null}
      </div>
      <fieldset className="form-group">
        <legend>Files</legend>
        {conferenceId !== null && files.length ? (
          <ul className="file-rows">
            {files.map((f) => (
              <li key={f.id}>
                <span>
                  <a href={publicFileUrl("conference_file", f.filename, { download: true })} download={f.originalName}>
                    {f.originalName}
                  </a>{" "}
                  <span className="size">{formatKb(f.size)}</span>
                </span>
                <div className="row-actions attachment-actions">
                  <CopyUrl url={fileUrl(origin, f)} name={f.filename} />
                  <DeleteAttachment conferenceId={conferenceId} file={f} kind="file" />
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="empty-note">No files yet.</p>
        )}
        <FileInput
          name="files"
          label="Add files (up to 10 at a time: pdf, doc, docx, txt, ppt, pptx, xls, xlsx; up to 20 MB each)"
          accept=".pdf,.doc,.docx,.txt,.ppt,.pptx,.xls,.xlsx"
          error={fileError}
        />
      </fieldset>
      <fieldset className="form-group">
        <legend>Photos</legend>
        {conferenceId !== null && photos.length ? (
          <ul className="photo-rows">
            {photos.map((p) => {
              const isHeader = currentHeader === p.id;
              return (
                <li key={p.id}>
                  <img src={photoUrl(p.filename)} alt={p.originalName} width={160} height={p.width && p.height ? Math.round((160 * p.height) / p.width) : 120} loading="lazy" />
                  <span className="photo-name">{p.originalName}</span>
                  <div className="row-actions attachment-actions">
                    {isHeader ? (
                      <>
                        <Badge tone="success">Header photo</Badge>
                        <button
                          type="submit"
                          form={HEADER_PHOTO_FORM}
                          name="fileId"
                          value=""
                          className="btn btn-outline btn-small"
                          aria-label={`Stop using ${p.originalName} as the header photo`}
                        >
                          Remove as header
                        </button>
                      </>
                    ) : (
                      <button
                        type="submit"
                        form={HEADER_PHOTO_FORM}
                        name="fileId"
                        value={p.id}
                        className="btn btn-outline btn-small"
                        aria-label={`Set ${p.originalName} as the header photo`}
                      >
                        Set as header photo
                      </button>
                    )}
                    <CopyUrl url={`${origin}${photoUrl(p.filename)}`} name={p.filename} />
                    <DeleteAttachment conferenceId={conferenceId} file={p} kind="photo" />
                  </div>
                </li>
              );
            })}
          </ul>
        ) : (
          <p className="empty-note">No photos yet.</p>
        )}
        <FileInput name="photos" label="Add photos (up to 30 at a time: jpg, jpeg, png, gif, webp; up to 8 MB each)" accept=".jpg,.jpeg,.png,.gif,.webp" error={photoError} />
      </fieldset>
      <p className="field-hint">New files and photos are stored when you save the conference (at most 50 MB in one save).</p>
    </>
  );
}

function FileInput({ name, label, accept, error }: { name: string; label: string; accept: string; error?: string }) {
  return (
    <FieldShell name={name} label={label} error={error}>
      <input id={name} name={name} type="file" multiple accept={accept} aria-invalid={error ? true : undefined} aria-describedby={error ? `${name}-error` : undefined} />
    </FieldShell>
  );
}
