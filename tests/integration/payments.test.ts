import { createExecutionContext, createScheduledController, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, inject, it } from "vitest";
import worker from "../../workers/web/index";
import { conferences, outbox, papers, paymentEvents, payments, registrations, users } from "~/db/schema";
import { renderMail } from "~/mail/templates";
import { captureAndSettle, confirmPayment, PAYMENT_MESSAGES, paymentOfOrder } from "~/models/registrations.server";
import { paypalConfig } from "~/server/paypal.server";
import { expectConsoleError } from "./console-errors";
import { call } from "./api-contract";
import { apiToken, BASE, createConference, createPaper, createUser, db, isoDaysFromToday, type Jar, resetDatabase, services, sessionJar, textOf, visit } from "./fixtures";

/**
 * Registration payment against the local PayPal (scripts/lib/paypal-fake.mjs) with its faults.
 * Every case ends with the same invariants: one registration, one payment, one charge at PayPal,
 * at most one receipt mail, and nothing PayPal reported left unapplied.
 */
const PAYPAL = inject("paypal");

beforeEach(async () => {
  await resetDatabase();
  await fake("POST", "/__fake/reset");
});

async function fake<T = Record<string, unknown>>(method: "GET" | "POST", path: string, body: unknown = {}): Promise<T> {
  const response = await fetch(`${PAYPAL}${path}`, method === "POST" ? { method, headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) } : {});
  if (!response.ok) throw new Error(`fake ${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const charges = async (orderId: string) => (await fake<{ charges: number }>("GET", `/__fake/orders/${orderId}`)).charges;
const approve = (orderId: string) => fake("POST", `/__fake/orders/${orderId}/approve`);
const faults = (spec: Record<string, unknown>) => fake("POST", "/__fake/faults", spec);

type Delivery = { id: string; eventId: string; eventType: string; headers: Record<string, string>; body: string; status: unknown };
/** The signed webhook deliveries PayPal made for an order, as the Worker would receive them. */
const deliveries = (orderId: string) => fake<Delivery[]>("GET", `/__fake/deliveries?orderId=${orderId}`);

/** Hands one delivery to the Worker's webhook, as PayPal posts it. */
async function deliver(delivery: Pick<Delivery, "headers" | "body">) {
  return SELF.fetch(`${BASE}/api/paypal/webhook`, { method: "POST", headers: delivery.headers, body: delivery.body });
}

/** Hands every delivery PayPal did not withhold to the Worker; answers their statuses and bodies. */
async function deliverAll(orderId: string) {
  const out: Array<{ status: number; done: unknown }> = [];
  for (const d of await deliveries(orderId)) {
    if (d.status === "withheld") continue;
    const r = await deliver(d);
    out.push({ status: r.status, done: ((await r.json()) as { done?: unknown }).done });
  }
  return out;
}

const FEES = { feeStandard: 50000, feeStudent: 25000, feeAccompaniedPerson: 10000, currency: "EUR" as const, registrationEnabled: true, registrationDeadline: isoDaysFromToday(30) };

/** An accepted paper of a conference taking registrations, and its author signed in. */
async function author(conferenceInput: Partial<typeof conferences.$inferInsert> = {}) {
  const conference = await createConference({ ...FEES, ...conferenceInput });
  const user = await createUser({ memberUntil: null });
  const paper = await createPaper({ conferenceId: conference.id, submitterId: user.id, authors: [{ userId: user.id, email: user.email }], paper: { status: "accepted" } });
  const jar = await sessionJar(user);
  await visit(jar, "/dashboard");
  return { conference, user, paper, jar };
}

/** The dialog's JSON post: session cookie, CSRF token in its header. */
async function postJson(jar: Jar, path: string, body: Record<string, unknown>) {
  return SELF.fetch(`${BASE}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/json", Cookie: jar.header(), Origin: BASE, "Sec-Fetch-Site": "same-origin", "X-CSRF-Token": jar.get("__Host-csrf") ?? "" },
    body: JSON.stringify(body),
  });
}

type Order = { registrationId: number; intentToken: string; orderId: string };
async function order(a: Awaited<ReturnType<typeof author>>, extra: Record<string, unknown> = {}) {
  const r = await postJson(a.jar, "/api/registration/order", { paperId: a.paper.id, conferenceId: a.conference.id, feeType: "standard", accompaniedPersonsCount: 1, ...extra });
  expect(r.status).toBe(200);
  return (await r.json()) as Order;
}

async function capture(jar: Jar, o: Order) {
  const r = await postJson(jar, "/api/registration/capture", { orderId: o.orderId, registrationId: o.registrationId, intentToken: o.intentToken });
  return { status: r.status, body: (await r.json()) as { outcome?: string; reason?: string; message?: string; registration?: { status: string; receiptNumber: string } } };
}

async function state() {
  const [regs, pays, mails, events] = await Promise.all([
    db().select().from(registrations).all(),
    db().select().from(payments).all(),
    db().select().from(outbox).where(eq(outbox.template, "registration_receipt")).all(),
    db().select().from(paymentEvents).all(),
  ]);
  return { regs, pays, mails, events };
}

/** One registration with one payment, in the given states, and as many receipt mails as confirmations. */
async function expectOne(orderId: string, registration: string, payment: string) {
  const s = await state();
  expect(s.regs.map((r) => r.status)).toEqual([registration]);
  expect(s.pays.map((p) => [p.providerOrderId, p.status])).toEqual([[orderId, payment]]);
  expect(s.mails).toHaveLength(s.regs[0]!.receiptNumber ? 1 : 0);
  return s;
}

const inAYear = () => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() + 1);
  return d.toISOString().slice(0, 10);
};

async function housekeeping(afterMs: number) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime: new Date(Date.now() + afterMs), cron: "*/10 * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

describe("registration payment through PayPal", () => {
  it("charges the amount computed from the conference's fees, whatever the request says, and confirms with the membership year and the receipt", async () => {
    const a = await author();
    // A post that names an amount or a currency is refused: they are never the request's to say.
    const named = await postJson(a.jar, "/api/registration/order", { paperId: a.paper.id, conferenceId: a.conference.id, feeType: "standard", accompaniedPersonsCount: 1, amount: 1, currency: "USD", value: "0.01" });
    expect(named.status).toBe(400);
    expect(await db().select().from(registrations).all()).toEqual([]);
    const o = await order(a);
    const atPayPal = await fake<{ order: { purchase_units: Array<{ amount: unknown; custom_id: string; invoice_id: string }> } }>("GET", `/__fake/orders/${o.orderId}`);
    expect(atPayPal.order.purchase_units[0]).toMatchObject({ amount: { currency_code: "EUR", value: "600.00" }, custom_id: String(o.registrationId), invoice_id: `REG-${o.registrationId}-1` });
    await approve(o.orderId);
    const captured = await capture(a.jar, o);
    expect(captured.status).toBe(200);
    expect(captured.body.outcome).toBe("confirmed");
    expect(captured.body.registration?.receiptNumber).toMatch(/^R-\d{4}-\d{6}$/);
    const s = await expectOne(o.orderId, "confirmed", "completed");
    expect(s.regs[0]).toMatchObject({ amount: 60000, currency: "EUR", feeType: "standard", accompaniedPersons: 1 });
    expect(s.mails[0]!.toAddress).toBe(a.user.email);
    expect(s.mails[0]!.payload).toMatchObject({ amount: "EUR 600.00", receiptNumber: s.regs[0]!.receiptNumber, memberUntil: inAYear(), accompaniedPersons: 1 });
    const member = await db().select({ until: users.memberUntil }).from(users).where(eq(users.id, a.user.id)).get();
    expect(member?.until).toBe(inAYear());
    // The receipt as the notices Worker renders it from the row written in the confirming batch.
    const mail = renderMail("registration_receipt", s.mails[0]!.payload, { siteName: "Multinational Finance Society", siteUrl: BASE });
    expect(mail.subject).toBe(`Multinational Finance Society: Registration for Test Conference confirmed (receipt ${s.regs[0]!.receiptNumber})`);
    expect(mail.text).toContain("Amount paid: EUR 600.00");
    expect(mail.text).toContain("Fee: Standard with 1 accompanied person");
    expect(mail.text).toContain(`you are a member until ${inAYear()}`);
    expect(mail.text).toContain(`${BASE}/dashboard/registrations/${o.registrationId}/receipt`);
    // PayPal's own event for the capture arrives after: applied, and it changes nothing more.
    expect(await deliverAll(o.orderId)).toEqual([{ status: 200, done: "applied" }]);
    await expectOne(o.orderId, "confirmed", "completed");
    expect(await charges(o.orderId)).toBe(1);
    // Paid: a new order is refused.
    expect((await postJson(a.jar, "/api/registration/order", { paperId: a.paper.id, conferenceId: a.conference.id, feeType: "standard" })).status).toBe(409);
  });

  it("extends a membership from its current end when that is later than the payment day", async () => {
    const a = await author();
    await db().update(users).set({ memberUntil: isoDaysFromToday(100) }).where(eq(users.id, a.user.id));
    const o = await order(a);
    await approve(o.orderId);
    expect((await capture(a.jar, o)).body.outcome).toBe("confirmed");
    const until = new Date(`${isoDaysFromToday(100)}T00:00:00Z`);
    until.setUTCFullYear(until.getUTCFullYear() + 1);
    expect((await db().select({ until: users.memberUntil }).from(users).where(eq(users.id, a.user.id)).get())?.until).toBe(until.toISOString().slice(0, 10));
  });

  it("retries a capture whose answer timed out with the same request id: one charge", async () => {
    const a = await author();
    const o = await order(a);
    await approve(o.orderId);
    await faults({ orderId: o.orderId, captureTimeout: 1 });
    expect((await capture(a.jar, o)).body.outcome).toBe("confirmed");
    await expectOne(o.orderId, "confirmed", "completed");
    expect(await charges(o.orderId)).toBe(1);
  });

  it("tells the payer when PayPal stays silent, and the next try settles the capture that did happen", async () => {
    const a = await author();
    const o = await order(a);
    await approve(o.orderId);
    await faults({ orderId: o.orderId, captureTimeout: 2, noEvent: 1 });
    const first = await capture(a.jar, o);
    expect(first.status).toBe(422);
    expect(first.body.message).toMatch(/PayPal did not answer in time/);
    await expectOne(o.orderId, "pending", "approved");
    const second = await capture(a.jar, o);
    expect(second.body.outcome).toBe("confirmed");
    await expectOne(o.orderId, "confirmed", "completed");
    expect(await charges(o.orderId)).toBe(1);
  });

  it("settles ORDER_ALREADY_CAPTURED by reading the order", async () => {
    const a = await author();
    const o = await order(a);
    await approve(o.orderId);
    await faults({ orderId: o.orderId, alreadyCaptured: 1 });
    expect((await capture(a.jar, o)).body.outcome).toBe("confirmed");
    await expectOne(o.orderId, "confirmed", "completed");
    expect(await charges(o.orderId)).toBe(1);
  });

  it("lets the payer choose again after INSTRUMENT_DECLINED", async () => {
    const a = await author();
    const o = await order(a);
    await approve(o.orderId);
    await faults({ orderId: o.orderId, decline: 1 });
    const declined = await capture(a.jar, o);
    expect(declined).toMatchObject({ status: 200, body: { outcome: "declined", reason: "Your payment method was declined. Please choose another way to pay." } });
    await expectOne(o.orderId, "pending", "created");
    await approve(o.orderId);
    expect((await capture(a.jar, o)).body.outcome).toBe("confirmed");
    await expectOne(o.orderId, "confirmed", "completed");
    expect(await charges(o.orderId)).toBe(1);
  });

  it("applies a webhook delivered twice once", async () => {
    const a = await author();
    const o = await order(a);
    await approve(o.orderId);
    await faults({ orderId: o.orderId, duplicateEvent: 1 });
    expect((await capture(a.jar, o)).body.outcome).toBe("confirmed");
    const sent = await deliveries(o.orderId);
    expect(sent).toHaveLength(2);
    expect(sent[0]!.eventId).toBe(sent[1]!.eventId);
    expect(await deliverAll(o.orderId)).toEqual([
      { status: 200, done: "applied" },
      { status: 200, done: "duplicate" },
    ]);
    const s = await expectOne(o.orderId, "confirmed", "completed");
    expect(s.events).toHaveLength(1);
  });

  it("settles an order approved in a window closed before the capture through the housekeeping", async () => {
    const a = await author();
    const o = await order(a);
    await approve(o.orderId);
    // Within the payer's few minutes the housekeeping leaves the order to the browser.
    await housekeeping(60_000);
    await expectOne(o.orderId, "pending", "created");
    await housekeeping(10 * 60_000);
    await expectOne(o.orderId, "confirmed", "completed");
    expect(await charges(o.orderId)).toBe(1);
    expect(await deliverAll(o.orderId)).toEqual([{ status: 200, done: "applied" }]);
    await expectOne(o.orderId, "confirmed", "completed");
  });

  it("closes an order nobody approved once PayPal would have forgotten it, and the author may pay again", async () => {
    const a = await author();
    const o = await order(a);
    await housekeeping(2 * 24 * 3600_000);
    await expectOne(o.orderId, "pending", "created");
    await housekeeping(4 * 24 * 3600_000);
    await expectOne(o.orderId, "pending", "cancelled");
    const again = await order(a);
    expect(again.orderId).not.toBe(o.orderId);
    expect(await charges(o.orderId)).toBe(0);
  });

  it("waits for PayPal on a PENDING capture, and confirms on its COMPLETED event or, with the event lost, through the housekeeping", async () => {
    const a = await author();
    const o = await order(a);
    await approve(o.orderId);
    await faults({ orderId: o.orderId, pending: 1 });
    expect((await capture(a.jar, o)).body.outcome).toBe("pending");
    expect(await deliverAll(o.orderId)).toEqual([{ status: 200, done: "applied" }]);
    await expectOne(o.orderId, "pending", "pending");
    await faults({ orderId: o.orderId, noEvent: 1 });
    await fake("POST", `/__fake/orders/${o.orderId}/settle`);
    await housekeeping(10 * 60_000);
    await expectOne(o.orderId, "confirmed", "completed");
    expect(await charges(o.orderId)).toBe(1);
  });

  it("fails a capture PayPal denies after review, and the author may pay again", async () => {
    const a = await author();
    const o = await order(a);
    await approve(o.orderId);
    await faults({ orderId: o.orderId, pending: 1 });
    await capture(a.jar, o);
    await fake("POST", `/__fake/orders/${o.orderId}/deny`);
    await deliverAll(o.orderId);
    await expectOne(o.orderId, "pending", "failed");
    const again = await order(a);
    expect(again.orderId).not.toBe(o.orderId);
    expect(again.registrationId).toBe(o.registrationId);
  });

  it("makes one order and one charge of a double click", async () => {
    const a = await author();
    const [one, two] = await Promise.all([order(a), order(a)]);
    expect(two.orderId).toBe(one.orderId);
    expect(two.registrationId).toBe(one.registrationId);
    expect(await fake<string[]>("GET", `/__fake/orders?customId=${one.registrationId}`)).toEqual([one.orderId]);
    await approve(one.orderId);
    const captures = await Promise.all([capture(a.jar, one), capture(a.jar, two)]);
    expect(captures.map((c) => c.body.outcome)).toEqual(["confirmed", "confirmed"]);
    await expectOne(one.orderId, "confirmed", "completed");
    expect(await charges(one.orderId)).toBe(1);
  });

  it("gives a changed choice a new order and leaves the first one unpayable", async () => {
    const a = await author();
    const first = await order(a, { feeType: "student", accompaniedPersonsCount: 0 });
    const second = await order(a);
    expect(second.orderId).not.toBe(first.orderId);
    const s = await state();
    expect(s.regs).toHaveLength(1);
    expect(s.regs[0]).toMatchObject({ amount: 60000, feeType: "standard" });
    expect(s.pays.map((p) => [p.providerOrderId, p.status])).toEqual([
      [first.orderId, "cancelled"],
      [second.orderId, "created"],
    ]);
    await approve(first.orderId);
    expect((await capture(a.jar, first)).status).toBe(422);
    expect(await charges(first.orderId)).toBe(0);
  });

  it("waits with a changed choice while an order the payer approved is not settled, and offers that order again for the same choice", async () => {
    const a = await author();
    const first = await order(a, { feeType: "student", accompaniedPersonsCount: 0 });
    await approve(first.orderId);
    // The capture's answer never came: the payment is left approved for the housekeeping.
    await db().update(payments).set({ status: "approved" }).where(eq(payments.providerOrderId, first.orderId)).run();
    const changed = await postJson(a.jar, "/api/registration/order", { paperId: a.paper.id, conferenceId: a.conference.id, feeType: "standard", accompaniedPersonsCount: 1 });
    expect(changed.status).toBe(409);
    expect(((await changed.json()) as { message: string }).message).toContain("being processed");
    expect((await order(a, { feeType: "student", accompaniedPersonsCount: 0 })).orderId).toBe(first.orderId);
    expect((await state()).pays).toHaveLength(1);
  });

  it("answers a double click's second capture as the first when the first has just paid the order (its payment read before)", async () => {
    const a = await author();
    const o = await order(a);
    await approve(o.orderId);
    // The second click's request read the payment, then the first click's capture paid it.
    const second = (await paymentOfOrder(services(), o.orderId))!.payment;
    expect((await capture(a.jar, o)).body.outcome).toBe("confirmed");
    expect((await captureAndSettle(services(), paypalConfig(services().env)!, second)).outcome).toBe("confirmed");
    await expectOne(o.orderId, "confirmed", "completed");
    expect(await charges(o.orderId)).toBe(1);
  });

  it("records on the registration the choice the confirming payment paid for, whatever a later order wrote on it meanwhile", async () => {
    const a = await author();
    const first = await order(a, { feeType: "student", accompaniedPersonsCount: 0 });
    await approve(first.orderId);
    // The capture of the first order is under way (its row read) when another tab orders the standard fee.
    const inFlight = (await paymentOfOrder(services(), first.orderId))!.payment;
    await order(a);
    expect((await state()).regs[0]).toMatchObject({ feeType: "standard", amount: 60000 });
    expect((await captureAndSettle(services(), paypalConfig(services().env)!, inFlight)).outcome).toBe("confirmed");
    const s = await state();
    expect(s.regs[0]).toMatchObject({ status: "confirmed", feeType: "student", accompaniedPersons: 0, amount: 25000 });
    expect(s.mails).toHaveLength(1);
    expect(s.mails[0]!.payload).toMatchObject({ feeType: "Student", amount: "EUR 250.00" });
    expect(await charges(first.orderId)).toBe(1);
  });

  it("does not capture an order the payer also approved once another order has paid the registration, and records a capture that still arrives for a refund", async () => {
    const a = await author();
    const first = await order(a, { feeType: "student", accompaniedPersonsCount: 0 });
    await approve(first.orderId);
    const stale = (await paymentOfOrder(services(), first.orderId))!.payment;
    const second = await order(a);
    await approve(second.orderId);
    expect((await capture(a.jar, second)).body.outcome).toBe("confirmed");
    expect((await captureAndSettle(services(), paypalConfig(services().env)!, stale)).outcome).toBe("failed");
    expect(await charges(first.orderId)).toBe(0);
    // Had its capture raced the other's to PayPal, the money is recorded against the payment, for the office to refund.
    expectConsoleError(/arrived after registration \d+ was paid/);
    expect(await confirmPayment(services(), { ...stale, status: "approved" }, { id: "CAPTURE-LATE" })).toBe(false);
    const late = (await state()).pays.find((p) => p.providerOrderId === first.orderId)!;
    expect(late).toMatchObject({ status: "completed", providerCaptureId: "CAPTURE-LATE", failureReason: PAYMENT_MESSAGES.paidTwice });
    expect((await state()).mails).toHaveLength(1);
  });

  it("refuses a capture of someone else's order", async () => {
    const a = await author();
    const o = await order(a);
    await approve(o.orderId);
    const other = await createUser();
    const jar = await sessionJar(other);
    await visit(jar, "/dashboard");
    const stolen = await postJson(jar, "/api/registration/capture", { orderId: o.orderId, registrationId: o.registrationId });
    expect(stolen.status).toBe(404);
    const forged = await postJson(jar, "/api/registration/capture", { orderId: o.orderId, intentToken: "x".repeat(43) });
    expect(forged.status).toBe(404);
    await expectOne(o.orderId, "pending", "created");
    expect(await charges(o.orderId)).toBe(0);
    // And the return page of the redirect flow refuses it in the spec's words.
    const page = await visit(jar, `/registration/payment/success?registrationId=${o.registrationId}&paymentId=x&token=${o.orderId}&PayerID=ABC`);
    expect(await page.text()).toContain("Payment processing error: No such payment.");
    expect(await charges(o.orderId)).toBe(0);
  });

  it("cancels the registration on a refund and on a reversal, once each", async () => {
    for (const kind of ["refund", "reverse"] as const) {
      await resetDatabase();
      const a = await author();
      const o = await order(a);
      await approve(o.orderId);
      await capture(a.jar, o);
      await fake("POST", `/__fake/orders/${o.orderId}/${kind}`);
      const results = await deliverAll(o.orderId);
      expect(results).toEqual([
        { status: 200, done: "applied" },
        { status: 200, done: "applied" },
      ]);
      const s = await expectOne(o.orderId, "cancelled", kind === "refund" ? "refunded" : "reversed");
      expect(s.regs[0]!.cancelReason).toBe(kind === "refund" ? "The payment was refunded." : "The payment was reversed by the payer's bank.");
      expect(s.events).toHaveLength(2);
      // Delivered again: nothing changes.
      expect((await deliverAll(o.orderId)).map((r) => r.done)).toEqual(["duplicate", "duplicate"]);
    }
  });

  it("refuses a forged or altered webhook and changes nothing", async () => {
    const a = await author();
    const o = await order(a);
    await approve(o.orderId);
    await faults({ orderId: o.orderId, pending: 1 });
    await capture(a.jar, o);
    const [real] = await deliveries(o.orderId);
    const event = JSON.parse(real!.body);
    event.event_type = "PAYMENT.CAPTURE.COMPLETED";
    event.resource.status = "COMPLETED";
    expect((await deliver({ headers: real!.headers, body: JSON.stringify(event) })).status).toBe(403);
    const { "paypal-transmission-sig": _, ...unsigned } = real!.headers;
    expect((await deliver({ headers: unsigned, body: JSON.stringify(event) })).status).toBe(403);
    expect((await deliver({ headers: { ...real!.headers, "paypal-transmission-sig": "Zm9yZ2Vk" }, body: real!.body })).status).toBe(403);
    await expectOne(o.orderId, "pending", "pending");
    expect(await state().then((s) => s.events)).toHaveLength(0);
  });

  it("captures on the redirect flow's return page and shows the spec's texts", async () => {
    const a = await author();
    const created = await postJson(a.jar, "/api/registration/order", { paperId: a.paper.id, conferenceId: a.conference.id, feeType: "student", accompaniedPersonsCount: 0 });
    const o = (await created.json()) as Order;
    const atPayPal = await fake<{ returnUrl: string; cancelUrl: string }>("GET", `/__fake/orders/${o.orderId}`);
    expect(atPayPal.cancelUrl).toBe(`${BASE}/registration/payment/cancel?registrationId=${o.registrationId}`);
    const cancelled = await visit(a.jar, new URL(`${atPayPal.cancelUrl}&token=${o.orderId}`).pathname + new URL(`${atPayPal.cancelUrl}&token=${o.orderId}`).search);
    expect(await cancelled.text()).toContain("Payment was cancelled.");
    const { payerID } = await fake<{ payerID: string }>("POST", `/__fake/orders/${o.orderId}/approve`);
    const back = new URL(atPayPal.returnUrl);
    back.searchParams.set("token", o.orderId);
    back.searchParams.set("PayerID", payerID);
    const page = await visit(a.jar, back.pathname + back.search);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Payment completed successfully!");
    await expectOne(o.orderId, "confirmed", "completed");
    // With only some of the parameters: the generic text, and nothing captured twice.
    expect(await (await visit(a.jar, `/registration/payment/success?registrationId=${o.registrationId}`)).text()).toContain("Payment completed successfully!");
    expect(await charges(o.orderId)).toBe(1);
  });

  it("refuses orders the author may not make: registration closed, deadline passed, paper not accepted, no such fee", async () => {
    const closed = await author({ registrationEnabled: false });
    expect((await postJson(closed.jar, "/api/registration/order", { paperId: closed.paper.id, conferenceId: closed.conference.id, feeType: "standard" })).status).toBe(409);
    const late = await author({ registrationDeadline: isoDaysFromToday(-1) });
    expect((await postJson(late.jar, "/api/registration/order", { paperId: late.paper.id, conferenceId: late.conference.id, feeType: "standard" })).status).toBe(409);
    const noStudents = await author({ feeStudent: null });
    const refused = await postJson(noStudents.jar, "/api/registration/order", { paperId: noStudents.paper.id, conferenceId: noStudents.conference.id, feeType: "student" });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { message: string }).message).toBe("Calculated total is zero or invalid; please review selected fee.");
    const review = await author();
    await db().update(papers).set({ status: "under_review" }).where(eq(papers.id, review.paper.id));
    expect((await postJson(review.jar, "/api/registration/order", { paperId: review.paper.id, conferenceId: review.conference.id, feeType: "standard" })).status).toBe(403);
    const stranger = await sessionJar(await createUser());
    await visit(stranger, "/dashboard");
    expect((await postJson(stranger, "/api/registration/order", { paperId: review.paper.id, conferenceId: review.conference.id, feeType: "standard" })).status).toBe(404);
    expect((await state()).pays).toHaveLength(0);
  });

  it("refuses the dialog's posts without the CSRF header, and gives the SDK's configuration", async () => {
    const a = await author();
    const r = await SELF.fetch(`${BASE}/api/registration/order`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: a.jar.header(), Origin: BASE, "Sec-Fetch-Site": "same-origin" },
      body: JSON.stringify({ paperId: a.paper.id, conferenceId: a.conference.id, feeType: "standard" }),
    });
    expect(r.status).toBe(403);
    const config = await SELF.fetch(`${BASE}/api/payment/config/paypal`);
    expect(await config.json()).toEqual({ clientId: "local-fake-client-id", sdkBaseUrl: `${PAYPAL}/sdk/js` });
    expect((await state()).regs).toHaveLength(0);
  });

  it("lets PayPal's buttons run on the payment pages only", async () => {
    const a = await author();
    const dashboard = (await visit(a.jar, "/dashboard")).headers.get("Content-Security-Policy") ?? "";
    expect(dashboard).toContain("script-src 'self' 'nonce-");
    expect(dashboard).toMatch(/script-src [^;]*https:\/\/\*\.paypal\.com https:\/\/\*\.paypalobjects\.com/);
    expect(dashboard).toMatch(/frame-src https:\/\/\*\.paypal\.com/);
    expect(dashboard).toContain(PAYPAL);
    const profile = (await visit(a.jar, "/profile")).headers.get("Content-Security-Policy") ?? "";
    expect(profile).not.toContain("paypal");
    expect(profile).toContain("frame-src 'none'");
  });
});

describe("paying through the JSON API with a bearer token", () => {
  it("orders, approves and captures with the token alone: the registration is confirmed, in the API's list and on My Submissions", async () => {
    const a = await author();
    const token = await apiToken(a.user);
    const order = await call<Order>("POST", "/api/registration/order", { token, json: { paperId: a.paper.id, conferenceId: a.conference.id, feeType: "standard", accompaniedPersonsCount: 1 } });
    expect(order.status).toBe(200);
    const atPayPal = await fake<{ order: { purchase_units: Array<{ amount: unknown }> } }>("GET", `/__fake/orders/${order.body.orderId}`);
    expect(atPayPal.order.purchase_units[0]!.amount).toMatchObject({ currency_code: "EUR", value: "600.00" });
    await approve(order.body.orderId);
    const captured = await call<{ outcome: string; registration: { status: string; receiptNumber: string } }>("POST", "/api/registration/capture", {
      token,
      json: { orderId: order.body.orderId, registrationId: order.body.registrationId, intentToken: order.body.intentToken },
    });
    expect(captured.status).toBe(200);
    expect(captured.body).toMatchObject({ outcome: "confirmed", registration: { status: "confirmed" } });
    await expectOne(order.body.orderId, "confirmed", "completed");
    const listed = await call<Array<{ registrationStats: { userHasRegistration: boolean; totalPaid: number } }>>("GET", "/api/papers/user", { token });
    expect(listed.body[0]!.registrationStats).toMatchObject({ userHasRegistration: true, totalPaid: 1 });
    expect(textOf(await (await visit(a.jar, "/dashboard?tab=submissions")).text())).toContain(captured.body.registration.receiptNumber);
    // Another member's token cannot capture it again or see it.
    const other = await apiToken(await createUser());
    expect((await call("POST", "/api/registration/capture", { token: other, json: { orderId: order.body.orderId } })).status).toBe(404);
  });

  it("captures through the redirect flow's return call as the success page does, says so once captured, and says a cancel charged nothing", async () => {
    const a = await author();
    const token = await apiToken(a.user);
    const order = await call<Order>("POST", "/api/registration/order", { token, json: { paperId: a.paper.id, conferenceId: a.conference.id, feeType: "standard", accompaniedPersonsCount: 0 } });
    await approve(order.body.orderId);
    const template = "/api/registration/payment/success";
    const query = `registrationId=${order.body.registrationId}&paymentId=${order.body.orderId}&PayerID=PAYER123`;
    const stranger = await call("GET", template, { path: `${template}?${query}`, token: await apiToken(await createUser()) });
    expect(stranger.status).toBe(422);
    expect(stranger.body).toMatchObject({ message: expect.stringMatching(/^Payment processing error: /) });
    const paid = await call("GET", template, { path: `${template}?${query}`, token });
    expect(paid).toMatchObject({ status: 200, body: { status: "success", message: "Payment completed successfully!", registrationId: order.body.registrationId } });
    await expectOne(order.body.orderId, "confirmed", "completed");
    expect((await call("GET", template, { path: `${template}?${query}` })).status).toBe(401);
    const cancelled = await call("GET", "/api/registration/payment/cancel", { path: `/api/registration/payment/cancel?registrationId=${order.body.registrationId}` });
    expect(cancelled).toMatchObject({ status: 200, body: { message: "Payment was cancelled." } });
  });
});
