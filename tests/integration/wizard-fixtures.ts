import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, inject } from "vitest";
import { wizardDrafts } from "~/db/schema";
import { extractManuscript } from "~/extraction";
import { submissionOwner } from "~/features/submissions/submission.server";
import { bytesOf, clearBucket, createUser, db, resetDatabase, sessionJar } from "./fixtures";

/**
 * What the submission wizard's tests share: a fresh D1 and R2 for every test, the shared
 * manuscripts (the engine warmed once on the PDF, so a test's extraction does not time its
 * first load), the signed-in author, the steps' paths, three research areas and the draft kept.
 */
export function freshSubmissionState() {
  beforeEach(async () => {
    await resetDatabase();
    await clearBucket();
  });
  beforeAll(() => extractManuscript(bytesOf(manuscripts().pdf)), 60_000);
}

export const manuscripts = () => inject("manuscripts");
export const stepPath = (n: number) => `/dashboard?tab=submit&step=${n}`;
export const affiliation = { institution: "Pennine University", rank: "Professor", department: "Finance", address: { address1: "1 Road", city: "Leeds", postalCode: "LS1", country: "GB" } };
export const areas = {
  researchArea1: "III. Financial Markets and Institutions :: Market Microstructure",
  researchArea2: "IV. Investments & Portfolio Management :: Asset Pricing",
  researchArea3: "I. Corporate Finance :: Capital Structure",
};

/** An author with a complete profile, signed in. */
export async function author(email = `nadia.${crypto.randomUUID().slice(0, 6)}@example.org`) {
  const user = await createUser({ email, firstName: "Nadia", lastName: "Okafor", primaryAffiliation: affiliation });
  return { user, jar: await sessionJar(user) };
}

/** The author's submission draft as stored, or null. */
export const draftOf = async (userId: number) => (await db().select().from(wizardDrafts).where(eq(wizardDrafts.id, submissionOwner(userId).id)).get()) ?? null;
