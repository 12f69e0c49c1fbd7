/**
 * Conference registration paid through PayPal (decision 053): what an author may choose for one
 * paper, the order (amount from the database, eligibility checked again), the capture, the
 * author's and the office's views. What a payment does to a registration once PayPal has
 * answered lives in `app/models/registrations.server.ts`, shared with the webhook and the
 * housekeeping.
 */
import { and, desc, eq, inArray, sql, type Placeholder, type SQL } from "drizzle-orm";
import { conferences, papers, payments, registrations, users } from "~/db/schema";
import type { Currency, FeeType, PaymentStatus, RegistrationStatus } from "~/db/enums";
import { paperDisplayNumber } from "~/lib/status";
import { captureAndSettle, type Outcome, PAYMENT_MESSAGES, paymentOfOrder } from "~/models/registrations.server";
import { derivedMac, sha256Hex, timingSafeEqual } from "~/server/auth/crypto.server";
import { actsAsAdmin } from "~/server/auth/guards.server";
import type { SessionUser } from "~/server/auth/session.server";
import { AppError, conflict, forbidden, invalid, notFound, unprocessable } from "~/server/errors.server";
import { approvalLink, createOrder, getOrder, paypalConfig, type PayPalConfig, PayPalRefusal, PayPalUnreachable } from "~/server/paypal.server";
import type { Services } from "~/server/services.server";
import { type ConferenceFees, type Eligibility, eligibilityOf, quoteFee, type RegistrationOrderInput, ZERO_TOTAL } from "./fees";

type Ctx = Pick<Services, "db" | "queues" | "waitUntil" | "env">;
type Asker = Pick<SessionUser, "id" | "email" | "role">;

export type { Eligibility };

export type RegistrationView = {
  id: number;
  status: RegistrationStatus;
  amount: number;
  currency: Currency;
  feeType: FeeType;
  accompaniedPersons: number;
  receiptNumber: string | null;
  confirmedAt: number | null;
  cancelReason: string | null;
};

export type RegistrationChoices = {
  paper: { id: number; title: string; conferenceId: number };
  conference: { title: string; currency: Currency; fees: ConferenceFees; deadline: string | null };
  eligibility: Eligibility;
  registration?: RegistrationView;
};

/** The spec's and the words. */
export const REGISTRATION_MESSAGES = {
  notYours: "No such paper among your submissions.",
  notAccepted: "Registration opens once the paper is accepted.",
  closed: "Registration for this conference is closed.",
  registered: "You are already registered for this paper.",
  noPayments: "Payments are not available at the moment. Please try again later.",
  orderFailed: "Failed to create order",
  noSuchPayment: "No such payment.",
  noReceipt: "No such receipt.",
  wrongConference: "The paper does not belong to that conference.",
  processing: "Your payment is being processed. Your registration will be confirmed as soon as PayPal completes it.",
} as const;

const toView = (r: typeof registrations.$inferSelect): RegistrationView => ({
  id: r.id,
  status: r.status,
  amount: r.amount,
  currency: r.currency,
  feeType: r.feeType,
  accompaniedPersons: r.accompaniedPersons,
  receiptNumber: r.receiptNumber,
  confirmedAt: r.confirmedAt?.getTime() ?? null,
  cancelReason: r.cancelReason,
});

/** Today as YYYY-MM-DD (UTC): a deadline is the last day on which one may register. */
const today = (now: number) => new Date(now).toISOString().slice(0, 10);

/**
 * The author's view of one paper for registering (spec section 4): eligible when the author holds
 * one of the paper's roles, the paper is accepted, the conference takes registrations, its
 * deadline has not passed, it offers a fee, and the author has no confirmed registration for it.
 * 404 for a paper the user is not an author of. `registration` is the author's live one
 * (pending or confirmed), else the last cancelled one.
 */
export async function registrationChoices({ db }: Pick<Services, "db">, user: Pick<SessionUser, "id">, paperId: number, now = Date.now()): Promise<RegistrationChoices> {
  const [found, mine] = await db.batch([
    db
      .select({
        id: papers.id,
        title: papers.title,
        status: papers.status,
        conferenceId: papers.conferenceId,
        conferenceTitle: sql<string>`${conferences.title}`.as("conference_title"),
        currency: conferences.currency,
        feeStandard: conferences.feeStandard,
        feeStudent: conferences.feeStudent,
        feeAccompaniedPerson: conferences.feeAccompaniedPerson,
        registrationEnabled: conferences.registrationEnabled,
        deadline: conferences.registrationDeadline,
      })
      .from(papers)
      .innerJoin(conferences, eq(conferences.id, papers.conferenceId))
      .where(and(eq(papers.id, paperId), isAuthorOf(user.id))),
    db
      .select()
      .from(registrations)
      .where(and(eq(registrations.paperId, paperId), eq(registrations.userId, user.id)))
      .orderBy(sql`${registrations.status} = 'cancelled'`, desc(registrations.id))
      .limit(1),
  ]);
  const row = found[0];
  if (!row) throw notFound(REGISTRATION_MESSAGES.notYours);
  const fees: ConferenceFees = { standard: row.feeStandard, student: row.feeStudent, accompaniedPerson: row.feeAccompaniedPerson };
  const registration = mine[0] ? toView(mine[0]) : undefined;
  const eligibility = eligibilityOf({ paperStatus: row.status, registrationEnabled: row.registrationEnabled, deadline: row.deadline, fees, registrationStatus: registration?.status }, today(now));
  return {
    paper: { id: row.id, title: row.title, conferenceId: row.conferenceId },
    conference: { title: row.conferenceTitle, currency: row.currency, fees, deadline: row.deadline },
    eligibility,
    ...(registration ? { registration } : {}),
  };
}

/** A condition on `papers`: the user submitted the paper or is listed as one of its authors. */
const isAuthorOf = (userId: number): SQL => sql`(${papers.submitterId} = ${userId} or exists (select 1 from paper_authors pa where pa.paper_id = ${papers.id} and pa.user_id = ${userId}))`;

/* ---------------------------------------------------------------- intent tokens */

/**
 * The token the browser holds between the order and the capture: an HMAC of the order id under
 * a key derived from SESSION_SECRET for this use alone, so the same order always has the same
 * token (a double click gets the first click's) and nothing secret is stored.
 */
const intentTokenFor = (env: Ctx["env"], orderId: string) => derivedMac(env.SESSION_SECRET, "finance-society paypal-intent v1", orderId);

function requireConfig(env: Ctx["env"]): PayPalConfig {
  const config = paypalConfig(env);
  if (!config) throw new AppError("unavailable", REGISTRATION_MESSAGES.noPayments, { retryAfter: 60 });
  return config;
}

/* ---------------------------------------------------------------- the order */

export type CreatedOrder = { registrationId: number; intentToken: string; orderId: string; approveUrl: string };

/**
 * Creates (or finds again) the PayPal order for an author's registration of one paper. The
 * eligibility is checked again and the amount and currency come from the conference as stored,
 * through `quoteFee`; nothing posted names them. The registration is recorded pending (one live
 * registration per author and paper: a second click finds the first) with one payment per order.
 * A live order for the same choice is given again; a new one carries the registration id as
 * `custom_id`, a unique `invoice_id` and a PayPal-Request-Id made from both, so two clicks that
 * race each other get one order from PayPal and record one payment.
 * The answer's `approveUrl` is where the no-JavaScript form sends the browser; the dialog's
 * buttons use the order id instead.
 */
export async function createRegistrationOrder(ctx: Ctx, user: Asker, input: RegistrationOrderInput, now = Date.now()): Promise<CreatedOrder> {
  const { db, env } = ctx;
  const choices = await registrationChoices(ctx, user, input.paperId, now);
  if (choices.paper.conferenceId !== input.conferenceId) throw invalid(REGISTRATION_MESSAGES.wrongConference);
  if (choices.eligibility === "none") throw forbidden(REGISTRATION_MESSAGES.notAccepted);
  if (choices.eligibility === "registered") throw conflict(REGISTRATION_MESSAGES.registered);
  if (choices.eligibility === "closed") throw conflict(REGISTRATION_MESSAGES.closed);
  const amount = quoteFee(choices.conference.fees, input.feeType, input.accompaniedPersonsCount);
  if (amount === null) throw unprocessable(ZERO_TOTAL, { feeType: ZERO_TOTAL });
  const currency = choices.conference.currency;
  const config = requireConfig(env);

  // The live registration, made now if there is none (a racing click's insert does nothing).
  await db
    .insert(registrations)
    .values({ conferenceId: input.conferenceId, paperId: input.paperId, userId: user.id, participantEmail: user.email, feeType: input.feeType, accompaniedPersons: input.accompaniedPersonsCount, amount, currency, status: "pending" })
    .onConflictDoNothing();
  const [live, existing] = await db.batch([
    db.select().from(registrations).where(and(eq(registrations.userId, user.id), eq(registrations.paperId, input.paperId), inArray(registrations.status, ["pending", "confirmed"]))),
    db
      .select()
      .from(payments)
      .where(sql`${payments.registrationId} = (select r.id from registrations r where r.user_id = ${user.id} and r.paper_id = ${input.paperId} and r.status in ('pending', 'confirmed'))`)
      .orderBy(desc(payments.id)),
  ]);
  const registration = live[0];
  if (!registration) throw conflict(REGISTRATION_MESSAGES.registered);
  if (registration.status === "confirmed") throw conflict(REGISTRATION_MESSAGES.registered);
  if (existing.some((p) => p.status === "pending" || p.status === "completed")) throw conflict(REGISTRATION_MESSAGES.processing);

  const sameChoice = registration.feeType === input.feeType && registration.accompaniedPersons === input.accompaniedPersonsCount && registration.amount === amount && registration.currency === currency;
  const reusable = sameChoice ? existing.find((p) => (p.status === "created" || p.status === "approved") && p.amount === amount && p.currency === currency) : undefined;
  // The payer approved an order of another choice, not yet captured: that order settles first
  // (its capture, Retry or the housekeeping), so the registration is never paid twice.
  if (!reusable && existing.some((p) => p.status === "approved")) throw conflict(REGISTRATION_MESSAGES.processing);
  const site = env.SITE_URL.replace(/\/$/, "");
  const successUrl = (paymentRef: string) => `${site}/registration/payment/success?registrationId=${registration.id}&paymentId=${paymentRef}`;
  if (reusable) {
    // Approved already (a second click after the payer approved): its return address captures it.
    const order = await getOrder(config, reusable.providerOrderId).catch((error: unknown) => {
      throw new AppError("unavailable", REGISTRATION_MESSAGES.orderFailed, { retryAfter: 5, cause: error });
    });
    const approveUrl = approvalLink(order) ?? `${successUrl(reusable.invoiceId ?? "")}&token=${reusable.providerOrderId}`;
    return { registrationId: registration.id, intentToken: await intentTokenFor(env, reusable.providerOrderId), orderId: reusable.providerOrderId, approveUrl };
  }

  const seq = existing.length + 1;
  const invoiceId = `REG-${registration.id}-${seq}`;
  let order;
  try {
    order = await createOrder(
      config,
      {
        amount,
        currency,
        customId: String(registration.id),
        invoiceId,
        description: `Registration: ${choices.conference.title}`,
        returnUrl: successUrl(invoiceId),
        cancelUrl: `${site}/registration/payment/cancel?registrationId=${registration.id}`,
        brandName: env.SITE_NAME,
      },
      `order-${invoiceId}-${input.feeType}-${input.accompaniedPersonsCount}-${amount}${currency}`,
    );
  } catch (error) {
    if (error instanceof PayPalUnreachable || error instanceof PayPalRefusal) throw new AppError("unavailable", REGISTRATION_MESSAGES.orderFailed, { retryAfter: 5, cause: error });
    throw error;
  }
  const intentToken = await intentTokenFor(env, order.id);
  // The payment of this order (a racing click that got the same order from PayPal records nothing),
  // the registration's choice as now made, and any earlier order of it no longer to be paid.
  await db.batch([
    db
      .insert(payments)
      .values({ registrationId: registration.id, providerOrderId: order.id, status: "created", amount, currency, feeType: input.feeType, accompaniedPersons: input.accompaniedPersonsCount, invoiceId, intentTokenHash: await sha256Hex(intentToken) })
      .onConflictDoNothing(),
    db
      .update(registrations)
      .set({ feeType: input.feeType, accompaniedPersons: input.accompaniedPersonsCount, amount, currency, updatedAt: new Date(now) })
      .where(and(eq(registrations.id, registration.id), eq(registrations.status, "pending"))),
    db
      .update(payments)
      .set({ status: "cancelled", failureReason: "REPLACED", updatedAt: new Date(now) })
      .where(and(eq(payments.registrationId, registration.id), eq(payments.status, "created"), sql`${payments.providerOrderId} <> ${order.id}`)),
  ]);
  const approveUrl = approvalLink(order);
  if (!approveUrl) throw new AppError("unavailable", REGISTRATION_MESSAGES.orderFailed);
  return { registrationId: registration.id, intentToken, orderId: order.id, approveUrl };
}

/* ---------------------------------------------------------------- the capture */

export type CaptureResult = { outcome: Outcome; registration: RegistrationView; message?: string };

/**
 * Captures an order the payer approved and settles the registration (see `captureAndSettle`).
 * Only the registration's author (signed in) or the holder of the order's intent token may
 * capture it; anyone else gets the same 404 as for an order that does not exist.
 */
export async function captureRegistrationOrder(
  ctx: Ctx,
  user: Pick<SessionUser, "id"> | null,
  input: { orderId: string; registrationId?: number; intentToken?: string; payerId?: string },
  now = Date.now(),
): Promise<CaptureResult> {
  const config = requireConfig(ctx.env);
  const found = await paymentOfOrder(ctx, input.orderId);
  if (!found) throw notFound(REGISTRATION_MESSAGES.noSuchPayment);
  const { payment, registration } = found;
  const owner = user !== null && registration.userId === user.id;
  const tokenHolder = Boolean(input.intentToken) && timingSafeEqual(await intentTokenFor(ctx.env, input.orderId), input.intentToken!);
  if ((!owner && !tokenHolder) || (input.registrationId !== undefined && input.registrationId !== registration.id)) throw notFound(REGISTRATION_MESSAGES.noSuchPayment);
  const settled = await captureAndSettle(ctx, config, payment, now);
  const after = await ctx.db.select().from(registrations).where(eq(registrations.id, registration.id)).get();
  return { outcome: settled.outcome, registration: toView(after ?? registration), ...(settled.message ? { message: settled.message } : {}) };
}

/* ---------------------------------------------------------------- what My Submissions shows */

export type RegistrationStats = {
  totalPaid: number;
  userHasRegistration: boolean;
  userRegistrationCount: number;
  anyAuthorHasRegistration: boolean;
  otherAuthorsHaveRegistration: boolean;
};

/** registrationStats from the counts of a paper's confirmed registrations: all, the user's, everyone else's. */
export function toRegistrationStats(counts: { total: unknown; mine: unknown; others: unknown }): RegistrationStats {
  const mine = Number(counts.mine ?? 0);
  const others = Number(counts.others ?? 0);
  return { totalPaid: Number(counts.total ?? 0), userHasRegistration: mine > 0, userRegistrationCount: mine, anyAuthorHasRegistration: mine + others > 0, otherAuthorsHaveRegistration: others > 0 };
}

/**
 * A paper's registrationStats (spec section 3), from its confirmed registrations only: how many
 * there are, whether the user has one and how many, whether any author or another author has
 * one. Counted as a column of the list's own query (a JSON text for `toRegistrationStats`):
 * `paperId` and `userId` are SQL naming them (a column, a placeholder, `sessionUserId`), so the
 * list and its counts are one read.
 */
export function registrationStatsColumn(paperId: SQL, userId: SQL | Placeholder) {
  return sql<string>`(select json_object('total', count(*), 'mine', coalesce(sum(r.user_id = ${userId}), 0), 'others', coalesce(sum(coalesce(r.user_id, 0) <> ${userId}), 0))
    from registrations r where r.paper_id = ${paperId} and r.status = 'confirmed')`;
}

/* ---------------------------------------------------------------- the receipt */

export type Receipt = {
  registrationId: number;
  receiptNumber: string;
  status: RegistrationStatus;
  cancelReason: string | null;
  participant: { name: string; email: string };
  conference: { id: number; title: string; location: string | null; startDate: string; endDate: string | null };
  paper: { id: number; number: string; title: string } | null;
  feeType: FeeType;
  accompaniedPersons: number;
  amount: number;
  currency: Currency;
  paidAt: number;
  paypal: { orderId: string; captureId: string | null } | null;
};

/** What the printable receipt shows: the registration's author or an administrator only, once paid. */
export async function receiptFor(ctx: Pick<Services, "db" | "env">, user: Pick<SessionUser, "id" | "role" | "totpEnabled">, registrationId: number): Promise<Receipt> {
  const { db } = ctx;
  const row = await db
    .select({
      reg: registrations,
      conferenceTitle: conferences.title,
      location: conferences.location,
      startDate: conferences.startDate,
      endDate: conferences.endDate,
      paperTitle: papers.title,
      paperNumber: papers.paperNumber,
      firstName: users.firstName,
      lastName: users.lastName,
      orderId: sql<string | null>`(select p.provider_order_id from payments p where p.registration_id = ${registrations.id} and p.status in ('completed', 'refunded', 'reversed') order by p.id desc limit 1)`,
      captureId: sql<string | null>`(select p.provider_capture_id from payments p where p.registration_id = ${registrations.id} and p.status in ('completed', 'refunded', 'reversed') order by p.id desc limit 1)`,
    })
    .from(registrations)
    .innerJoin(conferences, eq(conferences.id, registrations.conferenceId))
    .leftJoin(papers, eq(papers.id, registrations.paperId))
    .leftJoin(users, eq(users.id, registrations.userId))
    .where(eq(registrations.id, registrationId))
    .get();
  // The office as `requireAdmin` admits it (with its second factor where one is required).
  const allowed = row && (actsAsAdmin(user, ctx.env) || row.reg.userId === user.id);
  if (!row || !allowed || !row.reg.receiptNumber || !row.reg.confirmedAt) throw notFound(REGISTRATION_MESSAGES.noReceipt);
  const r = row.reg;
  return {
    registrationId: r.id,
    receiptNumber: r.receiptNumber!,
    status: r.status,
    cancelReason: r.cancelReason,
    participant: { name: row.firstName ? `${row.firstName} ${row.lastName ?? ""}`.trim() : r.participantEmail, email: r.participantEmail },
    conference: { id: r.conferenceId, title: row.conferenceTitle, location: row.location, startDate: row.startDate, endDate: row.endDate },
    paper: r.paperId !== null && row.paperTitle !== null && row.paperNumber !== null ? { id: r.paperId, number: paperDisplayNumber(row.startDate, row.paperNumber), title: row.paperTitle } : null,
    feeType: r.feeType,
    accompaniedPersons: r.accompaniedPersons,
    amount: r.amount,
    currency: r.currency,
    paidAt: r.confirmedAt!.getTime(),
    paypal: row.orderId ? { orderId: row.orderId, captureId: row.captureId } : null,
  };
}

/* ---------------------------------------------------------------- the office's list */

export const REGISTRATIONS_PAGE_SIZE = 50;

export type RegistrationListRow = {
  id: number;
  participant: { name: string; email: string };
  paper: { id: number; number: string; title: string } | null;
  feeType: FeeType;
  accompaniedPersons: number;
  amount: number;
  currency: Currency;
  status: RegistrationStatus;
  paymentStatus: PaymentStatus | null;
  orderId: string | null;
  captureId: string | null;
  receiptNumber: string | null;
  createdAt: number;
  confirmedAt: number | null;
};

/**
 * A conference's registrations for the office, newest first, `REGISTRATIONS_PAGE_SIZE` at a time
 * after the id `after` (keyset: a page reads its own rows only), filtered by status; each with
 * its participant, paper and the PayPal ids of its deciding payment (the captured one, else the
 * latest). For administrators only. `next` is the id to pass as `after` for the next page.
 */
export async function listRegistrations(
  { db }: Pick<Services, "db">,
  admin: Pick<SessionUser, "role">,
  query: { conferenceId: number; status?: RegistrationStatus; after?: number; limit?: number },
): Promise<{ rows: RegistrationListRow[]; next: number | null }> {
  if (admin.role !== "admin") throw forbidden("Only administrators may do this.");
  const limit = Math.min(query.limit ?? REGISTRATIONS_PAGE_SIZE, 5000);
  const deciding = sql`(select p.id from payments p where p.registration_id = ${registrations.id} order by p.status in ('completed', 'refunded', 'reversed', 'pending') desc, p.id desc limit 1)`;
  // A batch of one, as the other console lists: D1's answer then carries the rows it read (Server-Timing).
  const [found] = await db.batch([
    db
      .select({
        reg: registrations,
        startDate: conferences.startDate,
        paperTitle: papers.title,
        paperNumber: papers.paperNumber,
        firstName: users.firstName,
        lastName: users.lastName,
        // Named apart from the registration's own status: a D1 batch returns each row keyed by column name.
        paymentStatus: sql<PaymentStatus | null>`${payments.status}`.as("payment_status"),
        orderId: payments.providerOrderId,
        captureId: payments.providerCaptureId,
      })
      .from(registrations)
      .innerJoin(conferences, eq(conferences.id, registrations.conferenceId))
      .leftJoin(papers, eq(papers.id, registrations.paperId))
      .leftJoin(users, eq(users.id, registrations.userId))
      .leftJoin(payments, sql`${payments.id} = ${deciding}`)
      .where(
        and(
          eq(registrations.conferenceId, query.conferenceId),
          query.status ? eq(registrations.status, query.status) : undefined,
          query.after ? sql`${registrations.id} < ${query.after}` : undefined,
        ),
      )
      .orderBy(desc(registrations.id))
      .limit(limit + 1),
  ]);
  const rows = found.slice(0, limit).map((f) => ({
    id: f.reg.id,
    participant: { name: f.firstName ? `${f.firstName} ${f.lastName ?? ""}`.trim() : f.reg.participantEmail, email: f.reg.participantEmail },
    paper: f.reg.paperId !== null && f.paperTitle !== null && f.paperNumber !== null ? { id: f.reg.paperId, number: paperDisplayNumber(f.startDate, f.paperNumber), title: f.paperTitle } : null,
    feeType: f.reg.feeType,
    accompaniedPersons: f.reg.accompaniedPersons,
    amount: f.reg.amount,
    currency: f.reg.currency,
    status: f.reg.status,
    paymentStatus: f.paymentStatus ?? null,
    orderId: f.orderId ?? null,
    captureId: f.captureId ?? null,
    receiptNumber: f.reg.receiptNumber,
    createdAt: f.reg.createdAt.getTime(),
    confirmedAt: f.reg.confirmedAt?.getTime() ?? null,
  }));
  return { rows, next: found.length > limit ? rows[rows.length - 1]!.id : null };
}

export { PAYMENT_MESSAGES };
