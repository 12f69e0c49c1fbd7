/**
 * The one computation of a registration's amount (decision 053): the dialog shows its total with
 * it and the server charges with it, always from the conference's fees as stored, never from a
 * posted amount. Pure and free of server code, so the browser imports it too.
 */
import { z } from "zod";
import { withZod } from "@remix-validated-form/with-zod";
import { FEE_TYPES, type FeeType, type PaperStatus, type RegistrationStatus } from "~/db/enums";

export type ConferenceFees = {
  /** Minor units; null when the conference does not offer that fee. */
  standard: number | null;
  student: number | null;
  accompaniedPerson: number | null;
};

/** At most one accompanied person (spec: the count sent is 1 or 0). */
export const MAX_ACCOMPANIED_PERSONS = 1;

/**
 * The amount in minor units for a fee type and a number of accompanied persons, or null when the
 * choice is not on offer (a fee the conference does not define, more persons than allowed, an
 * accompanied person where there is no such fee). Never zero or negative: a zero total is no choice.
 */
export function quoteFee(fees: ConferenceFees, feeType: FeeType, accompaniedPersons: number): number | null {
  const base = fees[feeType];
  if (base === null || base === undefined || !Number.isInteger(base) || base <= 0) return null;
  if (!Number.isInteger(accompaniedPersons) || accompaniedPersons < 0 || accompaniedPersons > MAX_ACCOMPANIED_PERSONS) return null;
  if (accompaniedPersons > 0 && (fees.accompaniedPerson === null || fees.accompaniedPerson <= 0)) return null;
  return base + accompaniedPersons * (fees.accompaniedPerson ?? 0);
}

/** The fee types a conference offers, in the order the dialog lists them. */
export const offeredFeeTypes = (fees: ConferenceFees): FeeType[] => FEE_TYPES.filter((t) => fees[t] !== null && (fees[t] ?? 0) > 0);

/** The spec's words for a total that is not a positive amount. */
export const ZERO_TOTAL = "Calculated total is zero or invalid; please review selected fee.";

/**
 * What the dialog (JSON) and its no-JavaScript form post to create an order. No amount and no
 * currency: those come from the database. The count of accompanied persons is 0 or 1.
 */
export const RegistrationOrderSchema = z.object({
  paperId: z.coerce.number().int().positive(),
  conferenceId: z.coerce.number().int().positive(),
  feeType: z.enum(FEE_TYPES, { message: "Choose a fee type." }),
  accompaniedPersonsCount: z.coerce.number().int().min(0).max(MAX_ACCOMPANIED_PERSONS, "At most one accompanied person.").default(0),
});
export type RegistrationOrderInput = z.infer<typeof RegistrationOrderSchema>;
export const registrationOrderValidator = withZod(RegistrationOrderSchema);

/** What the dialog posts after PayPal's approval. */
export const RegistrationCaptureSchema = z.object({
  orderId: z.string().regex(/^[A-Z0-9]{1,36}$/, "Not a PayPal order id."),
  registrationId: z.coerce.number().int().positive().optional(),
  intentToken: z.string().max(200).optional(),
});
export type RegistrationCaptureInput = z.infer<typeof RegistrationCaptureSchema>;
export const registrationCaptureValidator = withZod(RegistrationCaptureSchema);


export type Eligibility = "eligible" | "closed" | "registered" | "none";

/**
 * Whether an author may register for one paper (spec section 4), from what one list query reads:
 * `none` unless the paper is accepted (the caller has checked the author holds one of its roles);
 * `registered` with a confirmed registration; `closed` when the conference takes no
 * registrations, its deadline (YYYY-MM-DD, the last day) has passed or it offers no fee; else
 * `eligible`. `today` is YYYY-MM-DD (UTC). The one rule for My Submissions and the server's order.
 */
export function eligibilityOf(
  p: { paperStatus: PaperStatus | string; registrationEnabled: boolean; deadline: string | null; fees: ConferenceFees; registrationStatus: RegistrationStatus | null | undefined },
  today: string,
): Eligibility {
  if (p.paperStatus !== "accepted") return "none";
  if (p.registrationStatus === "confirmed") return "registered";
  if (!p.registrationEnabled || (p.deadline && p.deadline < today) || offeredFeeTypes(p.fees).length === 0) return "closed";
  return "eligible";
}
