import { beforeEach, describe, expect, it } from "vitest";
import { auditLog, boardMembers, boardYears, pastPresidents } from "~/db/schema";
import { createBoardYear, createUser, db, Jar, postForm, resetDatabase, signIn, textOf, visit } from "./fixtures";

beforeEach(resetDatabase);

async function adminJar() {
  const admin = await createUser({ email: "chief@example.org", role: "admin" });
  return { admin, jar: await signIn(admin.email, admin.password) };
}

describe("Board Management", () => {
  it("creates a year with its members; the public board page shows it at once", async () => {
    const { admin, jar } = await adminJar();
    expect(textOf(await (await visit(jar, "/admin/board")).text())).toContain("No board years yet");
    const r = await postForm(jar, "/admin/board/new", {
      intent: "save",
      period: "2026-2027",
      title: "Board 2026/27",
      sponsoringInstitution: "Harbour University",
      "directors[0][position]": "President",
      "directors[0][name]": "Prof. Ada Lovelace",
      "directors[0][term]": "2026-2028",
      "directors[1][name]": "",
      "trustees[0][name]": "TBA",
      "administration[0][position]": "Manager",
      "administration[0][name]": "Sam Office",
      "administration[0][term]": "ignored: administration has no term",
    });
    expect(r.headers.get("Location")).toBe("/admin/board?done=saved");
    const rows = await db().select().from(boardMembers).all();
    expect(rows.map((m) => [m.section, m.name, m.term])).toEqual([
      ["directors", "Prof. Ada Lovelace", "2026-2028"],
      ["trustees", "TBA", null],
      ["administration", "Sam Office", null],
    ]);
    const list = textOf(await (await visit(jar, "/admin/board?done=saved")).text());
    expect(list).toContain("Board year saved.");
    expect(list).toContain("Board 2026/27");
    const page = textOf(await (await visit(new Jar(), "/society/board?period=2026-2027")).text());
    expect(page).toContain("Prof. Ada Lovelace");
    expect(page).toContain("Harbour University");
    expect(page).toContain("To Be Announced");
    const [entry] = await db().select().from(auditLog).all();
    expect(entry).toMatchObject({ actorId: admin.id, action: "board_year.create", entityId: "2026-2027" });
  });

  it("adds and removes rows by posting without saving, the way a browser without JavaScript does", async () => {
    const { jar } = await adminJar();
    const added = await postForm(jar, "/admin/board/new", { intent: "add:trustees", period: "2026-2027", "trustees[0][name]": "First" });
    expect(added.status).toBe(200);
    const html = await added.text();
    expect(html).toContain('name="trustees[1][name]"');
    expect(html).toContain('value="First"');
    const removed = await postForm(jar, "/admin/board/new", { intent: "remove:trustees:0", period: "2026-2027", "trustees[0][name]": "First", "trustees[1][name]": "Second" });
    const after = await removed.text();
    expect(after).toContain('value="Second"');
    expect(after).not.toContain('value="First"');
    expect(await db().select().from(boardYears).all()).toHaveLength(0);
  });

  it("moves rows up and down by posting without saving, and the public page keeps the saved order", async () => {
    const { jar } = await adminJar();
    const three = { period: "2026-2027", "directors[0][position]": "President", "directors[0][name]": "Prof. A", "directors[1][position]": "Director", "directors[1][name]": "Prof. B", "directors[2][position]": "Secretary", "directors[2][name]": "Dr. C" };
    const order = (html: string) => [...html.matchAll(/name="directors\[(\d)\]\[name\]"[^>]*value="([^"]*)"/g)].map((m) => `${m[1]}:${m[2]}`);
    const up = await postForm(jar, "/admin/board/new", { intent: "up:directors:2", ...three });
    expect(up.status).toBe(200);
    expect(order(await up.text())).toEqual(["0:Prof. A", "1:Dr. C", "2:Prof. B"]);
    const down = await postForm(jar, "/admin/board/new", { intent: "down:directors:0", ...three });
    expect(order(await down.text())).toEqual(["0:Prof. B", "1:Prof. A", "2:Dr. C"]);
    for (const intent of ["up:directors:0", "down:directors:2", "up:directors:7", "remove:directors:9", "up:nobody:1", "sideways:directors:1"]) {
      const r = await postForm(jar, "/admin/board/new", { intent, ...three });
      expect(r.status, intent).toBe(400);
    }
    expect(await db().select().from(boardYears).all()).toHaveLength(0);
    // Saved in the order shown: the Secretary moved up to second stays second on the public page.
    const saved = await postForm(jar, "/admin/board/new", { intent: "save", period: "2026-2027", "directors[0][position]": "President", "directors[0][name]": "Prof. A", "directors[1][position]": "Secretary", "directors[1][name]": "Dr. C", "directors[2][position]": "Director", "directors[2][name]": "Prof. B" });
    expect(saved.status).toBe(302);
    const page = textOf(await (await visit(new Jar(), "/society/board?period=2026-2027")).text());
    expect(page.indexOf("Prof. A")).toBeLessThan(page.indexOf("Dr. C"));
    expect(page.indexOf("Dr. C")).toBeLessThan(page.indexOf("Prof. B"));
  });

  it("refuses a missing or malformed period, a taken one, and a nameless row; saves nothing", async () => {
    const { jar } = await adminJar();
    await createBoardYear("2024-2025");
    for (const [period, message] of [
      ["", "Period is required"],
      ["2024-2026", "Use two consecutive years, as in 2024-2025."],
      ["2024-2025", "A board year for 2024-2025 exists already"],
    ]) {
      const r = await postForm(jar, "/admin/board/new", { intent: "save", period: period! });
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(textOf(await r.text())).toContain(message!);
    }
    const nameless = await postForm(jar, "/admin/board/new", { intent: "save", period: "2030-2031", "directors[0][position]": "President" });
    expect(nameless.status).toBe(400);
    expect(textOf(await nameless.text())).toContain("Name is required for each row");
    expect(await db().select().from(boardYears).all()).toHaveLength(1);
  });

  it("edits a year in place (its period locked) and deletes it with its members", async () => {
    const { jar } = await adminJar();
    await createBoardYear("2024-2025", [{ section: "directors", name: "Old Name", position: "President" }]);
    const edit = await postForm(jar, "/admin/board/2024-2025", { intent: "save", period: "1999-2000", "directors[0][name]": "New Name" });
    expect(edit.headers.get("Location")).toBe("/admin/board?done=saved");
    expect((await db().select().from(boardYears).all()).map((y) => y.period)).toEqual(["2024-2025"]);
    expect((await db().select().from(boardMembers).all()).map((m) => m.name)).toEqual(["New Name"]);
    expect(textOf(await (await visit(jar, "/admin/board/2024-2025/delete")).text())).toContain("Delete board year 2024-2025?");
    expect((await postForm(jar, "/admin/board/2024-2025/delete", {})).headers.get("Location")).toBe("/admin/board?done=deleted");
    expect(await db().select().from(boardYears).all()).toHaveLength(0);
    expect(await db().select().from(boardMembers).all()).toHaveLength(0);
    expect((await postForm(jar, "/admin/board/2024-2025/delete", {})).status).toBe(404);
    expect((await visit(jar, "/admin/board/2024-2025")).status).toBe(404);
    expect((await visit(jar, "/admin/board/not-a-period")).status).toBe(404);
    expect((await db().select().from(auditLog).all()).map((a) => a.action)).toEqual(["board_year.update", "board_year.delete"]);
  });

  it("adds past presidents at the end ('Years and Name required') and deletes them", async () => {
    const { jar } = await adminJar();
    const missing = await postForm(jar, "/admin/board?view=presidents", { intent: "add-president", years: "2001-2002", name: "" });
    expect(missing.status).toBe(400);
    expect(textOf(await missing.text())).toContain("Years and Name required");
    for (const [years, name] of [["2001-2002", "First President"], ["2002-2003", "Second President"]]) {
      const r = await postForm(jar, "/admin/board?view=presidents", { intent: "add-president", years: years!, name: name!, note: "" });
      expect(r.headers.get("Location")).toBe("/admin/board?view=presidents&done=added");
    }
    const rows = await db().select().from(pastPresidents).all();
    expect(rows.map((p) => [p.name, p.sortOrder])).toEqual([["First President", 0], ["Second President", 1]]);
    expect(textOf(await (await visit(jar, `/admin/board/presidents/${rows[0]!.id}/delete`)).text())).toContain("Delete this past president entry?");
    expect((await postForm(jar, `/admin/board/presidents/${rows[0]!.id}/delete`, {})).headers.get("Location")).toBe("/admin/board?view=presidents&done=removed");
    expect(textOf(await (await visit(new Jar(), "/society/board")).text())).not.toContain("First President");
  });

  it("refuses every board change from a non-administrator", async () => {
    await createBoardYear("2024-2025");
    const user = await createUser({ email: "user@example.org" });
    const jar = await signIn(user.email, user.password);
    for (const [path, fields] of [
      ["/admin/board/new", { intent: "save", period: "2030-2031" }],
      ["/admin/board/2024-2025/delete", {}],
      ["/admin/board?view=presidents", { intent: "add-president", years: "x", name: "y" }],
    ] as const) {
      expect((await postForm(jar, path, fields)).status, path).toBe(403);
    }
    expect(await db().select().from(boardYears).all()).toHaveLength(1);
    expect(await db().select().from(pastPresidents).all()).toHaveLength(0);
  });
});
