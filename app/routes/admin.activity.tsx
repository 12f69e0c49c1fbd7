import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { DataTable } from "~/components/ui/table-wrap";
import { formatDateTime } from "~/lib/dates";
import { AUDIT_PAGE_SIZE, listAudit } from "~/models/audit.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { loads } from "~/server/answers.server";

/** What each recorded action means, in the office's words (an unknown code shows as it is). */
const ACTION_LABELS: Record<string, string> = {
  "conference.create": "Conference created",
  "conference.update": "Conference updated",
  "conference.delete": "Conference deleted",
  "conference.fees": "Conference fees updated",
  "conference.header_photo": "Header photo set",
  "conference.file_delete": "Conference file deleted",
  "conference.photo_delete": "Conference photo deleted",
  "news.create": "News created",
  "news.update": "News updated",
  "news.delete": "News deleted",
  "news.file_delete": "News file deleted",
  "board_year.create": "Board year created",
  "board_year.update": "Board year updated",
  "board_year.delete": "Board year deleted",
  "past_president.create": "Past president added",
  "past_president.delete": "Past president deleted",
  "user.update": "User updated",
  "user.role": "User role changed",
  "user.password_reset": "User password reset",
  "user.sessions_ended": "User signed out everywhere",
  "user.delete": "User deleted",
  "outbox.resend": "E-mail sent again",
};

export const loader = loads("This page could not be loaded. Please try again later.", async ({ request, context }: LoaderFunctionArgs) => {
  await requireAdmin(context, request);
  const page = Math.max(1, Math.min(10_000, Number.parseInt(new URL(request.url).searchParams.get("page") ?? "1", 10) || 1));
  const rows = await listAudit(context, page);
  return {
    page,
    more: rows.length > AUDIT_PAGE_SIZE,
    entries: rows.slice(0, AUDIT_PAGE_SIZE).map((r) => ({
      id: r.id,
      when: formatDateTime(r.createdAt),
      who: r.actorEmail ? `${`${r.actorFirst ?? ""} ${r.actorLast ?? ""}`.trim() || r.actorEmail} (${r.actorEmail})` : "A deleted account",
      action: r.action,
      label: ACTION_LABELS[r.action] ?? r.action,
      record: `${r.entityType}${r.entityId ? ` #${r.entityId}` : ""}`,
      details: r.details
        ? Object.entries(r.details)
            .map(([k, v]) => `${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`)
            .join("; ")
        : "",
    })),
  };
});

/** Every change made in the console, newest first. */
export default function AdminActivity() {
  const { entries, page, more } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="activity-title">
      <h2 id="activity-title">Activity log</h2>
      {entries.length === 0 ? (
        <p>No changes have been made in the console yet.</p>
      ) : (
        <DataTable label="Console changes" columns={["When", "Who", "What", "Record", "Details"]}>
          {entries.map((e) => (
            <tr key={e.id}>
              <td>{e.when}</td>
              <td>{e.who}</td>
              <td>
                {e.label}
                {e.label !== e.action ? (
                  <>
                    <br />
                    <small>
                      <code>{e.action}</code>
                    </small>
                  </>
                ) : null}
              </td>
              <td>{e.record}</td>
              <td>{e.details}</td>
            </tr>
          ))}
        </DataTable>
      )}
      <nav className="pager" aria-label="Activity pages">
        {page > 1 ? <Link to={`?page=${page - 1}`}>‹ Newer</Link> : <span />}
        <span>Page {page}</span>
        {more ? <Link to={`?page=${page + 1}`}>Older ›</Link> : <span />}
      </nav>
    </section>
  );
}
