/**
 * A local PayPal, faked at the HTTP boundary only (decision 053): `npm start`, the end-to-end
 * tests, the integration tests and the benchmark point the site's PAYPAL_API_BASE and the JS SDK's
 * `sdkBaseUrl` here; the site's own code is the code that talks to PayPal in production.
 *
 * What it answers, in the shapes of PayPal's REST documentation:
 *   POST /v1/oauth2/token                         client credentials (Basic auth) → bearer token
 *   POST /v2/checkout/orders                      create (intent CAPTURE), PayPal-Request-Id idempotent
 *   GET  /v2/checkout/orders/{id}                 the order, with its captures once captured
 *   POST /v2/checkout/orders/{id}/capture         capture, PayPal-Request-Id idempotent; errors
 *                                                 INSTRUMENT_DECLINED, ORDER_ALREADY_CAPTURED,
 *                                                 ORDER_NOT_APPROVED (422 UNPROCESSABLE_ENTITY)
 *   GET  /v2/payments/captures/{id}               a capture (its order in supplementary_data)
 *   POST /v1/notifications/verify-webhook-signature   { verification_status: SUCCESS | FAILURE }
 *   GET  /checkoutnow?token={order}               the approval page of the redirect flow: Pay sends
 *                                                 the browser to return_url?token=…&PayerID=…,
 *                                                 Cancel to cancel_url?token=…
 *   GET  /sdk/js?client-id=…                      a stand-in of the JS SDK: `paypal.Buttons({ createOrder,
 *                                                 onApprove, onCancel, onError }).render(el)` draws a
 *                                                 real button; a click creates the order through the
 *                                                 page, "approves" it here and calls onApprove.
 * Webhook events (PAYMENT.CAPTURE.COMPLETED, PENDING, DENIED, REFUNDED, REVERSED) are signed and
 * POSTed to `webhookTarget` with PayPal's PAYPAL-TRANSMISSION-* headers (retried a few times on a
 * refusal), and kept, delivered or not, for tests that hand them to the Worker themselves
 * (`GET /__fake/deliveries`): the Workers test pool has no address Node could post to.
 *
 * Test controls (JSON, also callable from inside workerd), all under /__fake/:
 *   POST faults            { orderId?, decline?, captureTimeout?, alreadyCaptured?, pending?,
 *                            duplicateEvent?, noEvent?, tokenFailure? } — each a count of how many
 *                            times it strikes (true = once), for one order or (no orderId) the next ones:
 *                            decline: the capture answers INSTRUMENT_DECLINED and the order needs a new approval;
 *                            captureTimeout: the capture happens, its answer never arrives (connection dropped);
 *                            alreadyCaptured: the capture happens as if by an earlier request, the answer is
 *                            ORDER_ALREADY_CAPTURED; pending: the capture is PENDING (PENDING_REVIEW);
 *                            duplicateEvent: the next event is delivered twice; noEvent: never delivered;
 *                            tokenFailure: the OAuth token call answers 500
 *   POST reset             forget faults (orders stay: ids never repeat)
 *   POST orders/{id}/approve   what the payer does on PayPal: { payerId? } → { orderID, payerID }
 *   POST orders/{id}/settle    a PENDING capture completes (PAYMENT.CAPTURE.COMPLETED)
 *   POST orders/{id}/deny      a PENDING capture is denied (PAYMENT.CAPTURE.DENIED)
 *   POST orders/{id}/refund    the merchant refunds it (PAYMENT.CAPTURE.REFUNDED)
 *   POST orders/{id}/reverse   the payer's bank takes it back (PAYMENT.CAPTURE.REVERSED)
 *   GET  orders/{id}           the fake's record: order, charges (captures made), requests seen
 *   GET  orders?customId=      the ids of the orders made for one custom_id
 *   GET  deliveries?orderId=   the signed webhook deliveries { id, eventType, headers, body, status }
 *   POST deliver           { deliveryId } sends a kept delivery again (to webhookTarget)
 *   GET  stats             counts of orders, captures and calls by kind
 *
 * The signature is the fake's own (HMAC-SHA-256 over PayPal's signed string
 * `transmissionId|timeStamp|webhookId|crc32(body)`): only this server can tell whether it holds,
 * which is what PayPal's verify-webhook-signature call gives a site too.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";

export const FAKE_CREDENTIALS = { clientId: "local-fake-client-id", clientSecret: "local-fake-client-secret", webhookId: "LOCALFAKEWEBHOOK1" };

const ALPHANUM = "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789";
function paypalId(length = 17) {
  const bytes = randomBytes(length);
  let id = "";
  for (const b of bytes) id += ALPHANUM[b % ALPHANUM.length];
  return id;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(text) {
  let crc = 0xffffffff;
  for (const byte of Buffer.from(text, "utf8")) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

const FAULTS = ["decline", "captureTimeout", "alreadyCaptured", "pending", "duplicateEvent", "noEvent", "tokenFailure"];
const ISO = () => new Date().toISOString().replace(/\.\d{3}Z$/, "Z");

/**
 * @param {{ port?: number, host?: string, webhookTarget?: string, clientId?: string, clientSecret?: string, webhookId?: string, quiet?: boolean }} [options]
 */
export async function startPayPalFake(options = {}) {
  const host = options.host ?? "127.0.0.1";
  const creds = {
    clientId: options.clientId ?? FAKE_CREDENTIALS.clientId,
    clientSecret: options.clientSecret ?? FAKE_CREDENTIALS.clientSecret,
    webhookId: options.webhookId ?? FAKE_CREDENTIALS.webhookId,
  };
  const signingKey = randomBytes(32);
  let webhookTarget = options.webhookTarget ?? null;
  let url = "";

  const tokens = new Set();
  /** @type {Map<string, any>} order id → { order, returnUrl, cancelUrl, charges, requests } */
  const orders = new Map();
  const captures = new Map(); // capture id → order id
  const replies = new Map(); // `${kind} ${requestId}` → { status, body }
  const invoices = new Set();
  const deliveries = [];
  const stats = { tokens: 0, creates: 0, gets: 0, captures: 0, charges: 0, verifications: 0, webhooksSent: 0 };
  /** @type {Array<{ orderId: string | null, kind: string, left: number }>} */
  let faults = [];

  /** Takes one strike of `kind` for `orderId`, if one is armed (an order's own first). */
  function strike(kind, orderId) {
    const rule = faults.find((f) => f.kind === kind && f.left > 0 && f.orderId === orderId) ?? faults.find((f) => f.kind === kind && f.left > 0 && f.orderId === null);
    if (!rule) return false;
    rule.left -= 1;
    return true;
  }

  function setFaults(spec = {}) {
    const orderId = spec.orderId ?? null;
    for (const kind of FAULTS) {
      if (spec[kind] === undefined || spec[kind] === false || spec[kind] === 0) continue;
      faults.push({ orderId, kind, left: spec[kind] === true ? 1 : Number(spec[kind]) });
    }
  }

  const error = (status, name, message, details = []) => ({
    status,
    body: {
      name,
      message,
      debug_id: randomBytes(7).toString("hex"),
      ...(details.length ? { details } : {}),
      links: [{ href: `https://developer.paypal.com/docs/api/orders/v2/#error-${details[0]?.issue ?? name}`, rel: "information_link", method: "GET" }],
    },
  });
  const unprocessable = (issue, description) =>
    error(422, "UNPROCESSABLE_ENTITY", "The requested action could not be performed, semantically incorrect, or failed business validation.", [{ issue, description }]);
  const notFound = (field = "order_id") =>
    error(404, "RESOURCE_NOT_FOUND", "The specified resource does not exist.", [{ field, value: "", location: "path", issue: "INVALID_RESOURCE_ID", description: "Specified resource ID does not exist. Please check the resource ID and try again." }]);
  const invalid = (field, issue, description) =>
    error(400, "INVALID_REQUEST", "Request is not well-formed, syntactically incorrect, or violates schema.", [{ field, location: "body", issue, description }]);

  const orderLinks = (record) => {
    const id = record.order.id;
    const links = [{ href: `${url}/v2/checkout/orders/${id}`, rel: "self", method: "GET" }];
    if (record.order.status === "CREATED" || record.order.status === "PAYER_ACTION_REQUIRED") {
      links.push({ href: `${url}/checkoutnow?token=${id}`, rel: record.flow === "payment_source" ? "payer-action" : "approve", method: "GET" });
      links.push({ href: `${url}/v2/checkout/orders/${id}`, rel: "update", method: "PATCH" });
    }
    if (record.order.status !== "COMPLETED") links.push({ href: `${url}/v2/checkout/orders/${id}/capture`, rel: "capture", method: "POST" });
    return links;
  };
  const orderView = (record) => ({ ...structuredClone(record.order), links: orderLinks(record) });

  function captureLinks(captureId, orderId) {
    return [
      { href: `${url}/v2/payments/captures/${captureId}`, rel: "self", method: "GET" },
      { href: `${url}/v2/payments/captures/${captureId}/refund`, rel: "refund", method: "POST" },
      { href: `${url}/v2/checkout/orders/${orderId}`, rel: "up", method: "GET" },
    ];
  }

  // ---------------------------------------------------------------- webhook events

  function signedDelivery(event) {
    const body = JSON.stringify(event);
    const transmissionId = randomBytes(16).toString("hex").replace(/^(.{8})(.{4})(.{4})(.{4})/, "$1-$2-$3-$4-");
    const time = new Date().toISOString();
    const signature = createHmac("sha256", signingKey).update(`${transmissionId}|${time}|${creds.webhookId}|${crc32(body)}`).digest("base64");
    return {
      headers: {
        "content-type": "application/json",
        "paypal-transmission-id": transmissionId,
        "paypal-transmission-time": time,
        "paypal-transmission-sig": signature,
        "paypal-cert-url": `${url}/v1/notifications/certs/CERT-360caa42-fca2a594-local`,
        "paypal-auth-algo": "SHA256withRSA",
        "user-agent": "PayPal/AUHD-214.0-58870738",
      },
      body,
    };
  }

  async function post(delivery) {
    if (!webhookTarget) return;
    for (let attempt = 0; attempt < 4; attempt++) {
      try {
        const r = await fetch(webhookTarget, { method: "POST", headers: delivery.headers, body: delivery.body });
        await r.arrayBuffer().catch(() => {});
        delivery.status = r.status;
        stats.webhooksSent += 1;
        if (r.ok) return;
      } catch (e) {
        delivery.status = `unreachable: ${e?.cause?.code ?? e?.message}`;
      }
      await new Promise((r) => setTimeout(r, 300 * (attempt + 1)));
    }
  }

  function emit(orderId, eventType, resourceType, resource, summary) {
    const event = {
      id: `WH-${paypalId(8)}-${paypalId(17)}`,
      event_version: "1.0",
      create_time: ISO(),
      resource_type: resourceType,
      resource_version: "2.0",
      event_type: eventType,
      summary,
      resource,
      links: [
        { href: `${url}/v1/notifications/webhooks-events/WH-EVENT`, rel: "self", method: "GET" },
        { href: `${url}/v1/notifications/webhooks-events/WH-EVENT/resend`, rel: "resend", method: "POST" },
      ],
    };
    const withheld = strike("noEvent", orderId);
    const twice = strike("duplicateEvent", orderId);
    const copies = withheld ? 1 : twice ? 2 : 1;
    const signed = signedDelivery(event);
    for (let i = 0; i < copies; i++) {
      const delivery = { id: `${event.id}#${deliveries.length + 1}`, eventId: event.id, orderId, eventType, ...signed, status: withheld ? "withheld" : "queued" };
      deliveries.push(delivery);
      if (!withheld) void post(delivery);
    }
  }

  function captureResource(record) {
    const capture = record.order.purchase_units[0].payments.captures[0];
    return { ...structuredClone(capture), supplementary_data: { related_ids: { order_id: record.order.id } }, links: captureLinks(capture.id, record.order.id) };
  }

  function refundResource(record, reason) {
    const capture = record.order.purchase_units[0].payments.captures[0];
    return {
      id: paypalId(17),
      amount: capture.amount,
      seller_payable_breakdown: { gross_amount: capture.amount, total_refunded_amount: capture.amount },
      invoice_id: capture.invoice_id,
      custom_id: capture.custom_id,
      status: "COMPLETED",
      ...(reason ? { note_to_payer: reason } : {}),
      create_time: ISO(),
      update_time: ISO(),
      links: [
        { href: `${url}/v2/payments/refunds/REFUND`, rel: "self", method: "GET" },
        { href: `${url}/v2/payments/captures/${capture.id}`, rel: "up", method: "GET" },
      ],
    };
  }

  // ---------------------------------------------------------------- REST handlers

  function requireBearer(req) {
    const auth = req.headers.authorization ?? "";
    const token = auth.startsWith("Bearer ") ? auth.slice(7) : "";
    return tokens.has(token);
  }

  function oauthToken(req, body) {
    stats.tokens += 1;
    const basic = (req.headers.authorization ?? "").replace(/^Basic /, "");
    const [id, secret] = Buffer.from(basic, "base64").toString("utf8").split(":");
    if (strike("tokenFailure", null)) return { status: 500, body: { name: "INTERNAL_SERVER_ERROR", message: "An internal server error occurred.", debug_id: randomBytes(7).toString("hex") } };
    if (id !== creds.clientId || secret !== creds.clientSecret) return { status: 401, body: { error: "invalid_client", error_description: "Client Authentication failed" } };
    if (new URLSearchParams(body).get("grant_type") !== "client_credentials") return { status: 400, body: { error: "unsupported_grant_type", error_description: "Grant Type is NULL" } };
    const token = `A21AA${randomBytes(24).toString("base64url")}`;
    tokens.add(token);
    return {
      status: 200,
      body: {
        scope: "https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/applications/verify-webhook-signature",
        access_token: token,
        token_type: "Bearer",
        app_id: "APP-80W284485P519543T",
        expires_in: 32400,
        nonce: `${ISO()}${randomBytes(8).toString("hex")}`,
      },
    };
  }

  function createOrder(req, input) {
    stats.creates += 1;
    if (!input || typeof input !== "object") return invalid("/", "MALFORMED_REQUEST_JSON", "The request JSON is not well formed.");
    if (input.intent !== "CAPTURE" && input.intent !== "AUTHORIZE") return invalid("/intent", "INVALID_PARAMETER_VALUE", "The value of a field is invalid.");
    const units = input.purchase_units;
    if (!Array.isArray(units) || units.length !== 1) return invalid("/purchase_units", "MISSING_REQUIRED_PARAMETER", "A required field / parameter is missing.");
    const unit = units[0];
    const amount = unit.amount ?? {};
    if (!/^[A-Z]{3}$/.test(amount.currency_code ?? "")) return invalid("/purchase_units/@reference_id=='default'/amount/currency_code", "INVALID_PARAMETER_VALUE", "The value of a field is invalid.");
    if (!/^\d{1,10}(\.\d{1,2})?$/.test(amount.value ?? "") || Number(amount.value) <= 0) {
      return invalid("/purchase_units/@reference_id=='default'/amount/value", "INVALID_PARAMETER_VALUE", "The value of a field is invalid.");
    }
    if (unit.invoice_id && invoices.has(unit.invoice_id)) return unprocessable("DUPLICATE_INVOICE_ID", "Duplicate Invoice ID detected. To avoid a potential duplicate transaction your account setting requires that Invoice Id be unique for each transaction.");
    const experience = input.payment_source?.paypal?.experience_context;
    const context = experience ?? input.application_context ?? {};
    const id = paypalId(17);
    if (unit.invoice_id) invoices.add(unit.invoice_id);
    const record = {
      flow: experience ? "payment_source" : "application_context",
      returnUrl: context.return_url ?? null,
      cancelUrl: context.cancel_url ?? null,
      charges: 0,
      requests: [],
      order: {
        id,
        intent: input.intent,
        status: experience ? "PAYER_ACTION_REQUIRED" : "CREATED",
        ...(experience ? { payment_source: { paypal: {} } } : {}),
        purchase_units: [
          {
            reference_id: unit.reference_id ?? "default",
            amount: { currency_code: amount.currency_code, value: amount.value },
            payee: { email_address: "merchant@example.org", merchant_id: "LOCALMERCHANT" },
            ...(unit.description ? { description: unit.description } : {}),
            ...(unit.custom_id ? { custom_id: unit.custom_id } : {}),
            ...(unit.invoice_id ? { invoice_id: unit.invoice_id } : {}),
          },
        ],
        create_time: ISO(),
      },
    };
    orders.set(id, record);
    record.requests.push("create");
    const minimal = (req.headers.prefer ?? "").includes("return=minimal") || !(req.headers.prefer ?? "").includes("return=representation");
    const view = orderView(record);
    return { status: 201, body: minimal ? { id, status: view.status, ...(view.payment_source ? { payment_source: view.payment_source } : {}), links: view.links } : view };
  }

  function approve(orderId, payerId) {
    const record = orders.get(orderId);
    if (!record) return null;
    if (record.order.status === "CREATED" || record.order.status === "PAYER_ACTION_REQUIRED" || record.order.status === "APPROVED") {
      const payer = { name: { given_name: "Local", surname: "Payer" }, email_address: "payer@example.org", payer_id: payerId ?? record.order.payer?.payer_id ?? paypalId(13), address: { country_code: "GB" } };
      record.order.payer = payer;
      record.order.payment_source = { paypal: { email_address: payer.email_address, account_id: payer.payer_id, account_status: "VERIFIED", name: payer.name, address: payer.address } };
      record.order.status = "APPROVED";
      record.order.update_time = ISO();
      record.requests.push("approve");
    }
    return record;
  }

  /** Answers a capture; `hangUp` true when the answer must never reach the caller (a timeout). */
  function captureOrder(orderId) {
    stats.captures += 1;
    const record = orders.get(orderId);
    if (!record) return { reply: notFound() };
    record.requests.push("capture");
    const alreadyCaptured = unprocessable("ORDER_ALREADY_CAPTURED", "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.");
    if (record.order.status === "COMPLETED") return { reply: alreadyCaptured };
    if (record.order.status === "APPROVED" && strike("alreadyCaptured", orderId)) {
      // An earlier capture of this order (another request id) went through and its answer was lost.
      captureOrder(orderId);
      return { reply: alreadyCaptured };
    }
    if (record.order.status !== "APPROVED") return { reply: unprocessable("ORDER_NOT_APPROVED", "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.") };
    if (strike("decline", orderId)) {
      // The payer must choose another way to pay: the order waits for a new approval.
      record.order.status = record.flow === "payment_source" ? "PAYER_ACTION_REQUIRED" : "CREATED";
      return { reply: unprocessable("INSTRUMENT_DECLINED", "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment.") };
    }
    const pending = strike("pending", orderId);
    const unit = record.order.purchase_units[0];
    const captureId = paypalId(17);
    const capture = {
      id: captureId,
      status: pending ? "PENDING" : "COMPLETED",
      ...(pending ? { status_details: { reason: "PENDING_REVIEW" } } : {}),
      amount: { ...unit.amount },
      final_capture: true,
      seller_protection: { status: "ELIGIBLE", dispute_categories: ["ITEM_NOT_RECEIVED", "UNAUTHORIZED_TRANSACTION"] },
      seller_receivable_breakdown: {
        gross_amount: { ...unit.amount },
        paypal_fee: { currency_code: unit.amount.currency_code, value: (Math.round(Number(unit.amount.value) * 3.4 + 35) / 100).toFixed(2) },
        net_amount: { currency_code: unit.amount.currency_code, value: (Number(unit.amount.value) - Math.round(Number(unit.amount.value) * 3.4 + 35) / 100).toFixed(2) },
      },
      ...(unit.custom_id ? { custom_id: unit.custom_id } : {}),
      ...(unit.invoice_id ? { invoice_id: unit.invoice_id } : {}),
      create_time: ISO(),
      update_time: ISO(),
    };
    unit.payments = { captures: [capture] };
    record.order.status = "COMPLETED";
    record.order.update_time = ISO();
    record.charges += 1;
    stats.charges += 1;
    captures.set(captureId, orderId);
    const body = {
      id: orderId,
      status: "COMPLETED",
      payment_source: record.order.payment_source,
      purchase_units: [{ reference_id: unit.reference_id, payments: { captures: [{ ...capture, links: captureLinks(captureId, orderId) }] } }],
      payer: record.order.payer,
      links: [{ href: `${url}/v2/checkout/orders/${orderId}`, rel: "self", method: "GET" }],
    };
    if (pending) emit(orderId, "PAYMENT.CAPTURE.PENDING", "capture", captureResource(record), `Payment pending for ${unit.amount.value} ${unit.amount.currency_code}`);
    else emit(orderId, "PAYMENT.CAPTURE.COMPLETED", "capture", captureResource(record), `Payment completed for ${unit.amount.value} ${unit.amount.currency_code}`);
    return { reply: { status: 201, body }, hangUp: strike("captureTimeout", orderId) };
  }

  function verifySignature(input) {
    stats.verifications += 1;
    const required = ["auth_algo", "cert_url", "transmission_id", "transmission_sig", "transmission_time", "webhook_id", "webhook_event"];
    const missing = required.find((k) => !input?.[k]);
    if (missing) return invalid(`/${missing}`, "MISSING_REQUIRED_PARAMETER", "A required field / parameter is missing.");
    const expected = createHmac("sha256", signingKey).update(`${input.transmission_id}|${input.transmission_time}|${input.webhook_id}|${crc32(JSON.stringify(input.webhook_event))}`).digest();
    const given = Buffer.from(String(input.transmission_sig), "base64");
    const ok = input.webhook_id === creds.webhookId && given.length === expected.length && timingSafeEqual(given, expected);
    return { status: 200, body: { verification_status: ok ? "SUCCESS" : "FAILURE" } };
  }

  /** Settles, denies, refunds or reverses the capture of an order, as PayPal (or a bank) would. */
  function afterCapture(orderId, action) {
    const record = orders.get(orderId);
    const capture = record?.order.purchase_units[0].payments?.captures?.[0];
    if (!capture) return notFound();
    const unit = record.order.purchase_units[0];
    const money = `${unit.amount.value} ${unit.amount.currency_code}`;
    if (action === "settle" || action === "deny") {
      if (capture.status !== "PENDING") return unprocessable("CAPTURE_NOT_PENDING", "The capture is not pending.");
      capture.status = action === "settle" ? "COMPLETED" : "DECLINED";
      delete capture.status_details;
      capture.update_time = ISO();
      emit(orderId, action === "settle" ? "PAYMENT.CAPTURE.COMPLETED" : "PAYMENT.CAPTURE.DENIED", "capture", captureResource(record), `Payment ${action === "settle" ? "completed" : "denied"} for ${money}`);
    } else {
      if (capture.status !== "COMPLETED") return unprocessable("CAPTURE_FULLY_REFUNDED", "The capture has already been fully refunded or reversed.");
      capture.status = action === "refund" ? "REFUNDED" : "REVERSED";
      capture.update_time = ISO();
      emit(orderId, action === "refund" ? "PAYMENT.CAPTURE.REFUNDED" : "PAYMENT.CAPTURE.REVERSED", "refund", refundResource(record, action === "reverse" ? "Reversed by the payer's bank" : undefined), `A ${money} capture payment was ${action === "refund" ? "refunded" : "reversed"}`);
    }
    return { status: 200, body: { orderId, capture: structuredClone(capture) } };
  }

  // ---------------------------------------------------------------- pages and the SDK stand-in

  const escape = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

  function approvalPage(orderId) {
    const record = orders.get(orderId);
    if (!record) return { status: 404, type: "text/html; charset=utf-8", body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>PayPal (local)</title></head><body><main><h1>No such order</h1></main></body></html>` };
    const amount = record.order.purchase_units[0].amount;
    const description = record.order.purchase_units[0].description ?? "Payment";
    const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Pay with PayPal (local)</title></head>
<body style="font-family: system-ui, sans-serif; margin: 0; background: #f5f7fa; color: #1a1a1a">
<main style="max-width: 28rem; margin: 3rem auto; background: #fff; border-radius: 8px; padding: 2rem; box-shadow: 0 1px 4px rgba(0,0,0,.15)">
<p style="margin: 0 0 1rem; font-weight: 700; color: #003087">PayPal <span style="font-weight: 400; color: #555">(local stand-in)</span></p>
<h1 style="font-size: 1.4rem">${escape(description)}</h1>
<p>Amount: <strong>${escape(amount.value)} ${escape(amount.currency_code)}</strong></p>
<p>Order ${escape(orderId)}</p>
<form method="post" action="/checkoutnow/approve"><input type="hidden" name="token" value="${escape(orderId)}">
<button type="submit" style="width: 100%; padding: .8rem; font-size: 1rem; border: 0; border-radius: 4px; background: #ffc439; color: #111; cursor: pointer">Pay Now</button></form>
<form method="post" action="/checkoutnow/cancel" style="margin-top: 1rem"><input type="hidden" name="token" value="${escape(orderId)}">
<button type="submit" style="width: 100%; padding: .8rem; font-size: 1rem; border: 1px solid #888; border-radius: 4px; background: #fff; color: #111; cursor: pointer">Cancel and return to the site</button></form>
</main></body></html>`;
    return { status: 200, type: "text/html; charset=utf-8", body };
  }

  function withQuery(target, params) {
    const u = new URL(target);
    for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
    return u.toString();
  }

  function sdkScript(query) {
    const clientId = query.get("client-id");
    if (clientId !== creds.clientId) {
      return `throw new Error(${JSON.stringify(`SDK Validation error: 'Invalid query value for client-id: ${clientId ?? ""}'`)});`;
    }
    const config = { base: url, currency: query.get("currency") ?? "USD", intent: query.get("intent") ?? "capture", commit: query.get("commit") ?? "true" };
    return `(function () {
  "use strict";
  var CONFIG = ${JSON.stringify(config)};
  function Buttons(options) {
    options = options || {};
    var closed = false;
    var host = null;
    function fail(error) {
      if (options.onError) options.onError(error instanceof Error ? error : new Error(String(error)));
      else throw error;
    }
    function pay(button) {
      button.disabled = true;
      button.setAttribute("aria-busy", "true");
      var actions = {
        order: { create: function () { return Promise.reject(new Error("Create the order on the server.")); } },
        restart: function () { return pay(button); }
      };
      return Promise.resolve()
        .then(function () { return options.createOrder ? options.createOrder({ paymentSource: "paypal" }, actions) : Promise.reject(new Error("Expected createOrder")); })
        .then(function (orderID) {
          if (!orderID) throw new Error("Expected an order id to be passed");
          return fetch(CONFIG.base + "/__fake/orders/" + encodeURIComponent(orderID) + "/approve", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" })
            .then(function (r) { if (!r.ok) throw new Error("The order could not be approved"); return r.json(); })
            .then(function (a) {
              if (closed) return;
              if (options.onApprove) return options.onApprove({ orderID: a.orderID, payerID: a.payerID, paymentSource: "paypal", facilitatorAccessToken: "A21AAlocal" }, actions);
            });
        })
        .catch(fail)
        .then(function () { if (!closed) { button.disabled = false; button.removeAttribute("aria-busy"); } });
    }
    function cancel() {
      if (options.onCancel) options.onCancel({ orderID: null });
    }
    return {
      isEligible: function () { return true; },
      render: function (target) {
        return new Promise(function (resolve, reject) {
          host = typeof target === "string" ? document.querySelector(target) : target;
          if (!host) { reject(new Error("Document is ready and element " + target + " does not exist")); return; }
          var wrap = document.createElement("div");
          wrap.setAttribute("data-paypal-stand-in", "");
          wrap.style.cssText = "display:flex;flex-direction:column;gap:8px;max-width:750px";
          var button = document.createElement("button");
          button.type = "button";
          button.textContent = "PayPal";
          button.setAttribute("aria-label", "Pay with PayPal");
          button.style.cssText = "min-height:45px;border:0;border-radius:4px;background:#ffc439;color:#003087;font:700 18px system-ui,sans-serif;cursor:pointer";
          button.addEventListener("click", function () { pay(button); });
          var close = document.createElement("button");
          close.type = "button";
          close.textContent = "Close the PayPal window";
          close.style.cssText = "min-height:36px;border:1px solid #767676;border-radius:4px;background:#fff;color:#111;font:14px system-ui,sans-serif;cursor:pointer";
          close.addEventListener("click", cancel);
          wrap.appendChild(button);
          wrap.appendChild(close);
          host.appendChild(wrap);
          resolve();
        });
      },
      close: function () { closed = true; if (host) host.innerHTML = ""; return Promise.resolve(); }
    };
  }
  window.paypal = { version: "5.0.0-local", FUNDING: { PAYPAL: "paypal", CARD: "card" }, Buttons: Buttons };
})();
`;
  }

  // ---------------------------------------------------------------- the server

  const readBody = (req) =>
    new Promise((resolve, reject) => {
      const chunks = [];
      req.on("data", (c) => chunks.push(c));
      req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
      req.on("error", reject);
    });
  const parseJson = (text) => {
    try {
      return text ? JSON.parse(text) : {};
    } catch {
      return undefined;
    }
  };

  /** A PayPal-Request-Id call: the first answer to a key is the answer to every repeat of it. */
  function idempotent(kind, req, compute) {
    const key = req.headers["paypal-request-id"];
    if (!key) return compute();
    const stored = replies.get(`${kind} ${key}`);
    if (stored) return { reply: stored, replayed: true };
    const result = compute();
    const reply = result.reply ?? result;
    if (reply.status < 500) replies.set(`${kind} ${key}`, reply);
    return result;
  }

  const server = createServer(async (req, res) => {
    const u = new URL(req.url ?? "/", url);
    const path = u.pathname;
    const cors = { "Access-Control-Allow-Origin": "*", "Access-Control-Allow-Headers": "Content-Type", "Access-Control-Allow-Methods": "GET, POST" };
    const send = ({ status, body }, extra = {}) => {
      res.writeHead(status, { "Content-Type": "application/json", "Cache-Control": "no-store", "paypal-debug-id": randomBytes(7).toString("hex"), ...cors, ...extra });
      res.end(body === undefined ? "" : JSON.stringify(body));
    };
    const sendText = (status, type, body, extra = {}) => {
      res.writeHead(status, { "Content-Type": type, "Cache-Control": "no-store", ...cors, ...extra });
      res.end(body);
    };
    try {
      if (req.method === "OPTIONS") return sendText(204, "text/plain", "");
      const raw = req.method === "POST" ? await readBody(req) : "";
      let m;
      if (req.method === "POST" && path === "/v1/oauth2/token") return send(oauthToken(req, raw));
      if (path.startsWith("/v1/") || path.startsWith("/v2/")) {
        if (!requireBearer(req)) return send({ status: 401, body: { error: "invalid_token", error_description: "Token signature verification failed" } });
        if (req.method === "POST" && path === "/v2/checkout/orders") {
          const input = parseJson(raw);
          const result = idempotent("create", req, () => createOrder(req, input));
          return send(result.reply ?? result);
        }
        if (req.method === "GET" && (m = /^\/v2\/checkout\/orders\/([A-Z0-9]+)$/.exec(path))) {
          stats.gets += 1;
          const record = orders.get(m[1]);
          return send(record ? { status: 200, body: orderView(record) } : notFound());
        }
        if (req.method === "POST" && (m = /^\/v2\/checkout\/orders\/([A-Z0-9]+)\/capture$/.exec(path))) {
          const result = idempotent("capture", req, () => captureOrder(m[1]));
          // A repeated request's answer can be lost as well as the first one's.
          if (result.hangUp || (result.replayed && strike("captureTimeout", m[1]))) {
            // The capture happened at PayPal; its answer never reaches the site.
            req.socket.destroy();
            return;
          }
          return send(result.reply);
        }
        if (req.method === "GET" && (m = /^\/v2\/payments\/captures\/([A-Z0-9]+)$/.exec(path))) {
          const orderId = captures.get(m[1]);
          return send(orderId ? { status: 200, body: captureResource(orders.get(orderId)) } : notFound("capture_id"));
        }
        if (req.method === "POST" && path === "/v1/notifications/verify-webhook-signature") return send(verifySignature(parseJson(raw)));
        return send(notFound("path"));
      }
      if (req.method === "GET" && path === "/checkoutnow") {
        const page = approvalPage(u.searchParams.get("token") ?? "");
        return sendText(page.status, page.type, page.body);
      }
      if (req.method === "POST" && (path === "/checkoutnow/approve" || path === "/checkoutnow/cancel")) {
        const token = new URLSearchParams(raw).get("token") ?? "";
        const record = orders.get(token);
        if (!record) return sendText(404, "text/plain; charset=utf-8", "No such order");
        if (path === "/checkoutnow/cancel") {
          if (!record.cancelUrl) return sendText(400, "text/plain; charset=utf-8", "The order has no cancel_url");
          return sendText(303, "text/plain; charset=utf-8", "", { Location: withQuery(record.cancelUrl, { token }) });
        }
        approve(token);
        if (!record.returnUrl) return sendText(400, "text/plain; charset=utf-8", "The order has no return_url");
        return sendText(303, "text/plain; charset=utf-8", "", { Location: withQuery(record.returnUrl, { token, PayerID: record.order.payer.payer_id }) });
      }
      if (req.method === "GET" && path === "/sdk/js") return sendText(200, "application/javascript; charset=utf-8", sdkScript(u.searchParams));
      // The approval page's browser asks for an icon; a 404 would show in a browser test's console.
      if (req.method === "GET" && path === "/favicon.ico") return sendText(204, "image/x-icon", "");
      if (path.startsWith("/__fake/")) {
        const input = parseJson(raw) ?? {};
        if (req.method === "POST" && path === "/__fake/faults") {
          setFaults(input);
          return send({ status: 200, body: { faults } });
        }
        if (req.method === "POST" && path === "/__fake/reset") {
          faults = [];
          return send({ status: 200, body: {} });
        }
        if (req.method === "POST" && (m = /^\/__fake\/orders\/([A-Z0-9]+)\/approve$/.exec(path))) {
          const record = approve(m[1], input.payerId);
          if (!record) return send(notFound());
          if (record.order.status !== "APPROVED") return send(unprocessable("ORDER_NOT_APPROVABLE", `The order is ${record.order.status}.`));
          return send({ status: 200, body: { orderID: m[1], payerID: record.order.payer.payer_id } });
        }
        if (req.method === "POST" && (m = /^\/__fake\/orders\/([A-Z0-9]+)\/(settle|deny|refund|reverse)$/.exec(path))) return send(afterCapture(m[1], m[2]));
        if (req.method === "GET" && (m = /^\/__fake\/orders\/([A-Z0-9]+)$/.exec(path))) {
          const record = orders.get(m[1]);
          return send(record ? { status: 200, body: { order: orderView(record), charges: record.charges, requests: record.requests, returnUrl: record.returnUrl, cancelUrl: record.cancelUrl } } : notFound());
        }
        if (req.method === "GET" && path === "/__fake/deliveries") {
          const orderId = u.searchParams.get("orderId");
          return send({ status: 200, body: deliveries.filter((d) => !orderId || d.orderId === orderId) });
        }
        if (req.method === "POST" && path === "/__fake/deliver") {
          const delivery = deliveries.find((d) => d.id === input.deliveryId);
          if (!delivery) return send(notFound("deliveryId"));
          await post(delivery);
          return send({ status: 200, body: delivery });
        }
        if (req.method === "GET" && path === "/__fake/stats") return send({ status: 200, body: { ...stats, orders: orders.size } });
        if (req.method === "GET" && path === "/__fake/orders") {
          const customId = u.searchParams.get("customId");
          const ids = [...orders.values()].filter((r) => !customId || r.order.purchase_units[0].custom_id === customId).map((r) => r.order.id);
          return send({ status: 200, body: ids });
        }
      }
      return send(notFound("path"));
    } catch (e) {
      if (!options.quiet) console.error("paypal-fake:", e);
      if (!res.headersSent) send({ status: 500, body: { name: "INTERNAL_SERVER_ERROR", message: "An internal server error occurred.", debug_id: "local" } });
    }
  });

  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, resolve);
  });
  url = `http://${host}:${server.address().port}`;

  return {
    url,
    /** The address given to @paypal/paypal-js as `sdkBaseUrl`. */
    sdkUrl: `${url}/sdk/js`,
    credentials: creds,
    /** Arms faults, as POST /__fake/faults does. */
    faults: (spec) => setFaults(spec),
    resetFaults: () => {
      faults = [];
    },
    setWebhookTarget: (target) => {
      webhookTarget = target;
    },
    deliveries: () => deliveries,
    stats: () => ({ ...stats, orders: orders.size }),
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

/** The site's settings for a local PayPal: what `wrangler dev --var` and the test bindings get. */
export function paypalVars(fake) {
  return {
    PAYPAL_API_BASE: fake.url,
    PAYPAL_CLIENT_ID: fake.credentials.clientId,
    PAYPAL_CLIENT_SECRET: fake.credentials.clientSecret,
    PAYPAL_WEBHOOK_ID: fake.credentials.webhookId,
    PAYPAL_SDK_URL: fake.sdkUrl,
  };
}
