import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useLoaderData, useLocation } from "@remix-run/react";
import { ConferencePicker } from "~/components/admin/conference-picker";
import { ConsoleError } from "~/components/admin/console-error";
import { Options } from "~/components/form/fields";
import { Badge } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { StepNav } from "~/components/ui/step-nav";
import { DataTable } from "~/components/ui/table-wrap";
import { FEE_TYPE_LABELS, formatMoney } from "~/lib/format";
import { listRegistrations, REGISTRATIONS_PAGE_SIZE } from "~/features/payments/registration.server";
import { isRegistrationStatus, OFFICE_MESSAGES, REGISTRATION_STATUS_BADGES, REGISTRATION_STATUS_FILTERS } from "~/features/payments/registrations";
import { conferenceChoiceLabel, listConferenceChoices } from "~/features/papers/staging.server";
import { formatDateTime } from "~/lib/dates";
import { listHref } from "~/lib/list-href";
import { parseId } from "~/lib/params";
import { loads } from "~/server/answers.server";
import { requireAdmin } from "~/server/auth/guards.server";

export const loader = loads(OFFICE_MESSAGES.loadFailed, async ({ request, context }: LoaderFunctionArgs) => {
  const admin = await requireAdmin(context, request);
  const url = new URL(request.url);
  const conferences = await listConferenceChoices(context);
  const asked = Number.parseInt(url.searchParams.get("conference") ?? "", 10);
  const conference = conferences.find((c) => c.id === asked) ?? conferences[0] ?? null;
  if (!conference) return { conferences: [], conference: null, query: null, page: null };
  const statusParam = url.searchParams.get("status") ?? "";
  const status = isRegistrationStatus(statusParam) ? statusParam : "";
  // Keyset paging (decision 028): `after` names the last row of the page before; `start` is only the number shown.
  const after = parseId(url.searchParams.get("after") ?? undefined) ?? undefined;
  const start = after ? Math.max(1, Number.parseInt(url.searchParams.get("start") ?? "1", 10) || 1) : 1;
  const page = await listRegistrations(context, admin, { conferenceId: conference.id, status: status || undefined, after });
  return {
    conferences: conferences.map((c) => ({ id: c.id, label: conferenceChoiceLabel(c) })),
    conference: { id: conference.id, title: conference.title },
    query: { status, start, paged: Boolean(after), pageSize: REGISTRATIONS_PAGE_SIZE },
    page: {
      next: page.next,
      rows: page.rows.map((r) => ({
        id: r.id,
        participant: r.participant,
        paperNumber: r.paper?.number ?? null,
        feeType: FEE_TYPE_LABELS[r.feeType],
        accompaniedPersons: r.accompaniedPersons,
        amount: formatMoney(r.amount, r.currency),
        status: r.status,
        orderId: r.orderId,
        captureId: r.captureId,
        date: formatDateTime(r.confirmedAt ?? r.createdAt),
      })),
    },
  };
});

/** A tab that cannot load says so inside the console. */
export const ErrorBoundary = ConsoleError;

/** Registrations: one conference's registrations and payments, newest first, and the accountant's CSV. */
export default function AdminRegistrationsTab() {
  const data = useLoaderData<typeof loader>();
  const { search } = useLocation();
  if (!data.conference || !data.page || !data.query) {
    return (
      <section aria-labelledby="registrations-title">
        <h2 id="registrations-title">Registrations</h2>
        <p className="empty-note">There are no conferences yet. Authors register for a conference once their paper is accepted.</p>
      </section>
    );
  }
  const { conference, page, query } = data;
  const csv = `/admin/registrations/export.csv?${new URLSearchParams({ conference: String(conference.id), ...(query.status ? { status: query.status } : {}) })}`;
  return (
    <section aria-labelledby="registrations-title">
      <div className="card-title">
        <h2 id="registrations-title">Registrations</h2>
        <ButtonLink to={listHref(search)} variant="outline" size="small">
          Refresh
        </ButtonLink>
      </div>
      <ConferencePicker id="registrations-conference" conferences={data.conferences} current={conference.id} button="Show registrations" />
      <p className="field-hint">A pending registration waits for its payment; a cancelled one was refunded, reversed or denied.</p>
      <div className="toolbar registrations-tools" role="group" aria-label="Registrations tools">
        <Form method="get" className="filters" aria-label="Filter registrations">
          <input type="hidden" name="conference" value={conference.id} />
          <div className="field">
            <label htmlFor="registrations-status">Status</label>
            <select id="registrations-status" name="status" defaultValue={query.status}>
              <Options options={REGISTRATION_STATUS_FILTERS.map((s) => [s.value, s.label] as const)} />
            </select>
          </div>
          <Button type="submit" variant="outline">
            Filter
          </Button>
        </Form>
        <a className="btn btn-outline btn-small" href={csv} download>
          Download CSV<span className="visually-hidden"> of {isRegistrationStatus(query.status) ? `${REGISTRATION_STATUS_BADGES[query.status].label.toLowerCase()} ` : ""}registrations</span>
        </a>
      </div>

      {page.rows.length === 0 ? (
        <p className="empty-note">{query.status ? "No registrations match this status." : "No registrations for this conference yet."}</p>
      ) : (
        <>
          <p className="table-note" aria-live="polite">{`Showing ${query.start}–${query.start + page.rows.length - 1}`}</p>
          <DataTable
            label={`Registrations for ${conference.title}`}
            columns={["Participant", "Paper #", "Fee Type", "Accompanied Persons", "Amount", "Status", "PayPal Order / Capture", "Date"]}
          >
            {page.rows.map((r) => {
              const badge = REGISTRATION_STATUS_BADGES[r.status];
              return (
                <tr key={r.id}>
                  <td>
                    {r.participant.name}
                    <br />
                    <small>{r.participant.email}</small>
                  </td>
                  <td>{r.paperNumber ?? "—"}</td>
                  <td>{r.feeType}</td>
                  <td>{r.accompaniedPersons}</td>
                  <td>{r.amount}</td>
                  <td>
                    <Badge tone={badge.tone}>{badge.label}</Badge>
                  </td>
                  <td>
                    <small className="cell-note">
                      <span className="visually-hidden">Order </span>
                      {r.orderId ?? "—"}
                      <br />
                      <span className="visually-hidden">Capture </span>
                      {r.captureId ?? "—"}
                    </small>
                  </td>
                  <td>{r.date}</td>
                </tr>
              );
            })}
          </DataTable>
          {query.paged || page.next ? (
            <StepNav
              label="Registration pages"
              previous={query.paged ? { to: listHref(search, { after: null, start: null }), label: "‹ First page" } : null}
              next={page.next ? { to: listHref(search, { after: String(page.next), start: String(query.start + query.pageSize) }), label: "Next ›" } : null}
            >
              <span>{`Page ${Math.floor((query.start - 1) / query.pageSize) + 1}`}</span>
            </StepNav>
          ) : null}
        </>
      )}
    </section>
  );
}
