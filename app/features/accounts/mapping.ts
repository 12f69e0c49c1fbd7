/**
 * Between the forms' flat fields (the spec's registration form) and the stored profile
 * (affiliations and expertise as JSON). Pure, so both directions are unit-tested.
 */
import type { Affiliation, ExpertiseArea } from "~/db/enums";
import { AFFILIATION_KEYS, DEFAULT_DIAL_CODE, EXPERTISE_SLOTS } from "./schemas";

type Flat = Record<string, unknown>;
const str = (v: unknown) => (typeof v === "string" ? v : "");

export function toAffiliation(prefix: "primary" | "secondary", v: Flat): Affiliation | null {
  const get = (k: string) => str(v[`${prefix}${k}`]);
  if (!get("Institution")) return null;
  const opt = (s: string) => s || undefined;
  return {
    institution: get("Institution"),
    rank: get("Rank"),
    rankOther: opt(get("RankOther")),
    department: opt(get("Department")),
    address: {
      address1: get("Address1"),
      address2: opt(get("Address2")),
      city: get("City"),
      postalCode: get("PostalCode"),
      country: get("Country"),
      state: opt(get("State")),
    },
  };
}

export function fromAffiliation(prefix: "primary" | "secondary", a: Affiliation | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const k of AFFILIATION_KEYS) out[`${prefix}${k}`] = "";
  if (!a) return out;
  Object.assign(out, {
    [`${prefix}Institution`]: a.institution,
    [`${prefix}Rank`]: a.rank,
    [`${prefix}RankOther`]: a.rankOther ?? "",
    [`${prefix}Department`]: a.department ?? "",
    [`${prefix}Address1`]: a.address.address1,
    [`${prefix}Address2`]: a.address.address2 ?? "",
    [`${prefix}City`]: a.address.city,
    [`${prefix}PostalCode`]: a.address.postalCode,
    [`${prefix}Country`]: a.address.country,
    [`${prefix}State`]: a.address.state ?? "",
  });
  return out;
}

export function toExpertise(v: Flat): ExpertiseArea[] {
  return EXPERTISE_SLOTS.map((n) => ({ category: str(v[`primary${n}Category`]), topic: str(v[`primary${n}`]) }));
}

export function fromExpertise(areas: ExpertiseArea[] | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  EXPERTISE_SLOTS.forEach((n, i) => {
    out[`primary${n}Category`] = areas?.[i]?.category ?? "";
    out[`primary${n}`] = areas?.[i]?.topic ?? "";
  });
  return out;
}

/**
 * The personal columns of the users table from the form. A telephone country code is kept only
 * with its number: the select always sends one (its default is +1), and a code alone is no phone.
 */
export function toPersonalColumns(v: Flat) {
  const opt = (k: string) => str(v[k]) || null;
  const dialCode = (code: string, number: string) => (str(v[number]) ? str(v[code]) || DEFAULT_DIAL_CODE : "");
  return {
    salutation: str(v.salutation),
    firstName: str(v.firstName),
    middleName: opt("middleName"),
    lastName: str(v.lastName),
    secondaryEmail: opt("secondaryEmail"),
    workPhoneCountry: dialCode("workPhoneCountry", "workPhone"),
    workPhone: opt("workPhone"),
    cellPhoneCountry: dialCode("cellPhoneCountry", "cellPhone"),
    cellPhone: opt("cellPhone"),
    personalWebPage: opt("personalWebPage"),
  };
}
