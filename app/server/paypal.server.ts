/**
 * The site's PayPal REST client (decision 053): OAuth2 client credentials, Orders v2 create, get
 * and capture, a capture's record, and verify-webhook-signature. The same code talks to PayPal's
 * sandbox, to PayPal live and to the local stand-in (scripts/lib/paypal-fake.mjs); only
 * PAYPAL_API_BASE differs. Amounts cross this boundary as PayPal writes them ("600.00").
 */
import type { AppEnv } from "./env.server";

export type PayPalConfig = { apiBase: string; clientId: string; clientSecret: string; webhookId: string };

/** The configured PayPal account, or null when the site takes no payments. */
export function paypalConfig(env: Pick<AppEnv, "PAYPAL_API_BASE" | "PAYPAL_CLIENT_ID" | "PAYPAL_CLIENT_SECRET" | "PAYPAL_WEBHOOK_ID">): PayPalConfig | null {
  if (!env.PAYPAL_API_BASE || !env.PAYPAL_CLIENT_ID || !env.PAYPAL_CLIENT_SECRET || !env.PAYPAL_WEBHOOK_ID) return null;
  return { apiBase: env.PAYPAL_API_BASE, clientId: env.PAYPAL_CLIENT_ID, clientSecret: env.PAYPAL_CLIENT_SECRET, webhookId: env.PAYPAL_WEBHOOK_ID };
}

/** PayPal refused the call: its HTTP status, error name and first detail's issue (INSTRUMENT_DECLINED, …). */
export class PayPalRefusal extends Error {
  constructor(
    readonly status: number,
    readonly errorName: string,
    readonly issue: string | null,
    readonly debugId: string | null,
    description: string,
  ) {
    super(`PayPal ${status} ${errorName}${issue ? ` ${issue}` : ""}: ${description}`);
    this.name = "PayPalRefusal";
  }
}

/** No answer from PayPal (timeout, connection reset, 5xx): the call may or may not have taken effect. */
export class PayPalUnreachable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "PayPalUnreachable";
  }
}

/** How long one call to PayPal may take before its outcome is treated as unknown. */
const CALL_TIMEOUT_MS = 10_000;

export type Money = { currency_code: string; value: string };
export type PayPalCapture = {
  id: string;
  status: "COMPLETED" | "DECLINED" | "PARTIALLY_REFUNDED" | "PENDING" | "REFUNDED" | "FAILED" | "REVERSED";
  status_details?: { reason?: string };
  amount: Money;
  custom_id?: string;
  invoice_id?: string;
  supplementary_data?: { related_ids?: { order_id?: string } };
};
export type PayPalOrder = {
  id: string;
  status: "CREATED" | "SAVED" | "APPROVED" | "VOIDED" | "COMPLETED" | "PAYER_ACTION_REQUIRED";
  intent?: string;
  purchase_units?: Array<{ amount?: Money; custom_id?: string; invoice_id?: string; payments?: { captures?: PayPalCapture[] } }>;
  payer?: { payer_id?: string };
  links?: Array<{ href: string; rel: string; method?: string }>;
};

/** A minor-unit amount as PayPal writes it: 60000 → "600.00" (EUR, USD and GBP have two decimals). */
export const toPayPalValue = (minor: number) => (minor / 100).toFixed(2);
/** PayPal's "600.00" as minor units, or NaN for anything that is not an amount. */
export const fromPayPalValue = (value: string | undefined) => (value && /^\d+(\.\d{1,2})?$/.test(value) ? Math.round(Number(value) * 100) : Number.NaN);

/** Access tokens per account, kept until shortly before they expire (PayPal's last about nine hours). */
const tokens = new Map<string, { token: string; until: number }>();

async function call(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
  } catch (error) {
    throw new PayPalUnreachable(`PayPal did not answer ${init.method ?? "GET"} ${new URL(url).pathname}`, { cause: error });
  }
}

async function refusalOf(response: Response): Promise<never> {
  const text = await response.text().catch(() => "");
  if (response.status >= 500) throw new PayPalUnreachable(`PayPal answered ${response.status}: ${text.slice(0, 200)}`);
  let body: { name?: string; error?: string; message?: string; error_description?: string; debug_id?: string; details?: Array<{ issue?: string; description?: string }> } = {};
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the status alone says what happened.
  }
  const detail = body.details?.[0];
  throw new PayPalRefusal(response.status, body.name ?? body.error ?? "ERROR", detail?.issue ?? null, body.debug_id ?? null, detail?.description ?? body.message ?? body.error_description ?? text.slice(0, 200));
}

async function accessToken(config: PayPalConfig, fresh = false): Promise<string> {
  const key = `${config.apiBase} ${config.clientId}`;
  const kept = tokens.get(key);
  if (kept && !fresh && kept.until > Date.now()) return kept.token;
  const response = await call(`${config.apiBase}/v1/oauth2/token`, {
    method: "POST",
    headers: { Authorization: `Basic ${btoa(`${config.clientId}:${config.clientSecret}`)}`, "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
    body: "grant_type=client_credentials",
  });
  if (!response.ok) await refusalOf(response);
  const body = (await response.json()) as { access_token: string; expires_in: number };
  tokens.set(key, { token: body.access_token, until: Date.now() + Math.max(0, body.expires_in - 300) * 1000 });
  return body.access_token;
}

/** One authenticated call; a token PayPal no longer accepts is replaced once. */
async function api<T>(config: PayPalConfig, method: "GET" | "POST", path: string, options: { body?: unknown; requestId?: string; prefer?: string } = {}): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const headers: Record<string, string> = { Authorization: `Bearer ${await accessToken(config, attempt > 0)}`, Accept: "application/json" };
    if (options.body !== undefined) headers["Content-Type"] = "application/json";
    if (options.requestId) headers["PayPal-Request-Id"] = options.requestId;
    if (options.prefer) headers.Prefer = options.prefer;
    const response = await call(`${config.apiBase}${path}`, { method, headers, body: options.body === undefined ? (method === "POST" ? "{}" : undefined) : JSON.stringify(options.body) });
    if (response.status === 401 && attempt === 0) {
      await response.body?.cancel();
      continue;
    }
    if (!response.ok) await refusalOf(response);
    return (await response.json()) as T;
  }
}

export type NewOrder = {
  amount: number;
  currency: string;
  customId: string;
  invoiceId: string;
  description: string;
  returnUrl: string;
  cancelUrl: string;
  brandName: string;
};

/** Orders v2 create, intent CAPTURE; `requestId` makes a repeated create return the same order. */
export function createOrder(config: PayPalConfig, order: NewOrder, requestId: string) {
  return api<PayPalOrder>(config, "POST", "/v2/checkout/orders", {
    requestId,
    prefer: "return=representation",
    body: {
      intent: "CAPTURE",
      purchase_units: [
        {
          reference_id: "default",
          custom_id: order.customId,
          invoice_id: order.invoiceId,
          description: order.description.slice(0, 127),
          amount: { currency_code: order.currency, value: toPayPalValue(order.amount) },
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            brand_name: order.brandName.slice(0, 127),
            shipping_preference: "NO_SHIPPING",
            user_action: "PAY_NOW",
            return_url: order.returnUrl,
            cancel_url: order.cancelUrl,
          },
        },
      },
    },
  });
}

export const getOrder = (config: PayPalConfig, orderId: string) => api<PayPalOrder>(config, "GET", `/v2/checkout/orders/${encodeURIComponent(orderId)}`);

/** Orders v2 capture; `requestId` makes a repeated capture (after a timeout) answer the first one's result. */
export const captureOrder = (config: PayPalConfig, orderId: string, requestId: string) =>
  api<PayPalOrder>(config, "POST", `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, { requestId, prefer: "return=representation" });

export const getCapture = (config: PayPalConfig, captureId: string) => api<PayPalCapture>(config, "GET", `/v2/payments/captures/${encodeURIComponent(captureId)}`);

/** The approval link of an order: `payer-action` (payment_source flow) or `approve`. */
export const approvalLink = (order: PayPalOrder) => order.links?.find((l) => l.rel === "payer-action" || l.rel === "approve")?.href ?? null;

/** The order's one capture, if it has one. */
export const captureOf = (order: PayPalOrder) => order.purchase_units?.[0]?.payments?.captures?.[0] ?? null;

/**
 * Asks PayPal whether a webhook delivery is genuine (verify-webhook-signature) for this site's
 * webhook id. `event` is the delivery's body, parsed.
 */
export async function verifyWebhook(config: PayPalConfig, headers: Headers, event: unknown): Promise<boolean> {
  const field = (name: string) => headers.get(name) ?? "";
  const names = ["paypal-auth-algo", "paypal-cert-url", "paypal-transmission-id", "paypal-transmission-sig", "paypal-transmission-time"];
  if (names.some((n) => !field(n))) return false;
  const answer = await api<{ verification_status?: string }>(config, "POST", "/v1/notifications/verify-webhook-signature", {
    body: {
      auth_algo: field("paypal-auth-algo"),
      cert_url: field("paypal-cert-url"),
      transmission_id: field("paypal-transmission-id"),
      transmission_sig: field("paypal-transmission-sig"),
      transmission_time: field("paypal-transmission-time"),
      webhook_id: config.webhookId,
      webhook_event: event,
    },
  });
  return answer.verification_status === "SUCCESS";
}
