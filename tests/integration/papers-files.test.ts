import * as XLSX from "@e965/xlsx";
import { unzipSync } from "fflate";
import { beforeEach, describe, expect, it } from "vitest";
import { registrations } from "~/db/schema";
import { EXPORT_HEADER } from "~/features/papers/paper-export.server";
import { signDownloadToken } from "~/server/files/download-token.server";
import { BASE, bearer, clearBucket, createConference, createPaper, createUser, db, get, resetDatabase, sessionJar, storeFile, textOf, visit } from "./fixtures";

/** The Papers tab's files out: signed links, the conference's zip and the Excel export. */
beforeEach(async () => {
  await resetDatabase();
  await clearBucket();
});

const SECRET = "test-secret-test-secret-test-secret-0123";
const PDF = "%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n";
const today = () => new Date().toISOString().slice(0, 10);

async function conferenceWithPapers() {
  const conference = await createConference({ title: "Finance: Risk/Return 2027", startDate: "2027-06-01", endDate: "2027-06-03", status: "open" });
  const author = await createUser({ email: "author@example.org" });
  const admin = await createUser({ email: "office@example.org", role: "admin" });
  const stranger = await createUser({ email: "stranger@example.org" });
  const first = await createPaper({
    conferenceId: conference.id,
    submitterId: author.id,
    authors: [
      { userId: author.id, email: author.email, firstName: "Ada", lastName: "Byron", institution: "Uni A", country: "GB", rank: "Professor", isCorresponding: false },
      { email: "bo@example.org", firstName: "Bo", lastName: "Chen", institution: "Uni B", country: "FR", rank: "Other", rankOther: "Fellow", isCorresponding: true },
    ],
    paper: {
      title: "Liquidity in Bond Markets",
      abstract: "We study liquidity.",
      status: "accepted",
      manuscriptType: "invited",
      researchAreas: [
        { category: "Corporate Finance", topic: "Capital structure" },
        { category: "Asset Pricing", topic: "Liquidity" },
      ],
      submittedAt: new Date("2027-01-15T10:00:00Z"),
    },
  });
  const second = await createPaper({ conferenceId: conference.id, submitterId: author.id, authors: [{ userId: author.id, email: author.email }], paper: { title: "No file yet" } });
  const manuscript = await storeFile({ kind: "manuscript", bytes: PDF, originalName: "bond liquidity.pdf", contentType: "application/pdf", paperId: first.id });
  const blind = await storeFile({ kind: "blind_copy", bytes: PDF, originalName: "blind.pdf", contentType: "application/pdf", paperId: first.id });
  return { conference, author, admin, stranger, first, second, manuscript, blind };
}


describe("a signed download link", () => {
  it("is given to administrators and the paper's authors, and opens the file without a session", async () => {
    const { admin, author, first } = await conferenceWithPapers();
    for (const user of [admin, author]) {
      const r = await get(`/api/papers/${first.id}/generate-download-token/fullManuscript`, { headers: await bearer(user) });
      expect(r.status).toBe(200);
      expect(r.headers.get("Cache-Control")).toBe("no-store");
      const { downloadUrl } = (await r.json()) as { downloadUrl: string };
      expect(downloadUrl).toMatch(new RegExp(`^${BASE}/api/papers/${first.id}/download/fullManuscript\\?token=`));
      const file = await get(downloadUrl.slice(BASE.length));
      expect(file.status).toBe(200);
      expect(await file.text()).toBe(PDF);
    }
    const blind = await get(`/api/papers/${first.id}/generate-download-token/blindCopyManuscript`, { headers: await bearer(admin) });
    expect(blind.status).toBe(200);
  });

  it("is refused with a 404 for a paper or file the asker may not see, a forged id or an unknown kind", async () => {
    const { stranger, admin, first, second } = await conferenceWithPapers();
    const asStranger = await get(`/api/papers/${first.id}/generate-download-token/fullManuscript`, { headers: await bearer(stranger) });
    expect(asStranger.status).toBe(404);
    expect(await asStranger.json()).toEqual({ message: "File not found." });
    const headers = await bearer(admin);
    for (const path of [`/api/papers/${second.id}/generate-download-token/fullManuscript`, `/api/papers/${first.id + 100}/generate-download-token/fullManuscript`, `/api/papers/${first.id}/generate-download-token/constructor`, `/api/papers/x/generate-download-token/fullManuscript`]) {
      expect((await get(path, { headers })).status).toBe(404);
    }
    // No session at all: the API's 401.
    expect((await get(`/api/papers/${first.id}/generate-download-token/fullManuscript`)).status).toBe(401);
  });

  it("does not renew itself, holds for its file only, and is refused when tampered with or expired", async () => {
    const { admin, first, second, manuscript } = await conferenceWithPapers();
    const other = await storeFile({ kind: "manuscript", bytes: "%PDF-1.4 other", originalName: "other.pdf", contentType: "application/pdf", paperId: second.id });
    const r = await get(`/api/papers/${first.id}/generate-download-token/fullManuscript`, { headers: await bearer(admin) });
    const { downloadUrl } = (await r.json()) as { downloadUrl: string };
    const token = new URL(downloadUrl).searchParams.get("token")!;
    // A token for the first paper's manuscript opens neither the second paper's file nor the blind copy.
    expect((await get(`/api/papers/${second.id}/download/fullManuscript?token=${encodeURIComponent(token)}`)).status).toBe(403);
    expect((await get(`/api/papers/${first.id}/download/blindCopyManuscript?token=${encodeURIComponent(token)}`)).status).toBe(403);
    // Presented to the link maker instead of a session, it makes no new link.
    expect((await get(`/api/papers/${first.id}/generate-download-token/fullManuscript?token=${encodeURIComponent(token)}`)).status).toBe(401);
    const tampered = token.replace(/^\d+/, String(other.id));
    expect((await get(`/api/papers/${second.id}/download/fullManuscript?token=${encodeURIComponent(tampered)}`)).status).toBe(403);
    const expired = await signDownloadToken(SECRET, { fileId: manuscript.id, purpose: "download", expiresAt: Date.now() - 1000 });
    expect((await get(`/api/papers/${first.id}/download/fullManuscript?token=${encodeURIComponent(expired)}`)).status).toBe(403);
    // The link made by the route lives a week.
    const expiry = Number(token.split(".")[2]) * 1000;
    expect(expiry - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    expect(expiry - Date.now()).toBeLessThanOrEqual(7 * 24 * 3600 * 1000);
  });
});

describe("Download All Manuscripts", () => {
  it("streams the conference's full manuscripts as a zip named by the date, entries named by paper number", async () => {
    const { conference, admin, first } = await conferenceWithPapers();
    const r = await visit(await sessionJar(admin), `/admin/papers/download-all?conference=${conference.id}`);
    expect(r.status).toBe(200);
    expect(r.headers.get("Content-Type")).toBe("application/zip");
    expect(r.headers.get("Content-Disposition")).toContain(`filename="Conference_Papers_${today()}.zip"`);
    const entries = unzipSync(new Uint8Array(await r.arrayBuffer()));
    expect(Object.keys(entries)).toEqual([`MS27~${first.paperNumber + 101} - bond liquidity.pdf`]);
    expect(new TextDecoder().decode(Object.values(entries)[0])).toBe(PDF);
  });

  it("says 'Please select a conference first' and 'No papers available for download' over the list, and is for administrators only", async () => {
    const { admin, stranger, conference } = await conferenceWithPapers();
    const jar = await sessionJar(admin);
    const none = await visit(jar, "/admin/papers/download-all");
    expect(none.status).toBe(302);
    expect(none.headers.get("Location")).toBe("/admin/papers/file-refused?reason=no-conference");
    const empty = await createConference({ title: "Empty" });
    const noPapers = await visit(jar, `/admin/papers/download-all?conference=${empty.id}`);
    expect(noPapers.headers.get("Location")).toBe(`/admin/papers/file-refused?conference=${empty.id}&reason=no-papers`);
    const page = await visit(jar, noPapers.headers.get("Location")!);
    expect(page.status).toBe(200);
    expect(textOf(await page.text())).toContain("No papers available for download");
    expect(textOf(await (await visit(jar, "/admin/papers/file-refused?reason=no-conference")).text())).toContain("Please select a conference first");
    // The reason is a code: unknown text shows the general failure, never itself.
    expect(textOf(await (await visit(jar, "/admin/papers/file-refused?reason=Call+us")).text())).not.toContain("Call us");
    expect((await visit(await sessionJar(stranger), `/admin/papers/download-all?conference=${conference.id}`)).status).toBe(403);
  });
});

describe("Export to Excel", () => {
  it("writes the spec's layout: every header, a paper's values, N/A where empty and a signed link", async () => {
    const { conference, admin, first, second } = await conferenceWithPapers();
    await db().insert(registrations).values({ conferenceId: conference.id, paperId: first.id, participantEmail: "BO@example.org", feeType: "standard", amount: 45000, currency: "USD", status: "confirmed" });
    await db().insert(registrations).values({ conferenceId: conference.id, paperId: first.id, participantEmail: "author@example.org", feeType: "standard", amount: 45000, currency: "EUR", status: "pending" });
    const r = await visit(await sessionJar(admin), `/admin/papers/export?conference=${conference.id}`);
    expect(r.status).toBe(200);
    expect(r.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(r.headers.get("Content-Disposition")).toContain(`filename="Finance_ Risk_Return 2027_Papers_${today()}.xlsx"`);
    const book = XLSX.read(new Uint8Array(await r.arrayBuffer()), { type: "array", cellStyles: true });
    expect(book.SheetNames).toEqual(["Papers"]);
    const sheet = book.Sheets.Papers!;
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true });
    const authorBlock = (p: string) => ["FName", "LName", "Request", "RegFee", "Currency", "Rank", "Affiliation", "Country", "Email"].map((f) => `${p}${f}`);
    expect(rows[0]).toEqual([
      "MS#", "MSTitle", "Abstract", "Decision", "CAuthor", "MSType", "SDate", "REGxyz", "Session Code", "MRS", "Session Title", "Place", "Notes",
      "PRA1", "PRA2", "PRA3", "SRA1", "SRA2", "SRA3", "Paper Awards",
      ...["P1", "P2", "P3", "P4", "P5", "P6", "C", "D"].flatMap(authorBlock),
      "Paper ID", "URL", "#END#",
    ]);
    expect(rows[0]).toEqual(EXPORT_HEADER);
    const row = Object.fromEntries(EXPORT_HEADER.map((h, i) => [h, (rows[1] as unknown[])[i]]));
    expect(row).toMatchObject({
      "MS#": `MS27~${first.paperNumber + 101}`, MSTitle: "Liquidity in Bond Markets", Abstract: "We study liquidity.", Decision: 2, CAuthor: 2, MSType: "I", SDate: "2027-01-15", REGxyz: "P2",
      "Session Code": "N/A", Notes: "N/A", PRA1: "Corporate Finance", PRA2: "Asset Pricing", PRA3: "N/A", SRA1: "Capital structure", SRA2: "Liquidity", SRA3: "N/A", "Paper Awards": "N/A",
      P1FName: "Ada", P1LName: "Byron", P1Request: "N/A", P1RegFee: "N/A", P1Currency: "EUR", P1Rank: "Professor", P1Affiliation: "Uni A", P1Country: "United Kingdom", P1Email: "author@example.org",
      P2FName: "Bo", P2RegFee: 450, P2Currency: "USD", P2Rank: "Fellow", P2Country: "France",
      P3FName: "N/A", P6Email: "N/A", CFName: "N/A", DEmail: "N/A",
      "Paper ID": first.id, URL: "Download File", "#END#": "#END#",
    });
    const second_ = Object.fromEntries(EXPORT_HEADER.map((h, i) => [h, (rows[2] as unknown[])[i]]));
    expect(second_).toMatchObject({ "Paper ID": second.id, URL: "No file", Decision: 1, REGxyz: "N/A" });
    // The URL cell links to a signed download that works without a session.
    const urlCell = sheet[XLSX.utils.encode_cell({ r: 1, c: EXPORT_HEADER.indexOf("URL") })];
    const target = urlCell.l.Target as string;
    expect(target.startsWith(`${BASE}/api/papers/${first.id}/download/fullManuscript?token=`)).toBe(true);
    expect(await (await get(target.slice(BASE.length))).text()).toBe(PDF);
    // Bold header, column widths set.
    expect(sheet["!cols"]?.length).toBe(EXPORT_HEADER.length);
  });

  it("says 'No papers to export' over the list, and is for administrators only", async () => {
    const { admin, stranger, conference } = await conferenceWithPapers();
    const empty = await createConference({ title: "Empty" });
    const jar = await sessionJar(admin);
    const r = await visit(jar, `/admin/papers/export?conference=${empty.id}`);
    expect(r.headers.get("Location")).toBe(`/admin/papers/file-refused?conference=${empty.id}&reason=export-empty`);
    expect(textOf(await (await visit(jar, r.headers.get("Location")!)).text())).toContain("No papers to export");
    expect((await visit(await sessionJar(stranger), `/admin/papers/export?conference=${conference.id}`)).status).toBe(403);
  });
});
