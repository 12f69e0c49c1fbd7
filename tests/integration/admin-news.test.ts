import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog, files, news } from "~/db/schema";
import { createNews, createUser, db, Jar, postMultipart, resetDatabase, signIn, textOf, visit } from "./fixtures";

beforeEach(resetDatabase);

const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));

async function adminJar() {
  const admin = await createUser({ email: "chief@example.org", role: "admin" });
  return { admin, jar: await signIn(admin.email, admin.password) };
}

function newsForm(fields: Record<string, string>, attachments: File[] = [], featured?: File) {
  const form = new FormData();
  const all = { intent: "save", title: "Awards announced", category: "Award", status: "published", newsDate: "", content: "<p>The winners are…</p>", details: "", contactInfo: "", ...fields };
  for (const [k, v] of Object.entries(all)) form.set(k, v);
  for (const f of attachments) form.append("files", f);
  if (featured) form.set("featuredImage", featured);
  return form;
}

const r2Count = async () => (await env.FILES.list()).objects.length;

describe("News Management", () => {
  it("creates a published item with files and a featured image, sanitised, audited and public at once", async () => {
    const { admin, jar } = await adminJar();
    const r = await postMultipart(
      jar,
      "/admin/news/new",
      newsForm(
        { content: '<p>Winners</p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">link</a>' },
        [new File(["%PDF-1.7\n"], "Results.pdf")],
        new File([PNG], "podium.png"),
      ),
    );
    expect(r.headers.get("Location")).toBe("/admin/news?done=created");
    const item = await db().select().from(news).get();
    expect(item!.content).not.toMatch(/script|onerror|javascript:/);
    expect(item!.content).toContain("<p>Winners</p>");
    const stored = await db().select().from(files).where(eq(files.newsId, item!.id)).all();
    expect(stored.map((f) => f.originalName).sort()).toEqual(["Results.pdf", "podium.png"]);
    expect(item!.featuredImageId).toBe(stored.find((f) => f.originalName === "podium.png")!.id);
    const publicPage = textOf(await (await visit(new Jar(), `/news/${item!.id}`)).text());
    expect(publicPage).toContain("Awards announced");
    expect(publicPage).toContain("Results.pdf");
    const list = textOf(await (await visit(jar, "/admin/news?done=created")).text());
    expect(list).toContain("News created successfully!");
    expect(list).toContain("Showing 1 of 1 news items");
    expect(list).toContain("2 files");
    expect((await db().select().from(auditLog).all())[0]).toMatchObject({ actorId: admin.id, action: "news.create" });
  });

  it("requires a title and content (whitespace is blank), and keeps what was typed", async () => {
    const { jar } = await adminJar();
    const r = await postMultipart(jar, "/admin/news/new", newsForm({ title: "   ", content: "<p> &nbsp; </p>" }));
    expect(r.status).toBe(400);
    const text = textOf(await r.text());
    expect(text).toContain("Title is required");
    expect(text).toContain("Content is required");
    expect(await db().select().from(news).all()).toHaveLength(0);
  });

  it("refuses a file whose content does not match its name, or eleven files, leaving R2 and D1 as they were", async () => {
    const { jar } = await adminJar();
    const before = await r2Count();
    const disguised = await postMultipart(jar, "/admin/news/new", newsForm({}, [new File(["%PDF-1.7\n"], "ok.pdf"), new File(["<html>"], "report.docx")]));
    expect(disguised.status).toBe(422);
    expect(textOf(await disguised.text())).toContain('Failed to create news: "report.docx" is not really a .docx file');
    const eleven = await postMultipart(jar, "/admin/news/new", newsForm({}, Array.from({ length: 11 }, (_, i) => new File(["%PDF-1.7\n"], `f${i}.pdf`))));
    expect(eleven.status).toBe(422);
    expect(await r2Count()).toBe(before);
    expect(await db().select().from(news).all()).toHaveLength(0);
    expect(await db().select().from(files).all()).toHaveLength(0);
  });

  it("previews rich text exactly as the public page will show it, saving nothing", async () => {
    const { jar } = await adminJar();
    const r = await postMultipart(jar, "/admin/news/new", newsForm({ intent: "preview", content: "<h2>Heading</h2><p onclick='x()'>Body</p>" }));
    expect(r.status).toBe(200);
    const html = await r.text();
    const pane = /<div class="preview-pane"[\s\S]*?<\/div><\/div>/.exec(html)?.[0] ?? "";
    expect(pane).toContain("<h2>Heading</h2>");
    expect(pane).toContain("Body");
    expect(pane).not.toContain("onclick");
    expect(await db().select().from(news).all()).toHaveLength(0);
  });

  it("searches, filters by status, edits, and deletes an item with its files from R2", async () => {
    const { jar } = await adminJar();
    await createNews({ title: "Draft about grants", status: "draft" });
    const published = await createNews({ title: "Published about prizes", status: "published", content: "<p>prizes and grants</p>" });
    expect(textOf(await (await visit(jar, "/admin/news?q=grants")).text())).toContain("Showing 2 of 2 news items");
    expect(textOf(await (await visit(jar, "/admin/news?status=draft")).text())).toContain("Showing 1 of 2 news items");
    expect(textOf(await (await visit(jar, "/admin/news?q=nothing-like-this")).text())).toContain("No news items found");
    const edited = await postMultipart(jar, `/admin/news/${published.id}`, newsForm({ title: "Prizes (updated)", status: "archived" }, [new File(["%PDF-1.7\n"], "a.pdf")]));
    expect(edited.headers.get("Location")).toBe("/admin/news?done=updated");
    expect((await db().select().from(news).where(eq(news.id, published.id)).get())!.status).toBe("archived");
    const before = await r2Count();
    expect(textOf(await (await visit(jar, `/admin/news/${published.id}/delete`)).text())).toContain("Delete Prizes (updated) and its file?");
    const del = await postMultipart(jar, `/admin/news/${published.id}/delete`, new FormData());
    expect(del.headers.get("Location")).toBe("/admin/news?done=deleted");
    expect(await r2Count()).toBe(before - 1);
    expect(await db().select().from(files).all()).toHaveLength(0);
    expect((await visit(new Jar(), `/news/${published.id}`)).status).toBe(404);
  });

  it("refuses every news change from a non-administrator", async () => {
    const user = await createUser({ email: "user@example.org" });
    const jar = await signIn(user.email, user.password);
    const item = await createNews({ title: "Keep me" });
    expect((await postMultipart(jar, "/admin/news/new", newsForm({}))).status).toBe(403);
    expect((await postMultipart(jar, `/admin/news/${item.id}/delete`, new FormData())).status).toBe(403);
    expect((await visit(jar, "/admin/news")).status).toBe(403);
    expect(await db().select().from(news).all()).toHaveLength(1);
  });
});
