import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { ListFilters } from "~/components/admin/list-filters";
import { Pager } from "~/components/admin/pager";
import { RowActions } from "~/components/admin/row-actions";
import { FormMessage } from "~/components/form/messages";
import { Badge } from "~/components/ui/badge";
import { ButtonLink } from "~/components/ui/button";
import { DataTable } from "~/components/ui/table-wrap";
import { CONFERENCE_STATUS_OPTIONS, CONFERENCES_PAGE_SIZE } from "~/features/conferences/conference-form";
import { formatDateRange } from "~/lib/dates";
import { listHref, listPath } from "~/lib/list-href";
import { conferenceStatusBadge } from "~/lib/status";
import { listConferencesForAdmin, parseConferenceQuery } from "~/features/conferences/conference-admin.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { loads } from "~/server/answers.server";
import { ConsoleError } from "~/components/admin/console-error";

/** The spec's Conferences messages, shown after a change (by `?done=`) or a failed load. */
export const CONFERENCE_MESSAGES = {
  created: "Conference created successfully!",
  updated: "Conference updated successfully!",
  deleted: "Conference deleted successfully",
  fees: "Conference fees updated successfully",
} as const;

const STATUSES = CONFERENCE_STATUS_OPTIONS.map(([v]) => v);

export const loader = loads("Failed to load conferences", async ({ request, context }: LoaderFunctionArgs) => {
  await requireAdmin(context, request);
  const query = parseConferenceQuery(new URL(request.url), STATUSES);
  const { rows, previous, next } = await listConferencesForAdmin(context, query);
  return {
    query: { q: query.q, status: query.status, start: query.start },
    previous,
    next,
    conferences: rows.map((c) => ({
      id: c.id,
      title: c.title,
      location: c.location,
      dates: formatDateRange(c.startDate, c.endDate),
      status: c.status,
      files: Number(c.files),
      photos: Number(c.photos),
    })),
  };
});

/** A tab that cannot load says so inside the console. */
export const ErrorBoundary = ConsoleError;


const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Conference Management: search title or location, filter by status, page through, open one. */
export default function AdminConferencesTab() {
  const { conferences, query, previous, next } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const done = new URLSearchParams(search).get("done") as keyof typeof CONFERENCE_MESSAGES | null;
  const filtered = Boolean(query.q || query.status);
  const first = query.start;
  return (
    <section aria-labelledby="conferences-title">
      <div className="card-title">
        <h2 id="conferences-title">Conference Management</h2>
        <span className="actions">
          <ButtonLink to={listHref(search)} variant="outline" size="small">
            Refresh
          </ButtonLink>
          <ButtonLink to={listPath("/admin/conferences/new", search)} size="small">
            Add Conference
          </ButtonLink>
        </span>
      </div>
      {done && CONFERENCE_MESSAGES[done] ? <FormMessage tone="success">{CONFERENCE_MESSAGES[done]}</FormMessage> : null}
      {/* An opened conference (add, edit, fees, delete): a dialog over the list, or a section above it without JavaScript. */}
      <Outlet />
      <ListFilters
        label="Search conferences"
        id="conference"
        q={query.q}
        placeholder="Title or location"
        filter={{ name: "status", label: "Status", value: query.status, choices: [["", "All Statuses"], ...CONFERENCE_STATUS_OPTIONS] }}
      />
      {conferences.length === 0 ? (
        <p className="empty-note">{filtered ? "No conferences match your search criteria." : "No conferences found."}</p>
      ) : conferences.length > 0 ? (
        <>
          <p className="table-note" aria-live="polite">{`Showing ${first}–${first + conferences.length - 1}`}</p>
          <DataTable label="Conference list" columns={["Conference", "Location", "Dates", "Status", "Files", "Actions"]}>
            {conferences.map((c) => {
              const badge = conferenceStatusBadge(c.status);
              return (
                <tr key={c.id}>
                  <td>
                    <strong>{c.title}</strong>
                  </td>
                  <td>{c.location}</td>
                  <td>{c.dates}</td>
                  <td>
                    <Badge tone={badge.tone}>{badge.label}</Badge>
                  </td>
                  <td>
                    {c.files || c.photos
                      ? [c.files ? count(c.files, "file", "files") : "", c.photos ? count(c.photos, "photo", "photos") : ""].filter(Boolean).join(", ")
                      : "No files"}
                  </td>
                  <td>
                    <RowActions editTo={listPath(`/admin/conferences/${c.id}`, search)} deleteTo={listPath(`/admin/conferences/${c.id}/delete`, search)} name={c.title}>
                      <Link to={listPath(`/admin/conferences/${c.id}/fees`, search)} preventScrollReset aria-label={`Fees of ${c.title}`}>
                        Fees
                      </Link>
                    </RowActions>
                  </td>
                </tr>
              );
            })}
          </DataTable>
          <Pager label="Conference pages" previous={previous} next={next} first={first} pageSize={CONFERENCES_PAGE_SIZE} />
        </>
      ) : null}
    </section>
  );
}
