/**
 * A person's profile between the spec's nested shape (primaryAffiliation {…, address {…}},
 * areasOfExpertise {primary: […]}) and the forms' flat fields (`primaryInstitution`,
 * `primary1Category`, …), which the pages' own schemas check. Both the account's profile
 * (`/api/auth/profile`) and the console's users (`/api/admin/users/{id}`) read and write it.
 */
import { z } from "zod";
import { fromAffiliation, fromExpertise } from "~/features/accounts/mapping";
import { personalShape } from "~/features/accounts/schemas";
import { AppError } from "~/server/errors.server";
import { addressShape, affiliationShape, expertiseShape, type profileAnswer } from "./shapes";

/**
 * An affiliation as a client sends it: every part optional, the page's rules decide what is
 * required. Nested objects name their fields too: an unknown one is refused, not dropped.
 */
export const affiliationBody = affiliationShape.partial().extend({ address: addressShape.partial().strict().optional() }).strict();

/** The nested profile fields a client sends (the personal ones flat, as the spec's entities have them). */
export const profileFields = {
  salutation: z.string().max(20),
  firstName: z.string().max(100),
  middleName: z.string().max(100).optional(),
  lastName: z.string().max(100),
  secondaryEmail: z.string().max(254).optional(),
  workPhone: z.string().max(40).optional(),
  workPhoneCountry: z.string().max(8).optional(),
  cellPhone: z.string().max(40).optional(),
  cellPhoneCountry: z.string().max(8).optional(),
  personalWebPage: z.string().max(300).optional(),
  primaryAffiliation: affiliationBody,
  secondaryAffiliation: affiliationBody.nullable().optional(),
  // The spec's secondary areas are unused by every form, so a body cannot carry them either.
  areasOfExpertise: z.object({ primary: z.array(expertiseShape.strict()).max(3) }).strict(),
};
export type ProfileFields = z.infer<z.ZodObject<typeof profileFields>>;

/** The forms' flat fields (the pages' field names) from the nested body, for the pages' schemas. */
export function flatProfile(body: ProfileFields) {
  const affiliation = (p: "primary" | "secondary", a: z.infer<typeof affiliationBody> | null | undefined) =>
    a
      ? fromAffiliation(p, {
          institution: a.institution ?? "",
          rank: a.rank ?? "",
          rankOther: a.rankOther,
          department: a.department,
          address: { address1: a.address?.address1 ?? "", address2: a.address?.address2, city: a.address?.city ?? "", postalCode: a.address?.postalCode ?? "", country: a.address?.country ?? "", state: a.address?.state },
        })
      : fromAffiliation(p, null);
  const secondary = affiliation("secondary", body.secondaryAffiliation);
  return {
    personal: Object.fromEntries(Object.keys(personalShape).map((k) => [k, (body as Record<string, unknown>)[k] ?? ""])),
    affiliations: { ...affiliation("primary", body.primaryAffiliation), ...secondary, hasSecondary: Object.values(secondary).some(Boolean) },
    expertise: fromExpertise(body.areasOfExpertise?.primary ?? []),
  };
}

/** A flat field's error under the nested body's name (`primaryInstitution` → `primaryAffiliation.institution`). */
export function nestedField(flat: string) {
  const m = /^(primary|secondary)(Institution|Rank|RankOther|Department|Address1|Address2|City|PostalCode|Country|State)$/.exec(flat);
  if (m) {
    const part = m[2]!.charAt(0).toLowerCase() + m[2]!.slice(1);
    const inAddress = ["address1", "address2", "city", "postalCode", "country", "state"].includes(part);
    return `${m[1]}Affiliation.${inAddress ? `address.${part}` : part}`;
  }
  const area = /^primary([123])(Category)?$/.exec(flat);
  if (area) return `areasOfExpertise.primary.${Number(area[1]) - 1}.${area[2] ? "category" : "topic"}`;
  return flat;
}

/** Runs every check and reports every wrong field at once, under the body's own names (`rename`). */
export async function checkedAll(checks: Array<Promise<unknown>>, rename: (field: string) => string = (f) => f) {
  const results = await Promise.allSettled(checks);
  const fieldErrors: Record<string, string> = {};
  for (const r of results) {
    if (r.status === "fulfilled") continue;
    if (!(r.reason instanceof AppError)) throw r.reason;
    for (const [k, v] of Object.entries(r.reason.fieldErrors ?? {})) fieldErrors[rename(k)] ??= v;
  }
  if (Object.keys(fieldErrors).length) throw new AppError("invalid", Object.values(fieldErrors)[0] && Object.keys(fieldErrors).length === 1 ? Object.values(fieldErrors)[0]! : "Some fields need attention: nothing was saved.", { fieldErrors });
  return results.map((r) => (r as PromiseFulfilledResult<unknown>).value);
}

type NestedProfile = Omit<z.input<typeof profileAnswer>, "_id" | "email" | "username" | "role" | "memberUntil" | "twoFactorEnabled">;

/** The forms' flat fields (as `profileValues` reads them) in the spec's nested shape; empty optional parts left out. */
export function nestedProfile(flat: Record<string, string | boolean | undefined>): NestedProfile {
  const v = (key: string) => {
    const value = flat[key];
    return typeof value === "string" ? value : "";
  };
  const affiliation = (p: "primary" | "secondary") =>
    v(`${p}Institution`)
      ? {
          institution: v(`${p}Institution`),
          rank: v(`${p}Rank`),
          ...(v(`${p}RankOther`) ? { rankOther: v(`${p}RankOther`) } : {}),
          ...(v(`${p}Department`) ? { department: v(`${p}Department`) } : {}),
          address: {
            address1: v(`${p}Address1`),
            ...(v(`${p}Address2`) ? { address2: v(`${p}Address2`) } : {}),
            city: v(`${p}City`),
            postalCode: v(`${p}PostalCode`),
            country: v(`${p}Country`),
            ...(v(`${p}State`) ? { state: v(`${p}State`) } : {}),
          },
        }
      : null;
  return {
    salutation: v("salutation"),
    firstName: v("firstName"),
    middleName: v("middleName"),
    lastName: v("lastName"),
    secondaryEmail: v("secondaryEmail"),
    workPhone: v("workPhone"),
    workPhoneCountry: v("workPhoneCountry"),
    cellPhone: v("cellPhone"),
    cellPhoneCountry: v("cellPhoneCountry"),
    personalWebPage: v("personalWebPage"),
    primaryAffiliation: affiliation("primary"),
    secondaryAffiliation: affiliation("secondary"),
    areasOfExpertise: {
      primary: [1, 2, 3].map((n) => ({ category: v(`primary${n}Category`), topic: v(`primary${n}`) })).filter((a) => a.category || a.topic),
    },
  };
}
