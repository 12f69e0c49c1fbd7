import { env } from "cloudflare:test";
import * as XLSX from "@e965/xlsx";
import { eq } from "drizzle-orm";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { beforeEach, describe, expect, it } from "vitest";
import { papers } from "~/db/schema";
import { readSheetRows } from "~/features/papers/spreadsheet-reader.server";
import { bulkPlanHousekeeping, PLAN_GONE } from "~/features/papers/bulk-update.server";
import { clearBucket, createConference, createPaper, createUser, db, Jar, postForm, postMultipart, resetDatabase, services, sessionJar, textOf, visit } from "./fixtures";

/** The bulk status update: a dry run, then the changes applied; hostile files refused quickly. */
beforeEach(async () => {
  await resetDatabase();
  await clearBucket();
});

function sheetBytes(rows: unknown[][], bookType: "xlsx" | "biff8") {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "Sheet1");
  return new Uint8Array(XLSX.write(book, { type: "array", bookType }) as ArrayBuffer);
}

async function setting() {
  const conference = await createConference({ status: "open", startDate: "2027-06-01", endDate: "2027-06-03" });
  const elsewhere = await createConference({ title: "Another" });
  const author = await createUser({ email: "author@example.org" });
  const admin = await createUser({ email: "office@example.org", role: "admin" });
  const paper = (title: string, conferenceId = conference.id) => createPaper({ conferenceId, submitterId: author.id, authors: [{ userId: author.id, email: author.email }], paper: { title } });
  const [a, b, c] = [await paper("A paper with a title that is longer than fifty characters, to be cut"), await paper("Second"), await paper("Third")];
  const foreign = await paper("Foreign", elsewhere.id);
  const jar = await sessionJar(admin);
  // The spreadsheet reader is loaded by the first upload: a timed check measures the reading alone.
  await check(jar, conference.id, "id,Status\n", "warm-up.csv");
  return { conference, admin, author, a, b, c, foreign, jar };
}

const path = (conferenceId: number) => `/admin/papers/bulk-update?conference=${conferenceId}`;

async function check(jar: Jar, conferenceId: number, bytes: Uint8Array | string, name: string) {
  const form = new FormData();
  form.append("intent", "check");
  form.append("file", new File([bytes as BlobPart], name));
  const started = Date.now();
  const r = await postMultipart(jar, path(conferenceId), form);
  return { status: r.status, html: await r.text(), ms: Date.now() - started };
}

/**
 * Where a hostile file would run away: the unguarded readers took about 50 s of CPU on these files. The
 * tests hold each reading well under that on a loaded machine; how fast it is, is the benchmark's to say
 * ("Bulk update" in `npm run bench`), not a test's.
 */
const RUNAWAY_MS = 10_000;

const planOf = (html: string) => /name="plan" value="([0-9a-f-]{36})"/.exec(html)?.[1];
const statusOf = async (id: number) => (await db().select({ s: papers.status }).from(papers).where(eq(papers.id, id)).get())!.s;

describe("a bulk update", () => {
  for (const [format, bookType, name] of [["xlsx", "xlsx", "statuses.xlsx"], ["xls", "biff8", "statuses.xls"], ["csv", null, "statuses.csv"]] as const) {
    it(`from .${format}: shows what each row would do, then applies the changes and reports them`, async () => {
      const { conference, jar, a, b, c, foreign } = await setting();
      const rows = [
        ["ID", "Status", "Note"],
        [a.id, "  Accepted "],
        [b.id, "under_review"],
        ["", "accepted"],
        [c.id, "maybe"],
        [foreign.id, "rejected"],
        [99999, "rejected"],
        [a.id, "rejected"],
        [c.id, "revision_required"],
      ];
      const bytes = bookType ? sheetBytes(rows, bookType) : rows.map((r) => r.join(",")).join("\r\n");
      const dry = await check(jar, conference.id, bytes, name);
      expect(dry.status).toBe(200);
      const text = textOf(dry.html);
      expect(text).toContain(`File selected: ${name}`);
      expect(text).toContain("Will change from under_review to accepted");
      expect(text).toContain("Unchanged");
      expect(text).toContain("Skipped: Missing paper ID or status");
      expect(text).toContain("Failed: Invalid status: maybe. Valid options: under_review, accepted, rejected, incomplete");
      expect(text).toContain("Failed: Invalid status: revision_required.");
      expect(text).toContain(`Failed: Paper ${foreign.id} belongs to another conference`);
      expect(text).toContain("Failed: Paper 99999 not found");
      expect(text).toContain(`Failed: Paper ${a.id} is already in row 2`);
      // Nothing is written by the dry run.
      expect(await statusOf(a.id)).toBe("under_review");

      const plan = planOf(dry.html)!;
      expect(plan).toBeDefined();
      const applied = await postForm(jar, path(conference.id), { intent: "apply", plan });
      expect(applied.status).toBe(200);
      // The results dialog only (the list of papers under it shows whole titles).
      const results = textOf((await applied.text()).split("Back to the papers")[0]!);
      expect(results).toContain("Bulk Update Results");
      expect(results).toMatch(/Successful\s*1\s*Failed\s*5\s*Skipped\s*2\s*Total Rows\s*8/);
      expect(results).toContain(a.title.slice(0, 50));
      expect(results).toContain(`${a.title.slice(0, 50)} accepted`);
      expect(results).not.toContain("longer than fifty characters");
      expect(await statusOf(a.id)).toBe("accepted");
      expect(await statusOf(foreign.id)).toBe("under_review");
      // A plan is applied once.
      const again = await postForm(jar, path(conference.id), { intent: "apply", plan });
      expect(again.status).toBe(409);
      expect(textOf(await again.text())).toContain("This check has expired or was already applied");
    });
  }

  it("lists 'Showing first 10 of N successful updates' past ten", async () => {
    const { conference, jar, author } = await setting();
    const many = [];
    for (let i = 0; i < 12; i++) many.push(await createPaper({ conferenceId: conference.id, submitterId: author.id, authors: [{ userId: author.id, email: author.email }], paper: { title: `Paper ${i}` } }));
    const csv = ["id,status", ...many.map((p) => `${p.id},rejected`)].join("\n");
    const plan = planOf((await check(jar, conference.id, csv, "many.csv")).html)!;
    const results = textOf(await (await postForm(jar, path(conference.id), { intent: "apply", plan })).text());
    expect(results).toContain("Showing first 10 of 12 successful updates");
  });

  it("binds a dry run to its administrator and conference", async () => {
    const { conference, jar, a } = await setting();
    const plan = planOf((await check(jar, conference.id, `id,Status\n${a.id},accepted`, "s.csv")).html)!;
    const other = await sessionJar(await createUser({ email: "office2@example.org", role: "admin" }));
    expect((await postForm(other, path(conference.id), { intent: "apply", plan })).status).toBe(409);
    const elsewhere = await createConference({ title: "Elsewhere" });
    expect((await postForm(jar, path(elsewhere.id), { intent: "apply", plan })).status).toBe(409);
    expect(await statusOf(a.id)).toBe("under_review");
  });

  it("keeps a checked plan for 30 minutes: the housekeeping deletes it after, and an apply then asks for the file again", async () => {
    const { conference, jar, a } = await setting();
    const plan = planOf((await check(jar, conference.id, `id,Status\n${a.id},accepted`, "s.csv")).html)!;
    const kept = async () => (await env.FILES.list({ prefix: "bulk-updates/" })).objects.map((o) => o.key);
    expect(await kept()).toContain(`bulk-updates/${plan}`);
    await bulkPlanHousekeeping.run(services(), Date.now() + 29 * 60_000);
    expect(await kept()).toContain(`bulk-updates/${plan}`);
    await bulkPlanHousekeeping.run(services(), Date.now() + 31 * 60_000);
    expect(await kept()).toEqual([]);
    const late = await postForm(jar, path(conference.id), { intent: "apply", plan });
    expect(late.status).toBe(409);
    expect(textOf(await late.text())).toContain(PLAN_GONE);
    expect(await statusOf(a.id)).toBe("under_review");
  });

  it("asks for a file, and is for administrators only", async () => {
    const { conference, jar, author } = await setting();
    const form = new FormData();
    form.append("intent", "check");
    const r = await postMultipart(jar, path(conference.id), form);
    expect(r.status).toBe(400);
    expect(textOf(await r.text())).toContain("Please select an Excel file first");
    const page = await visit(jar, path(conference.id));
    expect(page.status).toBe(200);
    const text = textOf(await page.text());
    expect(text).toContain("Bulk Update Paper Status");
    for (const s of ["under_review", "accepted", "rejected", "incomplete"]) expect(text).toContain(s);
    expect((await visit(await sessionJar(author), path(conference.id))).status).toBe(403);
  });
});

describe("a hostile spreadsheet", () => {
  it("CVE-2023-30533: a comment on the cell '__proto__' pollutes nothing", async () => {
    const { conference, jar, a } = await setting();
    const sheet = XLSX.utils.aoa_to_sheet([["id", "Status"], [a.id, "accepted"]]);
    sheet.A1!.c = [{ a: "x", t: "polluted" }];
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, "S");
    const parts = unzipSync(new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx" }) as ArrayBuffer));
    const comments = Object.keys(parts).find((n) => /comments\d*\.xml$/.test(n))!;
    parts[comments] = strToU8(strFromU8(parts[comments]!).replace('ref="A1"', 'ref="__proto__"'));
    const { status, html, ms } = await check(jar, conference.id, zipSync(parts), "proto.xlsx");
    expect(ms).toBeLessThan(RUNAWAY_MS);
    expect(status).toBe(200);
    expect(textOf(html)).toContain("Will change from under_review to accepted");
    expect(({} as Record<string, unknown>).c).toBeUndefined();
    // The reader itself, in this isolate: the rows come out and Object.prototype stays clean.
    expect(await readSheetRows(new File([zipSync(parts) as BlobPart], "proto.xlsx"))).toEqual([["id", "Status"], [String(a.id), "accepted"]]);
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, "c")).toBe(false);
  });

  it("CVE-2024-22363: an XML spreadsheet made to backtrack is refused or read, not left to run away", async () => {
    const { conference, jar } = await setting();
    // 8 KB that cost sheetjs-style 0.15 about 50 s of CPU in Node.
    const poc = '<?xml version="1.0"?><Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet"><Worksheet ss:Name="S"><Table><Row><Cell><Data ss:Type="String">' + "<a".repeat(4000);
    for (const name of ["redos.xls", "redos.csv", "redos.xlsx"]) {
      const { status, html, ms } = await check(jar, conference.id, poc, name);
      expect(ms).toBeLessThan(RUNAWAY_MS);
      expect([200, 400]).toContain(status);
      if (status === 400) expect(textOf(html)).toContain("Failed to parse Excel file. Please check the format and try again.");
      else expect(textOf(html)).toContain("0 to change");
    }
  });

  it("a ZIP bomb is refused with a clear message before it is unpacked", async () => {
    const { conference, jar } = await setting();
    const parts = unzipSync(sheetBytes([["id", "Status"]], "xlsx"));
    const sheetName = Object.keys(parts).find((n) => /worksheets\/sheet1\.xml$/.test(n))!;
    const xml = strFromU8(parts[sheetName]!);
    const padding = " ".repeat(40 * 1024 * 1024);
    parts[sheetName] = strToU8(xml.replace("<sheetData>", `<sheetData>${padding}`));
    const bomb = zipSync(parts, { level: 9 });
    expect(bomb.length).toBeLessThan(200 * 1024);
    const { status, html, ms } = await check(jar, conference.id, bomb, "bomb.xlsx");
    expect(ms).toBeLessThan(RUNAWAY_MS);
    expect(status).toBe(413);
    expect(textOf(html)).toContain("The file unpacks to more than 24 MB");
  });

  it("refuses a file that is too large, or not what its name says", async () => {
    const { conference, jar } = await setting();
    const big = await check(jar, conference.id, "id,Status\n" + "1,accepted\n".repeat(500_000), "big.csv");
    expect(big.status).toBe(413);
    expect(textOf(big.html)).toContain("The file is larger than 5 MB");
    const fake = await check(jar, conference.id, "%PDF-1.4", "fake.xlsx");
    expect(fake.status).toBe(400);
    expect(textOf(fake.html)).toContain("Failed to parse Excel file. Please check the format and try again.");
    const rows = await check(jar, conference.id, "id,Status\n" + "1,accepted\n".repeat(6000), "rows.csv");
    expect(rows.status).toBe(413);
    expect(textOf(rows.html)).toContain("more than 5000 rows");
  });
});
