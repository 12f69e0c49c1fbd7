import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { extractionJobs, files } from "~/db/schema";
import { extractManuscript } from "~/extraction";
import { refineWithAi } from "~/extraction/refine";
import { uploadManuscript } from "~/features/submissions/submission.server";
import { runExtractionJob } from "~/models/extraction-jobs.server";
import { UploadRejected } from "~/models/uploads.server";
import extractionWorker from "../../workers/extraction/index";
import { createUser, db, extractionJobFor, resetDatabase, services } from "./fixtures";
import { expectConsoleError } from "./console-errors";

/**
 * The extraction engine and its consumer Worker, run in workerd with real D1 and R2, on the
 * project's own test manuscripts (tests/fixtures/manuscripts) and on broken files.
 */
beforeEach(resetDatabase);

const bytesOf = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
const docs = () => inject("manuscripts");

// The first document read in a fresh isolate pays for compiling pdf.js, seconds on a cold and busy
// machine: a cost of setting up, budgeted here, not inside the first test's 5 s.
beforeAll(() => extractManuscript(bytesOf(docs().pdf)), 60_000);

const jobFor = extractionJobFor;

/** A PDF of pages of lines, each [size, x, text] top down (`true` after it: on the row above), set in Helvetica and left unpacked. */
function textPdf(pages: Array<Array<[number, number, string, boolean?]>>): Uint8Array {
  const objects: string[] = ["<< /Type /Catalog /Pages 2 0 R >>", "", "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"];
  const kids: string[] = [];
  for (const lines of pages) {
    let y = 760;
    const content = lines.map(([size, x, text, sameRow]) => ((y -= sameRow ? 0 : size * 1.6), `BT /F1 ${size} Tf ${x} ${Math.round(y)} Td (${text.replace(/[()\\]/g, "\\$&")}) Tj ET`)).join("\n");
    objects.push(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${objects.length} 0 R >>`);
    kids.push(`${objects.length} 0 R`);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.join(" ")}] /Count ${kids.length} >>`;
  let pdf = "%PDF-1.7\n";
  const offsets = objects.map((body, i) => {
    const at = pdf.length;
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}

const job = async (id: string) => (await db().select().from(extractionJobs).where(eq(extractionJobs.id, id)).get())!;
const run = (id: string, extra: { timeLimitMs?: number } = {}) => runExtractionJob({ db: db(), files: env.FILES, ...extra }, id);

describe("the extraction engine in the Workers runtime", () => {
  it("reads a LaTeX manuscript: title, abstract, authors with e-mails and affiliations, keywords, JEL codes, and where each was found", async () => {
    const truth = JSON.parse(docs().pdfTruth);
    const r = await extractManuscript(bytesOf(docs().pdf));
    expect(r.kind).toBe("pdf");
    expect(r.title.value).toBe(truth.title);
    expect(r.title.source).toMatchObject({ page: 1 });
    expect(r.abstract.value).toBe(truth.abstract);
    expect(r.authors.map((a) => [a.firstName, a.lastName, a.email, a.affiliation, a.country])).toEqual(
      truth.authors.map((a: Record<string, string>) => [a.firstName, a.lastName, a.email, a.affiliation, a.country]),
    );
    expect(r.keywords.value).toEqual(truth.keywords);
    expect(r.jel.value).toEqual(truth.jel);
    expect(r.stats.pagesRead).toBeLessThanOrEqual(3);
    expect(r.references).toEqual([
      { text: "Ben-David, I., Franzoni, F., Moussawi, R., 2018. Do ETFs increase volatility? Journal of Finance 73, 2471–2519. doi:10.1111/jofi.12727", doi: "10.1111/jofi.12727", year: 2018 },
      { text: "Pan, K., Zeng, Y., 2023. ETF arbitrage under liquidity mismatch. Review of Financial Studies, forthcoming.", doi: null, year: 2023 },
    ]);
  });

  it("reads on past the first pages for an abstract a series prints after its covers, an imprint and its contents", async () => {
    const title = "Dealer Capital and the Price of Liquidity";
    const abstract = ["When dealers hold less capital, the bonds they trade become more expensive to buy and sell,", "and the effect is largest for the least liquid bonds. We measure it across ten years of data", "on every trade reported by the dealers of the euro area government bond markets."];
    const pdf = textPdf([
      [[24, 72, "Working Paper Series"], [22, 72, title], [16, 72, "by Ana Ruiz and Bo Lindqvist"]],
      [[10, 72, "Working papers are circulated to stimulate discussion and critical comment on research in progress."]],
      [[8, 72, "Postal address: Postfach 16 03 19, 60066 Frankfurt am Main"], [8, 72, "Telephone +49 69 1344 0"]],
      [[16, 250, "Contents"], [10, 72, "Abstract"], [10, 500, "4", true], [10, 72, "1 Introduction"], [10, 500, "5", true]],
      [[18, 72, title], [12, 72, "by Ana Ruiz and Bo Lindqvist"], [10, 250, "Abstract"], ...abstract.map((t): [number, number, string] => [10, 72, t]), [12, 72, "1 Introduction"]],
      [[10, 72, "Dealers stand between buyers and sellers who do not arrive at the same time, and earn for it."]],
    ]);
    const r = await extractManuscript(pdf, { references: false });
    expect(r.title.value).toBe(title);
    expect(r.abstract.value).toBe(abstract.join(" "));
    expect(r.authors.map((a) => `${a.firstName} ${a.lastName}`)).toEqual(["Ana Ruiz", "Bo Lindqvist"]);
    expect(r.stats.pagesRead).toBe(6);
  });

  it("reads on past the first pages only for a label printed as one, not a line of the body that begins with the word", async () => {
    const body = (n: number): Array<[number, number, string]> => Array.from({ length: 6 }, (_, k): [number, number, string] => [10, 72, `The model of section ${n} line ${k} keeps households apart by their wealth and their income risk.`]);
    const abstract = ["We study how households revise their inflation expectations after news about prices and jobs,", "and find that news about unemployment moves them more than news about inflation itself does,", "across the income distribution and in every year of the survey from 1998 to 2019 that we read."];
    const pdf = textPdf([
      [[18, 72, "What Moves Household Expectations"], [12, 72, "Ana Ruiz and Bo Lindqvist"], ...abstract.map((t): [number, number, string] => [10, 72, t]), [12, 72, "1 Introduction"], ...body(1)],
      body(2),
      body(3),
      [...body(4), [10, 72, "abstract from heterogeneity across households and assume a representative agent whose beliefs we model"], ...body(6)],
      body(5),
    ]);
    const r = await extractManuscript(pdf, { references: false });
    expect(r.abstract.value).toBe(abstract.join(" "));
    expect(r.stats.pagesRead).toBe(5);
  });

  it("reads a Word manuscript from its document XML", async () => {
    const r = await extractManuscript(bytesOf(docs().docx));
    expect(r.kind).toBe("docx");
    expect(r.title.value).toBe("Short-Termism and Investment in Family Firms");
    expect(r.authors.map((a) => a.lastName)).toEqual(["Mendes Ribeiro", "Tanaka", "El Amrani"]);
    expect(r.authors.find((a) => a.isCorresponding)).toMatchObject({ lastName: "Tanaka", email: "yuki.tanaka@gsm.kyoto-u.ac.jp", country: "Japan" });
    expect(r.keywords.value).toEqual(["Family firms", "Short-termism", "Corporate investment", "Earnings guidance"]);
  });

  it("reads affiliations from a Word document's real footnotes", async () => {
    const r = await extractManuscript(bytesOf(docs().docxFootnotes));
    expect(r.authors.map((a) => [a.firstName, a.lastName, a.email, a.institution, a.country, a.isCorresponding])).toEqual([
      ["Olumide", "Adebayo", "oadebayo@lbs.edu.ng", "Lagos Business School, Pan-Atlantic University, Lagos", "Nigeria", false],
      ["Mei Ling", "Tan", "meiling.tan@nus.edu.sg", "NUS Business School, National University of Singapore", "Singapore", true],
    ]);
  });
});

describe("extraction jobs", () => {
  it("completes a job with the result in the spec's shape, and leaves a finished job alone when the message comes twice", async () => {
    const { id } = await jobFor(bytesOf(docs().pdf));
    expect(await run(id)).toBe("complete");
    const done = await job(id);
    expect(done.status).toBe("complete");
    const info = done.result as { title: string; authors: Array<Record<string, unknown>>; keywords: string[]; sources: { title: { page: number } } };
    expect(info.title).toBe("Liquidity Risk in Corporate Bond Exchange-Traded Funds");
    expect(info.authors[0]).toMatchObject({
      Name: "Margarethe",
      Surname: "Schneider",
      email: "m.schneider@maastrichtuniversity.nl",
      Country: "Netherlands",
      Affiliation: "Maastricht University",
      Department: "School of Business and Economics",
    });
    expect(info.sources.title.page).toBe(1);
    expect(await run(id)).toBe("complete");
    expect((await job(id)).updatedAt.getTime()).toBe(done.updatedAt.getTime());
  });

  it.each([
    ["RC4 128-bit", () => docs().encryptedRc4],
    ["RC4 40-bit", () => docs().encryptedRc440],
  ])("reads a PDF encrypted against changes only (%s, no password to open it) as its unencrypted copy", async (_, encrypted) => {
    const plain = await extractManuscript(bytesOf(docs().pdf));
    const read = await extractManuscript(bytesOf(encrypted()));
    expect(read.title.value).toBe(JSON.parse(docs().pdfTruth).title);
    expect(read.title.value).toBe(plain.title.value);
    expect(read.abstract.value).toBe(plain.abstract.value);
    expect(read.authors.map((a) => [a.firstName, a.lastName, a.email, a.affiliation])).toEqual(plain.authors.map((a) => [a.firstName, a.lastName, a.email, a.affiliation]));
  });

  it.each([
    ["a scanned PDF", () => bytesOf(docs().scanned), "no text to read"],
    ["a PDF encrypted with AES-256 and a password to open it", () => bytesOf(docs().encrypted), "protected by a password"],
    ["a PDF encrypted with RC4 and a password to open it", () => bytesOf(docs().passwordRc4), "protected by a password"],
    ["a damaged PDF", () => bytesOf(docs().pdf).slice(0, 4000), "could not be read as a PDF"],
    ["a text file named .pdf", () => new TextEncoder().encode("Title: not really a PDF\n".repeat(50)), "neither a PDF nor a Word document"],
    ["a damaged Word file", () => bytesOf(docs().docx).slice(0, 1500), "could not be read as a Word document"],
    ["a file over 25 MB", () => Object.assign(new Uint8Array(25 * 1024 * 1024 + 10), { 0: 0x25, 1: 0x50, 2: 0x44, 3: 0x46, 4: 0x2d }), "larger than 25 MB"],
  ])("ends %s as failed with a clear message", async (_, bytes, message) => {
    const { id } = await jobFor(bytes());
    expect(await run(id)).toBe("failed");
    const failed = await job(id);
    expect(failed.status).toBe("failed");
    expect(failed.message).toContain(message);
    expect(failed.result).toBeNull();
  });

  it("ends a job whose manuscript is gone as failed", async () => {
    const { id } = await jobFor(bytesOf(docs().pdf));
    const { fileId } = await job(id);
    const file = (await db().select().from(files).where(eq(files.id, fileId!)).get())!;
    await env.FILES.delete(file.r2Key);
    expect(await run(id)).toBe("failed");
    expect((await job(id)).message).toContain("no longer stored");
  });

  it("stores a manuscript checked by content, records the job and queues it; refuses a disguised file", async () => {
    const user = await createUser({ email: "writer@example.org" });
    expect(await uploadManuscript(services(), user, new File([bytesOf(docs().docx)], "paper.docx"))).toEqual({
      fileName: "paper.docx",
      extracting: true,
      fileKey: expect.stringMatching(/^draft\/manuscript\/[a-z0-9]+\.docx$/),
      contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
      size: bytesOf(docs().docx).length,
    });
    const started = (await db().select().from(extractionJobs).where(eq(extractionJobs.userId, user.id)).get())!;
    expect(started).toMatchObject({ userId: user.id, status: "extracting" });
    const stored = (await db().select().from(files).where(eq(files.id, started.fileId!)).get())!;
    expect(stored).toMatchObject({ kind: "manuscript", originalName: "paper.docx" });
    expect(await env.FILES.head(stored.r2Key)).not.toBeNull();
    await expect(uploadManuscript(services(), user, new File(["<html>"], "paper.pdf"))).rejects.toBeInstanceOf(UploadRejected);
    expect(await db().select().from(extractionJobs).all()).toHaveLength(1);
  });
});

describe("the extraction Worker", () => {
  it("consumes a batch: runs each job and acknowledges its message", async () => {
    const { id } = await jobFor(bytesOf(docs().docx), "paper.docx");
    const batch = createMessageBatch("finance-society-extraction", [{ id: "m1", timestamp: new Date(), attempts: 1, body: { jobId: id } }]);
    const ctx = createExecutionContext();
    await extractionWorker.queue(batch as MessageBatch<{ jobId: string }>, { DB: env.DB, FILES: env.FILES }, createExecutionContext());
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks).toEqual(["m1"]);
    expect((await job(id)).status).toBe("complete");
  });

  it("ends a job as failed when its message reaches the dead-letter queue, unless it already ended", async () => {
    const { id } = await jobFor(bytesOf(docs().pdf));
    const { id: finished } = await jobFor(bytesOf(docs().docx), "paper.docx");
    await run(finished);
    const batch = createMessageBatch("finance-society-extraction-dlq", [
      { id: "d1", timestamp: new Date(), attempts: 1, body: { jobId: id } },
      { id: "d2", timestamp: new Date(), attempts: 1, body: { jobId: finished } },
    ]);
    await extractionWorker.queue(batch as MessageBatch<{ jobId: string }>, { DB: env.DB, FILES: env.FILES }, createExecutionContext());
    expect(await job(id)).toMatchObject({ status: "failed", message: "The manuscript could not be read in time." });
    expect((await job(finished)).status).toBe("complete");
  });
});

describe("optional refinement with a model", () => {
  it("fills only what the rules left empty, and drops whatever the document does not print", async () => {
    // The model's answer that is not JSON is logged, and the rules' reading kept.
    expectConsoleError(/extraction: the model's answer was not usable/);
    const base = await extractManuscript(bytesOf(docs().pdf));
    const empty = { ...base, keywords: { value: [], confidence: 0, source: null }, authors: [] };
    // Workers AI cannot run here: its answer is given at the binding's boundary.
    const ai = {
      run: async () => ({
        response: {
          keywords: ["Exchange-traded funds", "Invented keyword"],
          authors: [
            { firstName: "Margarethe", lastName: "Schneider", email: "m.schneider@maastrichtuniversity.nl" },
            { firstName: "Invented", lastName: "Person" },
          ],
          title: "A different title the model made up",
        },
      }),
    };
    const refined = await refineWithAi(ai, empty);
    expect(refined.keywords.value).toEqual(["Exchange-traded funds"]);
    expect(refined.authors.map((a) => `${a.firstName} ${a.lastName}`)).toEqual(["Margarethe Schneider"]);
    expect(refined.title.value).toBe(base.title.value);
    const broken = await refineWithAi({ run: async () => ({ response: "not json" }) }, empty);
    expect(broken.authors).toEqual([]);
  });
});
