import * as XLSX from "@e965/xlsx";
import { beforeEach, describe, expect, it } from "vitest";
import { payments, registrations } from "~/db/schema";
import { EXPORT_HEADER } from "~/features/papers/paper-export.server";
import { CSV_HEADER } from "~/features/payments/registrations-admin.server";
import { createConference, createPaper, createUser, db, Jar, resetDatabase, sessionJar, textOf, visit } from "./fixtures";

/** The office's Registrations tab and the accountant's CSV; the Papers tab's count and export read the same rows. */
beforeEach(resetDatabase);

const today = () => new Date().toISOString().slice(0, 10);

async function registered() {
  const conference = await createConference({ title: "Finance, \"Risk\" 2027", startDate: "2027-06-01", endDate: "2027-06-03", status: "open", currency: "EUR" });
  const other = await createConference({ title: "Another Conference", startDate: "2026-06-01", endDate: "2026-06-03" });
  const admin = await createUser({ email: "office@example.org", role: "admin" });
  const ada = await createUser({ email: "ada@example.org", firstName: "Ada", lastName: "Byron" });
  const bo = await createUser({ email: "bo@example.org", firstName: "=HYPERLINK(\"x\")", lastName: "Chen" });
  const paper = await createPaper({
    conferenceId: conference.id,
    submitterId: ada.id,
    paper: { status: "accepted", title: "Liquidity, and more" },
    authors: [
      // Ada is listed under an older address she has claimed: the account that paid is hers.
      { userId: ada.id, email: "ada.old@uni.example", firstName: "Ada", lastName: "Byron" },
      { userId: bo.id, email: bo.email, firstName: "Bo", lastName: "Chen", isCorresponding: true },
    ],
  });
  const insert = (values: typeof registrations.$inferInsert) => db().insert(registrations).values(values).returning().get();
  const confirmed = await insert({
    conferenceId: conference.id,
    paperId: paper.id,
    userId: ada.id,
    participantEmail: ada.email,
    feeType: "standard",
    accompaniedPersons: 1,
    amount: 60000,
    currency: "EUR",
    status: "confirmed",
    createdAt: new Date("2027-03-01T10:00:00Z"),
    confirmedAt: new Date("2027-03-01T10:01:30Z"),
    receiptNumber: "R-2027-000001",
  });
  // A declined card then a second try: two payments, the captured one counts.
  await db().insert(payments).values([
    { registrationId: confirmed.id, providerOrderId: "ORDER-DECLINED", status: "failed", amount: 60000, currency: "EUR" },
    { registrationId: confirmed.id, providerOrderId: "ORDER-PAID", providerCaptureId: "CAPTURE-1", status: "completed", amount: 60000, currency: "EUR" },
  ]);
  const pending = await insert({
    conferenceId: conference.id,
    paperId: paper.id,
    userId: bo.id,
    participantEmail: bo.email,
    feeType: "student",
    amount: 25000,
    currency: "EUR",
    status: "pending",
    createdAt: new Date("2027-03-02T10:00:00Z"),
  });
  await db().insert(payments).values({ registrationId: pending.id, providerOrderId: "ORDER-WAITING", status: "created", amount: 25000, currency: "EUR" });
  const elsewhere = await insert({ conferenceId: other.id, participantEmail: "elsewhere@example.org", feeType: "standard", amount: 50000, currency: "EUR", status: "confirmed" });
  return { conference, other, admin, ada, bo, paper, confirmed, pending, elsewhere };
}

describe("the Registrations tab", () => {
  it("is for administrators only: visitors go to login, others get a 403, the CSV likewise", async () => {
    const { conference, ada } = await registered();
    const list = `/admin/registrations?conference=${conference.id}`;
    const csv = `/admin/registrations/export.csv?conference=${conference.id}`;
    expect((await visit(new Jar(), list)).headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(list)}`);
    expect((await visit(new Jar(), csv)).headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(csv)}`);
    const author = await sessionJar(ada);
    const refused = await visit(author, list);
    expect(refused.status).toBe(403);
    expect(textOf(await refused.text())).not.toContain("ORDER-PAID");
    const refusedCsv = await visit(author, csv);
    expect(refusedCsv.status).toBe(403);
    expect(refusedCsv.headers.get("Content-Type")).not.toContain("text/csv");
    expect(await refusedCsv.text()).not.toContain("ORDER-PAID");
  });

  it("lists one conference's registrations newest first, with participant, paper, fee, amount, status and the ids of the payment that decided it", async () => {
    const { conference, admin, paper } = await registered();
    const jar = await sessionJar(admin);
    const r = await visit(jar, `/admin/registrations?conference=${conference.id}`);
    expect(r.status).toBe(200);
    const text = textOf(await r.text());
    expect(text).toMatch(/Participant Paper # Fee Type Accompanied Persons Amount Status PayPal Order \/ Capture Date/);
    const number = `MS27~${paper.paperNumber + 101}`;
    // Newest first: Bo's pending registration, then Ada's confirmed one.
    expect(text.indexOf("bo@example.org")).toBeLessThan(text.indexOf("ada@example.org"));
    expect(text).toMatch(new RegExp(`Ada Byron ada@example\\.org ${number} Standard 1 EUR 600\\.00 Confirmed Order ORDER-PAID Capture CAPTURE-1`));
    expect(text).toMatch(/Student 0 EUR 250\.00 Pending Order ORDER-WAITING Capture —/);
    expect(text).not.toContain("ORDER-DECLINED");
    expect(text).not.toContain("elsewhere@example.org");
  });

  it("filters by status, and the CSV follows the filter", async () => {
    const { conference, admin } = await registered();
    const jar = await sessionJar(admin);
    const html = await (await visit(jar, `/admin/registrations?conference=${conference.id}&status=pending`)).text();
    const text = textOf(html);
    expect(text).toContain("bo@example.org");
    expect(text).not.toContain("ada@example.org");
    expect(html).toContain(`href="/admin/registrations/export.csv?conference=${conference.id}&amp;status=pending"`);
    const none = textOf(await (await visit(jar, `/admin/registrations?conference=${conference.id}&status=cancelled`)).text());
    expect(none).toContain("No registrations match this status.");
    const csv = await (await visit(jar, `/admin/registrations/export.csv?conference=${conference.id}&status=pending`)).text();
    expect(csv.trim().split("\r\n")).toHaveLength(2);
    expect(csv).toContain("ORDER-WAITING");
    expect(csv).not.toContain("ORDER-PAID");
  });

  it("pages by keyset: a page reads its own rows, Next goes on and First page comes back to the same rows", async () => {
    const { conference, admin } = await registered();
    const more = Array.from({ length: 55 }, (_, i) => ({
      conferenceId: conference.id,
      participantEmail: `p${String(i).padStart(2, "0")}@example.org`,
      feeType: "standard" as const,
      amount: 50000,
      currency: "EUR" as const,
      status: "confirmed" as const,
      createdAt: new Date(Date.UTC(2027, 3, 1, 0, i)),
    }));
    for (let i = 0; i < more.length; i += 10) await db().insert(registrations).values(more.slice(i, i + 10));
    const jar = await sessionJar(admin);
    const first = await (await visit(jar, `/admin/registrations?conference=${conference.id}`)).text();
    expect(textOf(first)).toContain("Showing 1–50");
    expect(textOf(first)).toContain("p54@example.org");
    const next = /href="([^"]*after=[^"]*)"/.exec(first)![1]!.replace(/&amp;/g, "&");
    const secondHtml = await (await visit(jar, next)).text();
    const second = textOf(secondHtml);
    expect(second).toContain("Showing 51–57");
    expect(second).toContain("ada@example.org");
    expect(second).not.toContain("p54@example.org");
    const back = /<a (?=[^>]*rel="prev")[^>]*href="([^"]*)"/.exec(secondHtml)![1]!.replace(/&amp;/g, "&");
    expect(textOf(await (await visit(jar, back)).text())).toBe(textOf(first));
  });

  it("writes the accountant's CSV: a header, one quoted row a registration oldest first, amounts in decimals, formulas kept as text", async () => {
    const { conference, admin, paper, confirmed, pending } = await registered();
    const r = await visit(await sessionJar(admin), `/admin/registrations/export.csv?conference=${conference.id}`);
    expect(r.status).toBe(200);
    expect(r.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(r.headers.get("Content-Disposition")).toContain(`filename="Finance, _Risk_ 2027_Registrations_${today()}.csv"`);
    expect(r.headers.get("Cache-Control")).toBe("private, no-store");
    const bytes = new Uint8Array(await r.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const body = new TextDecoder().decode(bytes);
    const lines = body.split("\r\n");
    expect(lines.pop()).toBe("");
    expect(lines[0]).toBe(CSV_HEADER.join(","));
    const number = `MS27~${paper.paperNumber + 101}`;
    expect(lines[1]).toBe(
      `${confirmed.id},R-2027-000001,Ada Byron,ada@example.org,${number},"Liquidity, and more",Standard,1,600.00,EUR,Confirmed,completed,ORDER-PAID,CAPTURE-1,2027-03-01T10:00:00Z,2027-03-01T10:01:30Z`,
    );
    expect(lines[2]).toBe(
      `${pending.id},,"'=HYPERLINK(""x"") Chen",bo@example.org,${number},"Liquidity, and more",Student,0,250.00,EUR,Pending,created,ORDER-WAITING,,2027-03-02T10:00:00Z,`,
    );
    expect(lines).toHaveLength(3);
    // A spreadsheet reads it back as the same table.
    const book = XLSX.read(body, { type: "string" });
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0]!]!, { raw: false });
    expect(rows.map((row) => row["PayPal Order ID"])).toEqual(["ORDER-PAID", "ORDER-WAITING"]);
  });

  it("answers 404 for a conference that does not exist", async () => {
    const { admin } = await registered();
    expect((await visit(await sessionJar(admin), "/admin/registrations/export.csv?conference=999999")).status).toBe(404);
    expect((await visit(await sessionJar(admin), "/admin/registrations/export.csv")).status).toBe(404);
  });
});

describe("the Papers tab reads real registrations", () => {
  it("counts a paper's confirmed registrations, and the export marks the author whose account paid, under whatever address they are listed", async () => {
    const { conference, admin, paper } = await registered();
    const jar = await sessionJar(admin);
    const text = textOf(await (await visit(jar, `/admin/papers?conference=${conference.id}`)).text());
    expect(text).toMatch(/1 confirmed registrations for this paper/);
    const r = await visit(jar, `/admin/papers/export?conference=${conference.id}`);
    const book = XLSX.read(new Uint8Array(await r.arrayBuffer()), { type: "array" });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Papers!, { header: 1, raw: true });
    const row = Object.fromEntries(EXPORT_HEADER.map((h, i) => [h, (rows[1] as unknown[])[i]]));
    expect(row).toMatchObject({ "Paper ID": paper.id, REGxyz: "P1", P1Email: "ada.old@uni.example", P1RegFee: 600, P1Currency: "EUR", P2RegFee: "N/A" });
  });
});
