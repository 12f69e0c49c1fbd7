/**
 * The zod schemas of every account form. The server validates every post with them; with
 * JavaScript the same schemas validate in the browser as the user types (remix-validated-form).
 * Field names follow the spec's flat registration form.
 */
import { COUNTRIES, DIAL_CODES } from "virtual:world-countries";
import { z } from "zod";
import { MESSAGES } from "./messages";
import { USER_ROLES, USER_STATUSES } from "~/db/enums";
import { PASSWORD_MAX, PASSWORD_MIN } from "~/lib/password-length";
import { ACADEMIC_RANKS, isCategory, isTopicOf, SALUTATIONS, UNITED_STATES, US_STATES } from "./options";


const countryCodes = new Set(COUNTRIES.map(([code]) => code));
const dialCodes = new Set(DIAL_CODES.map(([code]) => code));
const stateCodes = new Set(US_STATES.map(([code]) => code));

/** Browsers post "" for an empty field; the forms treat it as absent. */
const text = (max: number) => z.string().trim().max(max, `At most ${max} characters.`).default("");
const required = (label: string, max = 200) => text(max).refine((v) => v.length > 0, `${label} is required.`);
const email = (label: string) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .max(254, "At most 254 characters.")
    .refine((v) => v.length > 0, `${label} is required.`)
    .pipe(z.string().email("Enter a valid e-mail address."));
const optionalEmail = text(254)
  .transform((v) => v.toLowerCase())
  .refine((v) => v === "" || z.string().email().safeParse(v).success, "Enter a valid e-mail address.");
/** The telephone country code a form offers first, and the one a number sent without a code gets. */
export const DEFAULT_DIAL_CODE = "+1";
const dialCode = z
  .string()
  .default(DEFAULT_DIAL_CODE)
  .transform((v) => v || DEFAULT_DIAL_CODE)
  .refine((v) => dialCodes.has(v), "Choose a telephone country code.");
const phone = text(40).refine((v) => v === "" || /^[0-9 ()+\-./]{4,40}$/.test(v), "Enter digits, spaces and ( ) - . only.");
const webPage = text(300).refine((v) => v === "" || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(v), "Enter a web address starting with http:// or https://.");
const checkbox = z
  .union([z.boolean(), z.literal("on"), z.literal("true"), z.literal(""), z.literal("false")])
  .optional()
  .transform((v) => v === true || v === "on" || v === "true");

/* ------------------------------------------------------------ personal */

export const personalShape = {
  salutation: z.string().refine((v) => (SALUTATIONS as readonly string[]).includes(v), "Salutation is required."),
  firstName: required("First name", 100),
  middleName: text(100),
  lastName: required("Last name", 100),
  secondaryEmail: optionalEmail,
  workPhoneCountry: dialCode,
  workPhone: phone,
  cellPhoneCountry: dialCode,
  cellPhone: phone,
  personalWebPage: webPage,
};

export const registerPersonalSchema = z
  .object({
    ...personalShape,
    primaryEmail: email("E-mail"),
    primaryEmailConfirm: email("Confirm e-mail"),
  })
  .refine((v) => v.primaryEmail === v.primaryEmailConfirm, {
    path: ["primaryEmailConfirm"],
    message: "The two e-mail addresses do not match.",
  });

/* ------------------------------------------------------------ affiliations */

type Prefix = "primary" | "secondary";

function affiliationShape<P extends Prefix>(p: P) {
  return {
    [`${p}Institution`]: text(200),
    [`${p}Rank`]: text(60),
    [`${p}RankOther`]: text(100),
    [`${p}Department`]: text(200),
    [`${p}Address1`]: text(200),
    [`${p}Address2`]: text(200),
    [`${p}City`]: text(100),
    [`${p}PostalCode`]: text(20),
    [`${p}Country`]: text(2),
    [`${p}State`]: text(2),
  } as Record<`${P}${AffiliationKey}`, ReturnType<typeof text>>;
}

export const AFFILIATION_KEYS = [
  "Institution",
  "Rank",
  "RankOther",
  "Department",
  "Address1",
  "Address2",
  "City",
  "PostalCode",
  "Country",
  "State",
] as const;
type AffiliationKey = (typeof AFFILIATION_KEYS)[number];

/** Rules of one affiliation; `all` requires the address too (the primary one). */
function checkAffiliation(p: Prefix, v: Record<string, string>, ctx: z.RefinementCtx, all: boolean) {
  const need = (key: AffiliationKey, label: string) => {
    if (!v[`${p}${key}`]) ctx.addIssue({ code: "custom", path: [`${p}${key}`], message: `${label} is required.` });
  };
  need("Institution", "Institution");
  if (!(ACADEMIC_RANKS as readonly string[]).includes(v[`${p}Rank`] ?? "")) {
    ctx.addIssue({ code: "custom", path: [`${p}Rank`], message: "Academic rank is required." });
  }
  if (v[`${p}Rank`] === "Other") need("RankOther", "Your rank");
  if (all) {
    need("Address1", "Address");
    need("City", "City");
    need("PostalCode", "Postal code");
  }
  const country = v[`${p}Country`] ?? "";
  if (country ? !countryCodes.has(country) : all) {
    ctx.addIssue({ code: "custom", path: [`${p}Country`], message: "Country is required." });
  }
  if (country === UNITED_STATES && !stateCodes.has(v[`${p}State`] ?? "")) {
    ctx.addIssue({ code: "custom", path: [`${p}State`], message: "State is required for the United States." });
  }
}

/** What the rules say to drop: the Other text unless rank is Other, the state outside the US. */
function tidyAffiliation(p: Prefix, v: Record<string, string>) {
  if (v[`${p}Rank`] !== "Other") v[`${p}RankOther`] = "";
  if (v[`${p}Country`] !== UNITED_STATES) v[`${p}State`] = "";
}

export const affiliationsSchema = z
  .object({ ...affiliationShape("primary"), ...affiliationShape("secondary"), hasSecondary: checkbox })
  .transform((v) => {
    const out: Record<string, string | boolean> & typeof v = { ...v };
    tidyAffiliation("primary", out as Record<string, string>);
    // The secondary affiliation counts only while its box is ticked; unticking clears it.
    if (!v.hasSecondary) for (const k of AFFILIATION_KEYS) (out as Record<string, string>)[`secondary${k}`] = "";
    else tidyAffiliation("secondary", out as Record<string, string>);
    return out;
  })
  .superRefine((v, ctx) => {
    checkAffiliation("primary", v as unknown as Record<string, string>, ctx, true);
    if (v.hasSecondary) checkAffiliation("secondary", v as unknown as Record<string, string>, ctx, false);
  });

/* ------------------------------------------------------------ expertise */

export const EXPERTISE_SLOTS = [1, 2, 3] as const;

/**
 * Without JavaScript an area is one choice among topics grouped by category, posted as
 * "category :: topic" in the topic's field, so the pair cannot disagree. The schema
 * splits it before checking; the two-select form posts the parts as they are.
 */
export const TOPIC_PAIR_SEPARATOR = " :: ";

export function splitTopicPair(category: unknown, topic: unknown): { category: string; topic: string } {
  const t = typeof topic === "string" ? topic : "";
  const at = t.indexOf(TOPIC_PAIR_SEPARATOR);
  if (at >= 0) return { category: t.slice(0, at), topic: t.slice(at + TOPIC_PAIR_SEPARATOR.length) };
  return { category: typeof category === "string" ? category : "", topic: t };
}

/** One research area of a form: the names of its category and topic fields, and whether it must be filled. */
export type TopicPairSlot = { category: string; topic: string; required: boolean; label: string; noCategory: string };

/**
 * The schema of a form's research areas (the profile's three areas of expertise, a submission's
 * five research areas): each slot a category and one of its topics, the required ones filled, an
 * optional one either empty or whole, no topic twice. Pairs posted as one value are split first.
 */
export function topicPairsSchema(slots: readonly TopicPairSlot[], duplicateMessage: string) {
  const shape = Object.fromEntries(slots.flatMap((s) => [[s.category, text(80)], [s.topic, text(120)]]));
  return z.preprocess(
    (input) => {
      if (!input || typeof input !== "object") return input;
      const values: Record<string, unknown> = { ...input };
      for (const s of slots) {
        const { category, topic } = splitTopicPair(values[s.category], values[s.topic]);
        values[s.category] = category;
        values[s.topic] = topic;
      }
      return values;
    },
    z.object(shape).superRefine((v, ctx) => {
      const seen = new Set<string>();
      for (const s of slots) {
        const category = String(v[s.category] ?? "");
        const topic = String(v[s.topic] ?? "");
        if (!category && !topic && !s.required) continue;
        if (!isCategory(category)) {
          ctx.addIssue({ code: "custom", path: [s.category], message: s.noCategory });
        } else if (!isTopicOf(category, topic)) {
          ctx.addIssue({ code: "custom", path: [s.topic], message: `Choose a topic of ${category} for ${s.label}.` });
        } else if (seen.has(topic)) {
          ctx.addIssue({ code: "custom", path: [s.topic], message: duplicateMessage });
        }
        seen.add(topic);
      }
    }),
  ) as unknown as z.ZodType<Record<string, string>>;
}

export const expertiseSchema = topicPairsSchema(
  EXPERTISE_SLOTS.map((n) => ({ category: `primary${n}Category`, topic: `primary${n}`, required: true, label: `area ${n}`, noCategory: `Choose research category ${n}.` })),
  "Choose three different topics.",
) as unknown as z.ZodType<{ [K in `primary${(typeof EXPERTISE_SLOTS)[number]}${"" | "Category"}`]: string }>;

/* ------------------------------------------------------------ passwords */

const newPassword = z
  .string()
  .default("")
  .refine((v) => v.length >= PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters long.`)
  .refine((v) => v.length <= PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters long.`);

export const registerAccountSchema = z
  .object({ password: newPassword, passwordRetype: z.string().default("") })
  .refine((v) => v.password === v.passwordRetype, { path: ["passwordRetype"], message: MESSAGES.passwordsMismatch });

export const loginSchema = z.object({
  email: z.string().trim().toLowerCase().max(254).pipe(z.string().email()),
  password: z.string().min(1).max(PASSWORD_MAX),
  redirectTo: z.string().max(2000).optional(),
});

export const emailOnlySchema = z.object({ email: email("E-mail") });

export const resetPasswordSchema = z
  .object({ token: z.string().default(""), newPassword, newPasswordRetype: z.string().default("") })
  .refine((v) => v.newPassword === v.newPasswordRetype, { path: ["newPasswordRetype"], message: MESSAGES.passwordsMismatch });

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().max(PASSWORD_MAX).default(""),
    newPassword: z.string().max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters long.`).default(""),
    newPasswordRetype: z.string().max(PASSWORD_MAX).default(""),
  })
  .superRefine((v, ctx) => {
    if (!v.newPassword) {
      ctx.addIssue({ code: "custom", path: ["newPassword"], message: "Enter a new password." });
      return;
    }
    if (!v.currentPassword) ctx.addIssue({ code: "custom", path: ["currentPassword"], message: MESSAGES.currentPasswordRequired });
    if (v.newPassword !== v.newPasswordRetype) ctx.addIssue({ code: "custom", path: ["newPasswordRetype"], message: MESSAGES.newPasswordsMismatch });
    if (v.newPassword.length < PASSWORD_MIN) ctx.addIssue({ code: "custom", path: ["newPassword"], message: MESSAGES.newPasswordTooShort });
  });

/** The console's Edit User form: the profile, the login e-mail, role and status. */
export const adminUserSchema = z.intersection(
  z.intersection(
    z.object({
      ...personalShape,
      email: email("E-mail"),
      role: z.enum(USER_ROLES, { message: "Choose a role." }),
      status: z.enum(USER_STATUSES, { message: "Choose a status." }),
    }),
    affiliationsSchema,
  ),
  expertiseSchema,
);

export type PersonalValues = z.infer<z.ZodObject<typeof personalShape>>;
export type AffiliationValues = z.infer<typeof affiliationsSchema>;
export type ExpertiseValues = z.infer<typeof expertiseSchema>;

/* The second factor's forms (decision 028). */
const otpCode = z.string().trim().min(1, "Enter the code from your app.").max(40, "At most 40 characters.");

/** The sign-in's second step: a code from the app, or a recovery code. */
export const secondFactorSchema = z.object({ code: otpCode });

/** The forms of /profile/two-factor, one per intent; the server reads them as one union. */
/** Every change of the second factor asks for the password again. */
const reauthPassword = z.string().min(1, "Enter your password.").max(PASSWORD_MAX);
export const TWO_FACTOR_FORMS = {
  start: z.object({ intent: z.literal("start"), password: reauthPassword }),
  confirm: z.object({ intent: z.literal("confirm"), code: otpCode }),
  codes: z.object({ intent: z.literal("codes"), password: reauthPassword }),
  disable: z.object({ intent: z.literal("disable"), password: reauthPassword }),
};
export const twoFactorFormSchema = z.discriminatedUnion("intent", [TWO_FACTOR_FORMS.start, TWO_FACTOR_FORMS.confirm, TWO_FACTOR_FORMS.codes, TWO_FACTOR_FORMS.disable]);

/** /activate-account's two posts: the activation itself, and a new link (its messages are the spec's). */
/** An old link's page may post without an intent: that is an activation. */
export const activationFormSchema = z.preprocess((posted) => (posted && typeof posted === "object" && !("intent" in posted) ? { ...posted, intent: "activate" } : posted), z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("activate"), token: z.string().max(200).default("") }),
  z.object({
    intent: z.literal("resend"),
    email: z
      .string()
      .trim()
      .toLowerCase()
      .min(1, "Cannot resend activation: email not provided in URL.")
      .max(254, "That e-mail address is not valid.")
      .pipe(z.string().email("That e-mail address is not valid.")),
  }),
]));
