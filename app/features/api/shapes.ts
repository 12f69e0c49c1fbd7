/**
 * The shapes of the JSON API's answers and of its nested bodies, with the spec's field names
 * (`_id`, `manuscriptTitle`, `fees.standard`, …; its sections 3). The OpenAPI document is written
 * from them, and the contract tests check every answer against that document.
 */
import { z } from "zod";

export const id = z.number().int().positive();
/** A record's id in a path: digits only, anything else is the 404 of no such record. */
export const idParam = z
  .string()
  .regex(/^[1-9]\d{0,9}$/)
  .describe("The record's _id, in digits")
  .transform(Number)
  .refine((n) => n < 2 ** 31);

/** The path of a call on one record: `{id}`. */
export const idParams = z.object({ id: idParam });

/**
 * A stored file in a path: its id (digits), or its stored filename, as in its public address
 * (`/api/conferences/files/{filename}`). A stored filename always has an extension, so the two never read alike.
 */
export const fileRefParam = z
  .union([z.string().regex(/^[1-9]\d{0,9}$/).transform(Number), z.string().regex(/^[A-Za-z0-9_-]{1,100}\.[A-Za-z0-9]{1,10}$/)])
  .describe("The file's id, or its stored filename");

export const messageAnswer = z.object({ message: z.string() });

/** An address as the profile stores it (spec: address {address1, address2, city, postalCode, country, state}). */
export const addressShape = z.object({
  address1: z.string(),
  address2: z.string().optional(),
  city: z.string(),
  postalCode: z.string(),
  country: z.string().describe("ISO 3166-1 alpha-2 code"),
  state: z.string().optional().describe("US state code, for the United States"),
});

export const affiliationShape = z.object({
  institution: z.string(),
  rank: z.string(),
  rankOther: z.string().optional(),
  department: z.string().optional(),
  address: addressShape,
});

export const expertiseShape = z.object({ category: z.string(), topic: z.string() });

export const profileAnswer = z.object({
  _id: id,
  email: z.string(),
  username: z.string(),
  role: z.string(),
  salutation: z.string(),
  firstName: z.string(),
  middleName: z.string(),
  lastName: z.string(),
  secondaryEmail: z.string(),
  workPhone: z.string(),
  workPhoneCountry: z.string(),
  cellPhone: z.string(),
  cellPhoneCountry: z.string(),
  personalWebPage: z.string(),
  primaryAffiliation: affiliationShape.nullable(),
  secondaryAffiliation: affiliationShape.nullable(),
  areasOfExpertise: z.object({ primary: z.array(expertiseShape) }),
  memberUntil: z.string().nullable().describe("The last day of membership (YYYY-MM-DD), if a member"),
  twoFactorEnabled: z.boolean(),
});

export const fileShape = z.object({
  _id: id,
  filename: z.string().describe("The stored name: the file is at /api/{conferences|news}/{files|photos}/{filename}"),
  originalName: z.string(),
  mimetype: z.string(),
  size: z.number().int(),
  url: z.string(),
});

export const feesShape = z.object({
  standard: z.number().nullable(),
  student: z.number().nullable(),
  accompaniedPerson: z.number().nullable(),
  currency: z.string(),
  description: z.string().nullable(),
});

/** A conference's files, photos and registration terms, as its public page and the console both answer them. */
export const conferenceAttachmentsAndFees = {
  files: z.array(fileShape),
  photos: z.array(fileShape),
  headerPhoto: fileShape.nullable(),
  fees: feesShape,
  registrationEnabled: z.boolean(),
  paymentRequired: z.boolean(),
  registrationDeadline: z.string().nullable(),
};

export const conferenceSummary = z.object({
  _id: id,
  title: z.string(),
  location: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  status: z.string(),
  badge: z.enum(["Upcoming", "Ongoing", "Past"]),
  description: z.string().nullable().describe("Sanitised HTML"),
});

export const newsSummary = z.object({
  _id: id,
  title: z.string(),
  category: z.string().nullable(),
  newsDate: z.string().nullable().describe("The date the office gave the item, if any"),
  description: z.string().nullable().describe("The summary as sanitised HTML"),
  shownAt: z.string().describe("ISO 8601: last updated, else created"),
});
