import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { ListFilters } from "~/components/admin/list-filters";
import { RowActions } from "~/components/admin/row-actions";
import { FormMessage } from "~/components/form/messages";
import { Badge } from "~/components/ui/badge";
import { ButtonLink } from "~/components/ui/button";
import { DataTable } from "~/components/ui/table-wrap";
import { formatDate } from "~/lib/dates";
import { NEWS_STATUS_OPTIONS } from "~/features/news/news-form";
import type { BadgeTone } from "~/lib/status";
import { listNews, parseNewsQuery } from "~/features/news/news-admin.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { loads } from "~/server/answers.server";
import { ConsoleError } from "~/components/admin/console-error";

const TONE: Record<string, BadgeTone> = { draft: "secondary", published: "success", archived: "warning" };
const DONE: Record<string, string> = {
  created: "News created successfully!",
  updated: "News updated successfully!",
  deleted: "News deleted successfully",
};

export const loader = loads("Failed to load news", async ({ request, context }: LoaderFunctionArgs) => {
  await requireAdmin(context, request);
  const { q, status } = parseNewsQuery(new URL(request.url));
  const { rows, shown, total } = await listNews(context, q, status);
  return {
    q,
    status,
    shown,
    total,
    items: rows.map((r) => ({ id: r.id, title: r.title, status: r.status, files: Number(r.files), created: formatDate(r.createdAt) })),
  };
});

/** A tab that cannot load says so inside the console. */
export const ErrorBoundary = ConsoleError;


/** News Management: search title and content, filter by status, open an item to edit it. */
export default function AdminNewsTab() {
  const { items, q, status, shown, total } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const done = DONE[new URLSearchParams(search).get("done") ?? ""];
  const label = (s: string) => NEWS_STATUS_OPTIONS.find(([v]) => v === s)?.[1] ?? s;
  return (
    <section aria-labelledby="news-title">
      <div className="card-title">
        <h2 id="news-title">News Management</h2>
        <ButtonLink to="/admin/news/new" size="small">
          Add News
        </ButtonLink>
      </div>
      {done ? <FormMessage tone="success">{done}</FormMessage> : null}
      <Outlet />
      <ListFilters
        label="Search news"
        id="news"
        q={q}
        placeholder="Title or content"
        filter={{ name: "status", label: "Status", value: status, choices: [["", "All"], ...NEWS_STATUS_OPTIONS] }}
      />
      <p className="table-note">{`Showing ${shown} of ${total} news items`}</p>
      {items.length === 0 ? (
        <p className="empty-note">No news items found</p>
      ) : (
        <DataTable label="News items" columns={["Title", "Status", "Files", "Created", "Actions"]}>
          {items.map((n) => (
            <tr key={n.id}>
              <td>{n.title}</td>
              <td>
                <Badge tone={TONE[n.status] ?? "secondary"}>{label(n.status)}</Badge>
              </td>
              <td>{n.files === 0 ? "No files" : n.files === 1 ? "1 file" : `${n.files} files`}</td>
              <td>{n.created}</td>
              <td>
                <RowActions editTo={`/admin/news/${n.id}`} deleteTo={`/admin/news/${n.id}/delete`} name={n.title} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}
