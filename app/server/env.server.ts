import { z } from "zod";

/**
 * The environment, checked once per request. Bindings and secrets arrive with each request on
 * Workers, so nothing here is read at module load.
 */
const EnvSchema = z.object({
  SITE_NAME: z.string().min(1),
  SITE_URL: z.string().url(),
  CONTACT_ADDRESS: z.string().min(1),
  CONTACT_EMAIL: z.string().email(),
  SUPPORT_EMAIL: z.string().email(),
  MANAGER_EMAIL: z.string().email(),
  SOCIAL_LINKEDIN: z.string().url(),
  SOCIAL_X: z.string().url(),
  SOCIAL_FACEBOOK: z.string().url(),
  SOCIAL_YOUTUBE: z.string().url(),
  /** Signs short-lived cookies (the registration wizard's draft). A secret: `wrangler secret put`. */
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters"),
  PAGE_CACHE: z.enum(["on", "off"]).default("on"),
  /**
   * Who gets the `Server-Timing` header (D1 round trips and rows read): administrators only, by
   * default and when deployed (its counts differ with what a request found, so a visitor could
   * learn from them who has an account); everyone on a local stack (npm start, the benchmark,
   * the tests), where it is the instrument.
   */
  SERVER_TIMING: z.enum(["admins", "all"]).default("admins"),
  /**
   * Whether an administrator must use two-factor sign-in before the console opens (ASVS 6.3.3):
   * `required` by default and as deployed; `optional` only in the local demo, so `npm start`
   * keeps its one-step sign-in (and says so on its console).
   */
  ADMIN_TWO_FACTOR: z.enum(["required", "optional"]).default("required"),
  /** How long an isolate trusts the content version it read (ms); 0 reads it on every request. */
  CONTENT_VERSION_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** Origins (scheme://host[:port], comma-separated) whose pages may call the JSON API from a browser; none by default. */
  API_CORS_ORIGINS: z
    .string()
    .default("")
    .transform((v) => v.split(",").map((o) => o.trim()).filter(Boolean))
    .pipe(z.array(z.string().url())),
  /**
   * PayPal (decision 053): the REST app's client id and secret (a secret: `wrangler secret put`),
   * the id of the webhook registered for /api/paypal/webhook, and the API's address
   * (https://api-m.sandbox.paypal.com or https://api-m.paypal.com; a local stand-in on a local
   * stack). All four or none: without them the site takes no payments and says so.
   */
  PAYPAL_CLIENT_ID: z.string().trim().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().trim().min(1).optional(),
  PAYPAL_WEBHOOK_ID: z.string().regex(/^[A-Za-z0-9]+$/, "PAYPAL_WEBHOOK_ID is PayPal's webhook id (letters and digits)").optional(),
  PAYPAL_API_BASE: z
    .string()
    .url()
    .refine((v) => isPayPalApi(v) || isLocal(v), "PAYPAL_API_BASE must be https://api-m.paypal.com, https://api-m.sandbox.paypal.com or a local stand-in")
    .transform((v) => v.replace(/\/+$/, ""))
    .optional(),
  /** Where the browser loads PayPal's JS SDK from: PayPal's own unless a local stand-in is named (local stacks only). */
  PAYPAL_SDK_URL: z
    .string()
    .url()
    .refine(isLocal, "PAYPAL_SDK_URL may only name a local stand-in; PayPal's own SDK address is the default")
    .optional(),
}).superRefine((env, issues) => {
  const named = PAYPAL_SETTINGS.filter((k) => env[k] !== undefined);
  if (named.length > 0 && named.length < PAYPAL_SETTINGS.length) {
    for (const k of PAYPAL_SETTINGS.filter((k) => env[k] === undefined)) issues.addIssue({ code: "custom", path: [k], message: `${k} is missing: PayPal needs all of ${PAYPAL_SETTINGS.join(", ")}` });
  }
});

const PAYPAL_SETTINGS = ["PAYPAL_CLIENT_ID", "PAYPAL_CLIENT_SECRET", "PAYPAL_WEBHOOK_ID", "PAYPAL_API_BASE"] as const;

/** PayPal's two REST hosts. */
export const PAYPAL_API_HOSTS = ["https://api-m.paypal.com", "https://api-m.sandbox.paypal.com"] as const;

function isPayPalApi(v: string) {
  return (PAYPAL_API_HOSTS as readonly string[]).includes(new URL(v).origin);
}

/** A stand-in on this machine (npm start, the tests, the benchmark): plain http on the loopback. */
export function isLocal(v: string) {
  const u = new URL(v);
  return u.protocol === "http:" && (u.hostname === "127.0.0.1" || u.hostname === "localhost");
}

export type AppEnv = z.infer<typeof EnvSchema>;



/**
 * Checked when a request first brings this `env` (never at module load, where Workers have no
 * environment), then remembered for as long as the isolate keeps the same `env` object.
 */
const checked = new WeakMap<object, AppEnv>();

export function parseEnv(raw: Record<string, unknown>): AppEnv {
  const known = checked.get(raw);
  if (known) return known;
  const parsed = EnvSchema.safeParse(raw);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => i.path.join(".")).join(", ");
    throw new Error(`Invalid environment configuration: ${fields}`);
  }
  checked.set(raw, parsed.data);
  return parsed.data;
}

/** What the browser may see: the site's public identity, nothing secret. */
export function getPublicConfig(env: AppEnv) {
  return {
    siteName: env.SITE_NAME,
    siteUrl: env.SITE_URL,
    contactAddress: env.CONTACT_ADDRESS,
    contactEmail: env.CONTACT_EMAIL,
    supportEmail: env.SUPPORT_EMAIL,
    managerEmail: env.MANAGER_EMAIL,
    social: {
      linkedin: env.SOCIAL_LINKEDIN,
      x: env.SOCIAL_X,
      facebook: env.SOCIAL_FACEBOOK,
      youtube: env.SOCIAL_YOUTUBE,
    },
  };
}
export type PublicConfig = ReturnType<typeof getPublicConfig>;
