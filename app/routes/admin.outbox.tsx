import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { ConsoleError } from "~/components/admin/console-error";
import { ListFilters } from "~/components/admin/list-filters";
import { Pager } from "~/components/admin/pager";
import { CsrfField } from "~/components/csrf-field";
import { FormMessage, useRefusal } from "~/components/form/messages";
import { Badge } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { DataTable } from "~/components/ui/table-wrap";
import { MESSAGES, OUTBOX_PAGE_SIZE, OUTBOX_STATUS_BADGES, OUTBOX_STATUS_FILTERS, RESENDABLE, resendSchema, templateName } from "~/features/outbox/outbox";
import { listOutbox, parseOutboxQuery, resendMail } from "~/features/outbox/outbox-admin.server";
import { formatDateTime } from "~/lib/dates";
import { listHref } from "~/lib/list-href";
import { acts, loads } from "~/server/answers.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { validateInput } from "~/server/forms.server";

export const loader = loads(MESSAGES.loadFailed, async ({ request, context }: LoaderFunctionArgs) => {
  await requireAdmin(context, request);
  const query = parseOutboxQuery(new URL(request.url));
  const { rows, previous, next } = await listOutbox(context, query);
  return {
    query: { q: query.q, status: query.status, start: query.start },
    previous,
    next,
    mails: rows.map((m) => ({
      id: m.id,
      template: templateName(m.template),
      to: m.toAddress,
      status: m.status,
      attempts: m.attempts,
      lastError: m.lastError,
      created: formatDateTime(m.createdAt),
      sent: m.sentAt ? formatDateTime(m.sentAt) : null,
      resendable: RESENDABLE.includes(m.status),
    })),
  };
});

/** A tab that cannot load says so inside the console. */
export const ErrorBoundary = ConsoleError;

const resendValidator = withZod(resendSchema);

export const action = acts(MESSAGES.resendFailed, async ({ request, context }: ActionFunctionArgs) => {
  const admin = await requireAdmin(context, request);
  const { id } = (await validateInput(request, resendValidator, { message: MESSAGES.resendFailed })).data;
  await resendMail(context, admin.id, id);
  return redirect(`/admin/outbox${listHref(new URL(request.url).search, {}, "resent")}`);
});

/** Outbox: every mail the site has recorded, newest first, with a Resend for those that failed. */
export default function AdminOutboxTab() {
  const { mails, query, previous, next } = useLoaderData<typeof loader>();
  const refusal = useRefusal();
  const { search } = useLocation();
  const busy = useNavigation().state !== "idle";
  const done = new URLSearchParams(search).get("done");
  const first = query.start;
  const filtered = Boolean(query.q || query.status);

  return (
    <section aria-labelledby="outbox-title">
      <div className="card-title">
        <h2 id="outbox-title">Outbox</h2>
        <ButtonLink to={listHref(search)} variant="outline" size="small">
          Refresh
        </ButtonLink>
      </div>
      <p className="field-hint">Every e-mail the site has sent or is sending, newest first. An e-mail that failed is retried for about half an hour; one given up on is marked Dead and can be sent again here.</p>
      {refusal ? <FormMessage tone="error" answered>{refusal.message}</FormMessage> : null}
      {done === "resent" && !refusal ? <FormMessage tone="success">{MESSAGES.resent}</FormMessage> : null}

      <ListFilters
        label="Search the outbox"
        id="outbox"
        q={query.q}
        placeholder="Recipient or template"
        filter={{ name: "status", label: "Status", value: query.status, choices: OUTBOX_STATUS_FILTERS.map((s) => [s.value, s.label] as const) }}
      />

      {mails.length === 0 ? (
        <p className="empty-note">{filtered ? "No e-mails match your search criteria." : "No e-mails have been sent yet."}</p>
      ) : (
        <>
          <p className="table-note" aria-live="polite">{`Showing ${first}–${first + mails.length - 1}`}</p>
          <DataTable label="E-mails in the outbox" columns={["E-mail", "Recipient", "Status", "Attempts", "Last Error", "Created", "Sent", "Actions"]}>
            {mails.map((m) => {
              const badge = OUTBOX_STATUS_BADGES[m.status];
              return (
                <tr key={m.id}>
                  <td>
                    {m.template}
                    <br />
                    <small>#{m.id}</small>
                  </td>
                  <td>{m.to}</td>
                  <td>
                    <Badge tone={badge.tone}>{badge.label}</Badge>
                  </td>
                  <td>{m.attempts}</td>
                  <td>{m.lastError ? <small className="cell-note">{m.lastError}</small> : "—"}</td>
                  <td>{m.created}</td>
                  <td>{m.sent ?? "—"}</td>
                  <td>
                    {m.resendable ? (
                      <Form method="post" aria-label={`Resend e-mail #${m.id} to ${m.to}`}>
                        <CsrfField />
                        <input type="hidden" name="intent" value="resend" />
                        <input type="hidden" name="id" value={m.id} />
                        <Button type="submit" size="small" variant="outline" aria-disabled={busy || undefined}>
                          Resend<span className="visually-hidden"> e-mail #{m.id}</span>
                        </Button>
                      </Form>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </DataTable>
          <Pager label="Outbox pages" previous={previous} next={next} first={first} pageSize={OUTBOX_PAGE_SIZE} />
        </>
      )}
    </section>
  );
}
