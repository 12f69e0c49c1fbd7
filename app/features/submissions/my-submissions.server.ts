/**
 * My Submissions: the papers an author submitted or is listed on (by the account
 * their address belonged to when the paper was submitted), with their role on each, read in one
 * D1 query; and the deletion a submitter may make while the paper is under review.
 */
import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import { conferences, files, paperAuthors, papers } from "~/db/schema";
import { auditEntryIfChanged } from "~/models/audit.server";
import { paperDisplayNumber } from "~/lib/status";
import { conflict, forbidden, notFound } from "~/server/errors.server";
import type { Services } from "~/server/services.server";

export const PAPER_ROLES = ["submitter", "corresponding_author", "co_author"] as const;
export type PaperRole = (typeof PAPER_ROLES)[number];

type ListedAuthor = { firstName: string; lastName: string; isCorresponding: boolean };

export type MySubmission = {
  id: number;
  number: string;
  title: string;
  manuscriptType: string;
  status: string;
  submittedAt: number;
  conference: { id: number; title: string };
  authors: ListedAuthor[];
  roles: PaperRole[];
  hasManuscript: boolean;
  canDelete: boolean;
};

/** Every paper of the author, newest first: one query (authors and roles gathered in SQL). */
export async function mySubmissions({ db }: Pick<Services, "db">, userId: number): Promise<MySubmission[]> {
  const rows = await db
    .select({
      id: papers.id,
      paperNumber: papers.paperNumber,
      title: papers.title,
      manuscriptType: papers.manuscriptType,
      status: papers.status,
      submittedAt: papers.submittedAt,
      submitterId: papers.submitterId,
      conferenceId: conferences.id,
      conferenceTitle: conferences.title,
      startDate: conferences.startDate,
      // Subqueries name their tables by hand (see file.server.ts: drizzle may leave columns unqualified).
      authors: sql<string>`(select json_group_array(json_object('firstName', a.first_name, 'lastName', a.last_name, 'isCorresponding', a.is_corresponding))
        from (select pa.first_name, pa.last_name, pa.is_corresponding from paper_authors pa where pa.paper_id = "papers"."id" order by pa.author_order) a)`,
      mine: sql<number | null>`(select max(pa.is_corresponding) from paper_authors pa where pa.paper_id = "papers"."id" and pa.user_id = ${userId})`,
      hasManuscript: sql<number>`exists (select 1 from files f where f.paper_id = "papers"."id" and f.kind = 'manuscript')`,
    })
    .from(papers)
    .innerJoin(conferences, eq(conferences.id, papers.conferenceId))
    .where(or(eq(papers.submitterId, userId), inArray(papers.id, db.select({ id: paperAuthors.paperId }).from(paperAuthors).where(eq(paperAuthors.userId, userId)))))
    .orderBy(desc(papers.submittedAt), desc(papers.id))
    .all();
  return rows.map((r) => {
    const roles: PaperRole[] = [];
    if (r.submitterId === userId) roles.push("submitter");
    if (r.mine === 1) roles.push("corresponding_author");
    else if (r.mine === 0) roles.push("co_author");
    const authors = (JSON.parse(r.authors) as Array<ListedAuthor & { isCorresponding: number | boolean }>).map((a) => ({ ...a, isCorresponding: Boolean(a.isCorresponding) }));
    return {
      id: r.id,
      number: paperDisplayNumber(r.startDate, r.paperNumber),
      title: r.title,
      manuscriptType: r.manuscriptType,
      status: r.status,
      submittedAt: r.submittedAt.getTime(),
      conference: { id: r.conferenceId, title: r.conferenceTitle },
      authors,
      roles,
      hasManuscript: Boolean(r.hasManuscript),
      canDelete: r.submitterId === userId && r.status === "under_review",
    };
  });
}

/** A paper as its delete confirmation names it, for someone who may see it; null for anyone else. */
export async function submissionForDeletion({ db }: Pick<Services, "db">, userId: number, paperId: number) {
  const row = await db
    .select({
      id: papers.id,
      title: papers.title,
      status: papers.status,
      submitterId: papers.submitterId,
      listed: sql<number>`exists (select 1 from paper_authors pa where pa.paper_id = "papers"."id" and pa.user_id = ${userId})`,
    })
    .from(papers)
    .where(eq(papers.id, paperId))
    .get();
  if (!row || (row.submitterId !== userId && !row.listed)) return null;
  return { id: row.id, title: row.title, status: row.status, isSubmitter: row.submitterId === userId };
}

export const NOT_YOURS = "Only the author who submitted a paper can delete it.";
export const DECIDED = "This paper can no longer be deleted: a decision has been made on it.";

/**
 * Deletes a submission: only its submitter (a listed co-author gets 403, anyone else the 404 of
 * a paper that does not exist), only while it is under review (409), with its audit entry in
 * the same batch and only if the paper was still deletable then; then its files leave R2.
 */
export async function deleteSubmission(ctx: Pick<Services, "db" | "d1" | "files">, userId: number, paperId: number) {
  const paper = await submissionForDeletion(ctx, userId, paperId);
  if (!paper) throw notFound("Submission not found.");
  if (!paper.isSubmitter) throw forbidden(NOT_YOURS);
  if (paper.status !== "under_review") throw conflict(DECIDED);
  const keys = (await ctx.db.select({ r2Key: files.r2Key }).from(files).where(eq(files.paperId, paperId)).all()).map((f) => f.r2Key);
  const remove = ctx.db.delete(papers).where(and(eq(papers.id, paperId), eq(papers.submitterId, userId), eq(papers.status, "under_review"))).toSQL();
  const [result] = await ctx.d1.batch([
    ctx.d1.prepare(remove.sql).bind(...remove.params),
    auditEntryIfChanged(ctx, { actorId: userId, action: "paper.delete", entityType: "paper", entityId: paperId, details: { title: paper.title.slice(0, 200), by: "submitter" } }),
  ]);
  if (!result?.meta.changes) throw conflict(DECIDED);
  if (keys.length) await ctx.files.delete(keys).catch((e: unknown) => console.error("submission: files not deleted from R2", keys, e));
}
