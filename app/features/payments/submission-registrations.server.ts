/**
 * What My Submissions shows of registration on each paper (spec sections 3 and 4): whether the
 * author may register (eligibilityOf), the author's own registration (paid, pending, or cancelled
 * by a refund), and the paper's registrationStats (counted by the list's own query,
 * `mySubmissions`). One batch for the whole list, whatever its length.
 */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Currency, RegistrationStatus } from "~/db/enums";
import { conferences, papers, registrations } from "~/db/schema";
import { todayIso } from "~/lib/dates";
import type { Services } from "~/server/services.server";
import { eligibilityOf, type Eligibility } from "./fees";
import type { RegistrationStats } from "./registration.server";

export type SubmissionRegistration = {
  eligibility: Eligibility;
  /** The author's own registration for the paper: the live one, else the latest cancelled one. */
  registration: { id: number; status: RegistrationStatus; amount: number; currency: Currency; receiptNumber: string | null; cancelReason: string | null } | null;
  stats: RegistrationStats;
};

/** Per paper id, for the papers the author's My Submissions lists (ids come from `mySubmissions`, which filters by author). */
export async function submissionRegistrations(
  { db }: Pick<Services, "db">,
  userId: number,
  listed: Array<{ id: number; registrationStats: RegistrationStats }>,
  now = new Date(),
): Promise<Record<number, SubmissionRegistration>> {
  if (listed.length === 0) return {};
  const paperIds = listed.map((p) => p.id);
  const stats = Object.fromEntries(listed.map((p) => [p.id, p.registrationStats]));
  const [found, mine] = await db.batch([
    db
      .select({
        id: papers.id,
        status: papers.status,
        registrationEnabled: conferences.registrationEnabled,
        deadline: conferences.registrationDeadline,
        feeStandard: conferences.feeStandard,
        feeStudent: conferences.feeStudent,
        feeAccompaniedPerson: conferences.feeAccompaniedPerson,
      })
      .from(papers)
      .innerJoin(conferences, eq(conferences.id, papers.conferenceId))
      .where(inArray(papers.id, paperIds)),
    db
      .select({
        id: registrations.id,
        paperId: registrations.paperId,
        status: registrations.status,
        amount: registrations.amount,
        currency: registrations.currency,
        receiptNumber: registrations.receiptNumber,
        cancelReason: registrations.cancelReason,
      })
      .from(registrations)
      .where(and(eq(registrations.userId, userId), inArray(registrations.paperId, paperIds)))
      // The live registration first, then the latest cancelled one.
      .orderBy(asc(registrations.paperId), sql`${registrations.status} = 'cancelled'`, desc(registrations.id)),
  ]);
  const today = todayIso(now);
  const out: Record<number, SubmissionRegistration> = {};
  for (const p of found) {
    const own = mine.find((r) => r.paperId === p.id) ?? null;
    const fees = { standard: p.feeStandard, student: p.feeStudent, accompaniedPerson: p.feeAccompaniedPerson };
    out[p.id] = {
      eligibility: eligibilityOf({ paperStatus: p.status, registrationEnabled: p.registrationEnabled, deadline: p.deadline, fees, registrationStatus: own && own.status !== "cancelled" ? own.status : null }, today),
      registration: own ? { id: own.id, status: own.status, amount: own.amount, currency: own.currency, receiptNumber: own.receiptNumber, cancelReason: own.cancelReason } : null,
      stats: stats[p.id]!,
    };
  }
  return out;
}
