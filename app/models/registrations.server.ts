/**
 * What a PayPal payment does to a registration (decision 053). Every path that learns how a
 * payment ended — the author's capture, the return page, a webhook, the housekeeping's
 * reconciliation — ends here, and every change is a conditional write: the first one to find the
 * registration pending confirms it, in one D1 batch with the membership year and the receipt
 * mail; whoever comes second changes nothing. A refund or a reversal cancels the registration.
 */
import { and, eq, inArray, lt, or, sql } from "drizzle-orm";
import { FEE_TYPE_LABELS, formatMoney } from "~/lib/format";
import type { BatchItem } from "drizzle-orm/batch";
import { conferences, paymentEvents, payments, registrations, users } from "~/db/schema";
import type { PaymentStatus } from "~/db/enums";
import { queueOutboxRows, selectedMail } from "~/mail/outbox.server";
import type { HousekeepingTask } from "~/server/housekeeping-task.server";
import {
  captureOf,
  captureOrder,
  fromPayPalValue,
  getCapture,
  getOrder,
  type PayPalCapture,
  type PayPalConfig,
  paypalConfig,
  type PayPalOrder,
  PayPalRefusal,
  PayPalUnreachable,
} from "~/server/paypal.server";
import type { Services } from "~/server/services.server";

type Ctx = Pick<Services, "db" | "queues" | "waitUntil" | "env">;

export type PaymentRow = typeof payments.$inferSelect;
export type RegistrationRow = typeof registrations.$inferSelect;
export type Outcome = "confirmed" | "pending" | "declined" | "failed";

/** The words an author reads for each way a capture can end short of confirmed. */
export const PAYMENT_MESSAGES = {
  declined: "Your payment method was declined. Please choose another way to pay.",
  pending: "PayPal is reviewing your payment. Your registration will be confirmed as soon as PayPal completes it.",
  notApproved: "The payment has not been approved at PayPal yet.",
  unreachable: "PayPal did not answer in time. If you were charged, your registration will be confirmed within a few minutes; otherwise please try again.",
  mismatch: "The payment does not match this registration. Please contact the office.",
  closed: "This payment can no longer be completed. Please start the registration again.",
  refunded: "The payment was refunded.",
  reversed: "The payment was reversed by the payer's bank.",
  partlyRefunded: "Part of the payment was refunded; the registration stands.",
  paidTwice: "Captured after the registration was already paid: refund this capture at PayPal.",
} as const;

/** A receipt's number: the confirming year and the registration id, unique because the id is. */
export const receiptNumberFor = (registrationId: number, confirmedAt: number) => `R-${new Date(confirmedAt).getUTCFullYear()}-${String(registrationId).padStart(6, "0")}`;

/** The payment of an order with its registration, or null. */
export async function paymentOfOrder({ db }: Pick<Services, "db">, orderId: string) {
  const row = await db
    .select({ payment: payments, registration: registrations })
    .from(payments)
    .innerJoin(registrations, eq(registrations.id, payments.registrationId))
    .where(and(eq(payments.provider, "paypal"), eq(payments.providerOrderId, orderId)))
    .get();
  return row ?? null;
}

const day = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * Confirms the registration of `payment` if it is still pending: the payment completed with its
 * capture, the registration confirmed with its receipt number, the author's membership extended
 * to one year after the payment day (from its current end when that is later), and the receipt
 * mail in the outbox — one batch, each statement conditioned on the registration being pending
 * when the batch runs. Returns whether this call confirmed it.
 */
export async function confirmPayment(ctx: Ctx, payment: PaymentRow, capture: { id: string; payerId?: string | null }, now = Date.now()) {
  const { db } = ctx;
  const regId = payment.registrationId;
  const stillPending = sql`exists (select 1 from registrations r where r.id = ${regId} and r.status = 'pending')`;
  const receiptNumber = receiptNumberFor(regId, now);
  const payDay = day(now);
  const newEnd = sql`date(max(coalesce(${users.memberUntil}, ''), ${payDay}), '+1 year')`;
  const reg = await db
    .select({ reg: registrations, conferenceTitle: conferences.title })
    .from(registrations)
    .innerJoin(conferences, eq(conferences.id, registrations.conferenceId))
    .where(eq(registrations.id, regId))
    .get();
  if (!reg) return false;
  const mail = selectedMail(ctx, "registration_receipt", {
    from: registrations,
    where: and(eq(registrations.id, regId), eq(registrations.status, "pending")),
    to: sql`${registrations.participantEmail}`,
    payload: {
      name: "",
      receiptNumber,
      conference: reg.conferenceTitle,
      feeType: FEE_TYPE_LABELS[payment.feeType ?? reg.reg.feeType],
      accompaniedPersons: payment.accompaniedPersons ?? reg.reg.accompaniedPersons,
      amount: formatMoney(payment.amount, payment.currency),
      paidOn: payDay,
      memberUntil: "",
      link: `${ctx.env.SITE_URL.replace(/\/$/, "")}/dashboard/registrations/${regId}/receipt`,
    },
    computed: {
      name: sql`coalesce((select trim(u.first_name || ' ' || u.last_name) from users u where u.id = ${registrations.userId}), ${registrations.participantEmail})`,
      memberUntil: sql`coalesce((select date(max(coalesce(u.member_until, ''), ${payDay}), '+1 year') from users u where u.id = ${registrations.userId}), date(${payDay}, '+1 year'))`,
    },
  });
  const changes: BatchItem<"sqlite">[] = [
    db
      .update(users)
      .set({ memberUntil: newEnd, updatedAt: new Date(now) })
      .where(and(sql`${users.id} = (select r.user_id from registrations r where r.id = ${regId})`, stillPending)),
    db
      .update(payments)
      .set({ status: "completed", providerCaptureId: capture.id, payerId: capture.payerId ?? payment.payerId, failureReason: null, updatedAt: new Date(now) })
      .where(and(eq(payments.id, payment.id), stillPending)),
    // The one write that decides: whoever finds the registration pending confirms it.
    // The registration records the choice this payment paid for: a later order's choice (another
    // tab) may have been written on it meanwhile.
    db
      .update(registrations)
      .set({ status: "confirmed", confirmedAt: new Date(now), receiptNumber, ...paidChoice(payment), updatedAt: new Date(now) })
      .where(and(eq(registrations.id, regId), eq(registrations.status, "pending")))
      .returning({ id: registrations.id }),
  ];
  // The mail reads the registration (and the membership) before the batch changes them: it goes first.
  const [mailed, , , confirmed] = (await db.batch([mail, ...changes] as [typeof mail, ...BatchItem<"sqlite">[]])) as unknown as [{ id: number }[], unknown, unknown, { id: number }[]];
  if (confirmed.length === 0) {
    // Money arrived for a registration another payment confirmed: recorded, so the office can
    // refund it and the housekeeping stops asking PayPal about it.
    const [recorded] = await db
      .update(payments)
      .set({ status: "completed", providerCaptureId: capture.id, failureReason: PAYMENT_MESSAGES.paidTwice, updatedAt: new Date(now) })
      // Whatever the site thought of the order (replaced, cancelled): PayPal took the money.
      .where(and(eq(payments.id, payment.id), inArray(payments.status, ["created", "approved", "pending", "failed", "cancelled"])))
      .returning({ id: payments.id });
    if (recorded) console.error(`payment ${payment.id}: PayPal capture ${capture.id} arrived after registration ${regId} was paid; it needs a refund`);
    return false;
  }
  queueOutboxRows(ctx, mailed.map((r) => r.id));
  return true;
}

/** The fee choice a payment was made for, as the registration records it once paid (nothing for a payment made before payments kept it). */
function paidChoice(payment: PaymentRow) {
  return {
    amount: payment.amount,
    currency: payment.currency,
    ...(payment.feeType ? { feeType: payment.feeType } : {}),
    ...(payment.accompaniedPersons !== null ? { accompaniedPersons: payment.accompaniedPersons } : {}),
  };
}

/** Moves a payment that is not settled yet to `status` (pending at PayPal, approved, failed). */
async function markPayment({ db }: Pick<Services, "db">, payment: PaymentRow, status: PaymentStatus, changes: Partial<PaymentRow> = {}, now = Date.now()) {
  await db
    .update(payments)
    .set({ ...changes, status, updatedAt: new Date(now) })
    .where(and(eq(payments.id, payment.id), inArray(payments.status, ["created", "approved", "pending", "failed"])));
}

/**
 * A refund or a reversal: the payment is marked so and its registration cancelled (with why),
 * once; a second event for it changes nothing.
 */
export async function cancelForRefund({ db }: Pick<Services, "db">, payment: PaymentRow, kind: "refunded" | "reversed", now = Date.now()) {
  const [, cancelled] = await db.batch([
    db
      .update(payments)
      .set({ status: kind, failureReason: PAYMENT_MESSAGES[kind], updatedAt: new Date(now) })
      .where(and(eq(payments.id, payment.id), inArray(payments.status, ["completed", "pending"]))),
    db
      .update(registrations)
      .set({ status: "cancelled", cancelReason: PAYMENT_MESSAGES[kind], updatedAt: new Date(now) })
      .where(and(eq(registrations.id, payment.registrationId), inArray(registrations.status, ["confirmed", "pending"]), sql`exists (select 1 from payments p where p.id = ${payment.id} and p.status = ${kind})`))
      .returning({ id: registrations.id }),
  ]);
  return cancelled.length > 0;
}

/** Notes on a payment what the office should know of it, whatever its status. */
async function notePayment({ db }: Pick<Services, "db">, payment: PaymentRow, note: string, now: number) {
  await db.update(payments).set({ failureReason: note, updatedAt: new Date(now) }).where(eq(payments.id, payment.id));
}

/** Whether a capture is this payment's: the amount, the currency and the registration it names. */
function matches(payment: PaymentRow, capture: PayPalCapture, order?: PayPalOrder) {
  const customId = capture.custom_id ?? order?.purchase_units?.[0]?.custom_id;
  return fromPayPalValue(capture.amount?.value) === payment.amount && capture.amount?.currency_code === payment.currency && customId === String(payment.registrationId);
}

/**
 * Applies what PayPal says of a capture to its payment: COMPLETED confirms, PENDING waits,
 * DECLINED or FAILED fails the payment (the author may pay again), REFUNDED or REVERSED cancels.
 * A capture that does not match the payment changes nothing and is logged: money arrived that
 * the site did not ask for, which a person must look at.
 */
export async function settleCapture(ctx: Ctx, payment: PaymentRow, capture: PayPalCapture, order?: PayPalOrder, now = Date.now()): Promise<{ outcome: Outcome; message?: string }> {
  if (!matches(payment, capture, order)) {
    console.error(`payment ${payment.id}: PayPal capture ${capture.id} does not match (amount ${capture.amount?.value} ${capture.amount?.currency_code}, custom_id ${capture.custom_id})`);
    await markPayment(ctx, payment, "failed", { failureReason: PAYMENT_MESSAGES.mismatch, providerCaptureId: capture.id }, now);
    return { outcome: "failed", message: PAYMENT_MESSAGES.mismatch };
  }
  const payerId = order?.payer?.payer_id ?? null;
  switch (capture.status) {
    case "COMPLETED":
      await confirmPayment(ctx, payment, { id: capture.id, payerId }, now);
      return { outcome: "confirmed" };
    case "PENDING":
      await markPayment(ctx, payment, "pending", { providerCaptureId: capture.id, payerId, failureReason: capture.status_details?.reason ?? null }, now);
      return { outcome: "pending", message: PAYMENT_MESSAGES.pending };
    case "PARTIALLY_REFUNDED":
      // Part of the fee given back (an accompanied person who did not come): the registration stands.
      await notePayment(ctx, payment, PAYMENT_MESSAGES.partlyRefunded, now);
      return { outcome: "confirmed", message: PAYMENT_MESSAGES.partlyRefunded };
    case "REFUNDED":
    case "REVERSED":
      await cancelForRefund(ctx, payment, capture.status === "REVERSED" ? "reversed" : "refunded", now);
      return { outcome: "failed", message: PAYMENT_MESSAGES[capture.status === "REVERSED" ? "reversed" : "refunded"] };
    default:
      await markPayment(ctx, payment, "failed", { providerCaptureId: capture.id, failureReason: PAYMENT_MESSAGES.declined }, now);
      return { outcome: "declined", message: PAYMENT_MESSAGES.declined };
  }
}

/** Applies what an order read from PayPal says: its capture if it has one, else whether the payer approved it. */
async function settleOrder(ctx: Ctx, payment: PaymentRow, order: PayPalOrder, now: number): Promise<{ outcome: Outcome | "approved" | "waiting"; message?: string }> {
  const capture = captureOf(order);
  if (capture) return settleCapture(ctx, payment, capture, order, now);
  if (order.status === "APPROVED") return { outcome: "approved" };
  return { outcome: "waiting", message: PAYMENT_MESSAGES.notApproved };
}

/**
 * Captures an approved order and applies the result. The capture's PayPal-Request-Id is the
 * payment's own (`capture-{payment}-{attempt}`), so a capture repeated after a timeout — by this
 * call's one retry, the author's Retry or the housekeeping — answers the first capture's result
 * and never charges twice. ORDER_ALREADY_CAPTURED is settled by reading the order; after
 * INSTRUMENT_DECLINED the attempt counts up, so the capture after the payer's new approval is a
 * new request.
 */
export async function captureAndSettle(ctx: Ctx, config: PayPalConfig, payment: PaymentRow, now = Date.now()): Promise<{ outcome: Outcome; message?: string }> {
  if (payment.status === "completed") return { outcome: "confirmed" };
  if (payment.status === "pending") return { outcome: "pending", message: PAYMENT_MESSAGES.pending };
  if (payment.status === "cancelled" || payment.status === "refunded" || payment.status === "reversed") return { outcome: "failed", message: PAYMENT_MESSAGES.closed };
  // Another payment of the registration paid it, or is being settled at PayPal: this order is
  // not captured (the payer approved two; only one is charged).
  // (This payment as it stands now: a second capture of one order, a double click, may find the
  // first has just paid it, and answers as the first did rather than as a closed registration.)
  const [others, open, [current]] = await ctx.db.batch([
    ctx.db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.registrationId, payment.registrationId), sql`${payments.id} <> ${payment.id}`, inArray(payments.status, ["pending", "completed"])))
      .limit(1),
    ctx.db.select({ id: registrations.id }).from(registrations).where(and(eq(registrations.id, payment.registrationId), eq(registrations.status, "pending"))),
    ctx.db.select({ status: payments.status }).from(payments).where(eq(payments.id, payment.id)),
  ]);
  if (current?.status === "completed") return { outcome: "confirmed" };
  if (current?.status === "pending") return { outcome: "pending", message: PAYMENT_MESSAGES.pending };
  if (others.length || !open.length) {
    await markPayment(ctx, payment, "cancelled", { failureReason: "REPLACED" }, now);
    return { outcome: "failed", message: PAYMENT_MESSAGES.closed };
  }
  const requestId = `capture-${payment.id}-${payment.captureAttempt}`;
  let order: PayPalOrder;
  try {
    order = await captureOrder(config, payment.providerOrderId, requestId).catch((error: unknown) => {
      if (error instanceof PayPalUnreachable) return captureOrder(config, payment.providerOrderId, requestId);
      throw error;
    });
  } catch (error) {
    if (error instanceof PayPalUnreachable) {
      // The outcome is unknown: the payment stays approved for the housekeeping to read from PayPal.
      await markPayment(ctx, payment, "approved", {}, now);
      return { outcome: "failed", message: PAYMENT_MESSAGES.unreachable };
    }
    if (!(error instanceof PayPalRefusal)) throw error;
    if (error.issue === "ORDER_ALREADY_CAPTURED") {
      const settled = await settleOrder(ctx, payment, await getOrder(config, payment.providerOrderId), now);
      return settled.outcome === "approved" || settled.outcome === "waiting" ? { outcome: "failed", message: PAYMENT_MESSAGES.notApproved } : (settled as { outcome: Outcome });
    }
    if (error.issue === "INSTRUMENT_DECLINED") {
      await markPayment(ctx, payment, "created", { captureAttempt: payment.captureAttempt + 1, failureReason: "INSTRUMENT_DECLINED" }, now);
      return { outcome: "declined", message: PAYMENT_MESSAGES.declined };
    }
    if (error.issue === "ORDER_NOT_APPROVED") return { outcome: "failed", message: PAYMENT_MESSAGES.notApproved };
    if (error.status === 404 || error.issue === "ORDER_EXPIRED" || error.issue === "ORDER_CANNOT_BE_SAVED") {
      await markPayment(ctx, payment, "cancelled", { failureReason: error.issue ?? "RESOURCE_NOT_FOUND" }, now);
      return { outcome: "failed", message: PAYMENT_MESSAGES.closed };
    }
    throw error;
  }
  const settled = await settleOrder(ctx, payment, order, now);
  return settled.outcome === "approved" || settled.outcome === "waiting" ? { outcome: "failed", message: PAYMENT_MESSAGES.notApproved } : (settled as { outcome: Outcome; message?: string });
}

/* ---------------------------------------------------------------- webhooks */

export const HANDLED_EVENTS = ["PAYMENT.CAPTURE.COMPLETED", "PAYMENT.CAPTURE.PENDING", "PAYMENT.CAPTURE.DENIED", "PAYMENT.CAPTURE.REFUNDED", "PAYMENT.CAPTURE.REVERSED"] as const;

export type PayPalEvent = {
  id: string;
  event_type: string;
  resource?: PayPalCapture & { links?: Array<{ rel: string; href: string }> };
};

/** The capture a refund names (its `up` link), read from PayPal. */
async function refundedCapture(config: PayPalConfig, resource: NonNullable<PayPalEvent["resource"]>) {
  const up = resource.links?.find((l) => l.rel === "up" && /\/v2\/payments\/captures\/[A-Z0-9]+$/.test(l.href));
  const captureId = up ? up.href.slice(up.href.lastIndexOf("/") + 1) : null;
  return captureId ? getCapture(config, captureId) : null;
}

/**
 * One verified webhook event, applied at most once: an event id already recorded changes
 * nothing. Every change below is itself conditional, so two deliveries of one event racing each
 * other also change things once. Returns what was done, for the log and the tests.
 */
export async function applyPayPalEvent(ctx: Ctx, config: PayPalConfig, event: PayPalEvent, now = Date.now()): Promise<"duplicate" | "ignored" | "unknown-payment" | "applied"> {
  const { db } = ctx;
  const seen = await db.select({ id: paymentEvents.eventId }).from(paymentEvents).where(eq(paymentEvents.eventId, event.id)).get();
  if (seen) return "duplicate";
  if (!(HANDLED_EVENTS as readonly string[]).includes(event.event_type) || !event.resource) return "ignored";
  const resource = event.resource;
  const refund = event.event_type === "PAYMENT.CAPTURE.REFUNDED" || event.event_type === "PAYMENT.CAPTURE.REVERSED";
  const capture = refund ? await refundedCapture(config, resource) : resource;
  const orderId = capture?.supplementary_data?.related_ids?.order_id;
  const found = orderId ? await paymentOfOrder(ctx, orderId) : null;
  if (!found || !capture) return "unknown-payment";
  const { payment } = found;
  if (refund) await cancelForRefund(ctx, payment, event.event_type === "PAYMENT.CAPTURE.REVERSED" ? "reversed" : "refunded", now);
  else if (event.event_type === "PAYMENT.CAPTURE.DENIED") await settleCapture(ctx, payment, { ...capture, status: "DECLINED" }, undefined, now);
  else await settleCapture(ctx, payment, capture, undefined, now);
  await db.insert(paymentEvents).values({ eventId: event.id, eventType: event.event_type, paymentId: payment.id, receivedAt: new Date(now) }).onConflictDoNothing();
  return "applied";
}

/* ---------------------------------------------------------------- the housekeeping's reconciliation */

/** How long a payer has to finish in the browser before the housekeeping asks PayPal itself. */
export const RECONCILE_AFTER_MS = 5 * 60_000;
/** PayPal forgets an order nobody approved after three days (orders expire); so does the site. */
export const ORDER_LIFETIME_MS = 3 * 24 * 60 * 60_000;
const RECONCILE_BATCH = 25;
/** An order still unapproved after an hour is most likely abandoned: asked about once an hour, not every ten minutes. */
const ABANDONED_AFTER_MS = 60 * 60_000;

/**
 * Orders the browser never finished: approved but not captured (the payer closed the window
 * after approving), created and perhaps approved since, or captured and left pending at PayPal.
 * Each is read from PayPal and settled as the capture would have: an approved order is captured
 * (with the payment's own request id), a completed one confirms, a pending one waits, an order
 * older than PayPal keeps them is closed.
 */
export async function reconcilePayments(ctx: Ctx, now = Date.now()) {
  const config = paypalConfig(ctx.env);
  if (!config) return { checked: 0 };
  // Approved and pending payments first; an order nobody approved within the hour is asked about hourly.
  const stale = await ctx.db
    .select()
    .from(payments)
    .where(
      or(
        and(inArray(payments.status, ["approved", "pending"]), lt(payments.updatedAt, new Date(now - RECONCILE_AFTER_MS))),
        and(eq(payments.status, "created"), sql`${payments.updatedAt} < ${now} - (case when ${payments.createdAt} > ${now - ABANDONED_AFTER_MS} then ${RECONCILE_AFTER_MS} else ${ABANDONED_AFTER_MS} end)`),
      ),
    )
    .orderBy(sql`${payments.status} = 'created'`, payments.updatedAt)
    .limit(RECONCILE_BATCH)
    .all();
  let settled = 0;
  const failed: number[] = [];
  for (const payment of stale) {
    // One payment PayPal cannot answer for now is left for the next run; the others go on.
    try {
      await reconcileOne(ctx, config, payment, now);
      settled += 1;
    } catch (error) {
      failed.push(payment.id);
      console.error(`payment reconciliation: payment ${payment.id} (order ${payment.providerOrderId}) left for the next run`, error);
    }
  }
  return { checked: stale.length, settled, failed };
}

async function reconcileOne(ctx: Ctx, config: PayPalConfig, payment: PaymentRow, now: number) {
  const order = await getOrder(config, payment.providerOrderId).catch((error: unknown) => {
    if (error instanceof PayPalRefusal && error.status === 404) return null;
    throw error;
  });
  if (!order) return markPayment(ctx, payment, "cancelled", { failureReason: "RESOURCE_NOT_FOUND" }, now);
  const capture = captureOf(order);
  if (capture) {
    if (capture.status !== "PENDING" || payment.status !== "pending") return settleCapture(ctx, payment, capture, order, now);
  } else if (order.status === "APPROVED") return captureAndSettle(ctx, config, payment, now);
  else if (payment.createdAt.getTime() < now - ORDER_LIFETIME_MS) return markPayment(ctx, payment, "cancelled", { failureReason: "ORDER_EXPIRED" }, now);
  // Nothing new at PayPal: asked again after RECONCILE_AFTER_MS, not at every run.
  return ctx.db.update(payments).set({ updatedAt: new Date(now) }).where(and(eq(payments.id, payment.id), eq(payments.status, payment.status)));
}

export const paymentReconciliation: HousekeepingTask = {
  name: "payment reconciliation",
  run: (services, now) => reconcilePayments(services, now),
};
