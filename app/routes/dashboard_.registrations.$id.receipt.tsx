import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useHydrated } from "~/components/hooks/use-hydrated";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FEE_TYPE_LABELS, formatMoney } from "~/lib/format";
import { REGISTRATION_STATUS_BADGES } from "~/features/payments/registrations";
import { receiptFor, REGISTRATION_MESSAGES } from "~/features/payments/registration.server";
import { formatDate, formatDateRange } from "~/lib/dates";
import { requireIds } from "~/lib/params";
import { privatePage } from "~/lib/private-page";
import { rootData } from "~/lib/seo";
import { requireUser } from "~/server/auth/guards.server";
import { loads } from "~/server/answers.server";
import type { loader as rootLoader } from "~/root";

export const meta: MetaFunction<typeof loader> = ({ matches, data }) => privatePage(rootData(matches), data ? `Receipt ${data.receiptNumber}` : "Receipt");

/** The printable receipt of a paid registration: its author's, or any for an administrator; 404 for anyone else. */
export const loader = loads("The receipt could not be loaded. Please try again later.", async ({ request, params, context }: LoaderFunctionArgs) => {
  const user = await requireUser(context, request);
  const { id } = requireIds(params, ["id"], REGISTRATION_MESSAGES.noReceipt);
  const r = await receiptFor(context, user, id);
  return {
    receiptNumber: r.receiptNumber,
    status: r.status,
    cancelReason: r.cancelReason,
    participant: r.participant,
    conference: { title: r.conference.title, location: r.conference.location, dates: r.conference.endDate ? formatDateRange(r.conference.startDate, r.conference.endDate) : formatDate(r.conference.startDate) },
    paper: r.paper,
    fee: FEE_TYPE_LABELS[r.feeType],
    accompaniedPersons: r.accompaniedPersons,
    amount: formatMoney(r.amount, r.currency),
    paidOn: formatDate(r.paidAt),
    paypal: r.paypal,
  };
});

export default function RegistrationReceipt() {
  const r = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const hydrated = useHydrated();
  const badge = REGISTRATION_STATUS_BADGES[r.status];
  return (
    <div className="container container-narrow receipt-page">
      <p className="no-print">
        <Link to="/dashboard?tab=submissions">‹ My Submissions</Link>
      </p>
      <article className="card receipt" aria-labelledby="receipt-title">
        <header className="receipt-head">
          <div>
            <p className="eyebrow">{root?.config.siteName}</p>
            <h1 id="receipt-title">Receipt {r.receiptNumber}</h1>
          </div>
          <Badge tone={badge.tone}>{badge.label}</Badge>
        </header>
        {r.status === "cancelled" ? (
          <p className="alert alert-warning">This registration was cancelled{r.cancelReason ? `: ${r.cancelReason}` : "."} The payment below was returned.</p>
        ) : null}
        <dl className="details-list receipt-details">
          <dt>Paid on</dt>
          <dd>{r.paidOn}</dd>
          <dt>Participant</dt>
          <dd>
            {r.participant.name}
            <br />
            {r.participant.email}
          </dd>
          <dt>Conference</dt>
          <dd>
            {r.conference.title}
            <br />
            {[r.conference.location, r.conference.dates].filter(Boolean).join(", ")}
          </dd>
          {r.paper ? (
            <>
              <dt>Paper</dt>
              <dd>
                {r.paper.number}: {r.paper.title}
              </dd>
            </>
          ) : null}
          <dt>Fee</dt>
          <dd>
            {r.fee} registration{r.accompaniedPersons > 0 ? `, ${r.accompaniedPersons} accompanied person` : ""}
          </dd>
          <dt>Amount paid</dt>
          <dd>
            <strong>{r.amount}</strong>
          </dd>
          <dt>Membership</dt>
          <dd>One year of society membership from the day of payment is included.</dd>
          {r.paypal ? (
            <>
              <dt>PayPal order</dt>
              <dd>{r.paypal.orderId}</dd>
              {r.paypal.captureId ? (
                <>
                  <dt>PayPal transaction</dt>
                  <dd>{r.paypal.captureId}</dd>
                </>
              ) : null}
            </>
          ) : null}
        </dl>
        {root ? (
          <footer className="receipt-foot">
            <address>
              {root.config.siteName}
              <br />
              {root.config.contactAddress}
              <br />
              {root.config.contactEmail}
            </address>
          </footer>
        ) : null}
      </article>
      <p className="no-print form-actions">
        {hydrated ? <Button onClick={() => window.print()}>Print receipt</Button> : <span className="field-hint">Use your browser's Print command to print this receipt or save it as PDF.</span>}
      </p>
    </div>
  );
}
