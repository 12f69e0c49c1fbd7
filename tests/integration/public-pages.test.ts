import { beforeEach, describe, expect, it } from "vitest";
import {
  createBoardYear,
  createConference,
  createNews,
  createPastPresident,
  get,
  getHtml,
  isoDaysFromToday,
  resetDatabase,
  storeFile,
  textOf,
  withTableMissing,
} from "./fixtures";
import { expectConsoleError } from "./console-errors";

beforeEach(resetDatabase);

describe("home", () => {
  it("shows the earliest conference not yet ended, with the button its status calls for", async () => {
    await createConference({ title: "Past One", startDate: isoDaysFromToday(-30), endDate: isoDaysFromToday(-28), status: "ended" });
    await createConference({ title: "Later One", startDate: isoDaysFromToday(300), endDate: isoDaysFromToday(302), status: "open" });
    const next = await createConference({ title: "Next One", startDate: isoDaysFromToday(40), endDate: isoDaysFromToday(42), status: "active" });
    const { response, html } = await getHtml("/");
    expect(response.status).toBe(200);
    const text = textOf(html);
    expect(text).toContain("Next One");
    expect(text).not.toContain("Later One");
    expect(html).toMatch(/<button[^>]*disabled[^>]*>Submissions Will Open Soon<\/button>/);
    expect(html).toContain(`href="/conferences/${next.id}"`);
  });

  it.each([
    ["open", /<a[^>]*href="\/dashboard"[^>]*>Submit Manuscript<\/a>/],
    ["close", /<button[^>]*disabled[^>]*>Submissions Closed<\/button>/],
    ["ended", /<button[^>]*disabled[^>]*>Submissions Closed<\/button>/],
  ] as const)("a conference with status %s gets the right submission button", async (status, pattern) => {
    await createConference({ status });
    const { html } = await getHtml("/");
    expect(html).toMatch(pattern);
  });

  it("says so when no conference is coming", async () => {
    const { html } = await getHtml("/");
    expect(textOf(html)).toContain("No upcoming conferences - Check back later for conference announcements");
    expect(textOf(html)).toContain("No news available");
  });

  it("lists the four latest published news items, dated by updatedAt else createdAt", async () => {
    const day = 86_400_000;
    const now = Date.now();
    for (let i = 1; i <= 5; i++) await createNews({ title: `Item ${i}`, createdAt: new Date(now - (10 - i) * day) });
    await createNews({ title: "Edited old item", createdAt: new Date(now - 90 * day), updatedAt: new Date(now) });
    await createNews({ title: "Secret draft", status: "draft", createdAt: new Date(now) });
    await createNews({ title: "Old archive", status: "archived", createdAt: new Date(now) });
    const text = textOf((await getHtml("/")).html);
    const order = ["Edited old item", "Item 5", "Item 4", "Item 3"].map((t) => text.indexOf(t));
    expect(order.every((pos) => pos > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    for (const hidden of ["Item 2", "Item 1", "Secret draft", "Old archive"]) expect(text).not.toContain(hidden);
  });
});

describe("conference list", () => {
  it("orders by start date, newest first, with Upcoming, Ongoing and Past badges", async () => {
    await createConference({ title: "Gamma Past", startDate: isoDaysFromToday(-400), endDate: isoDaysFromToday(-398) });
    await createConference({ title: "Alpha Upcoming", startDate: isoDaysFromToday(60), endDate: isoDaysFromToday(62) });
    await createConference({ title: "Beta Ongoing", startDate: isoDaysFromToday(-1), endDate: isoDaysFromToday(1) });
    const text = textOf((await getHtml("/conferences")).html);
    const a = text.indexOf("Alpha Upcoming");
    const b = text.indexOf("Beta Ongoing");
    const g = text.indexOf("Gamma Past");
    expect(a).toBeGreaterThan(0);
    expect(a).toBeLessThan(b);
    expect(b).toBeLessThan(g);
    expect(text.slice(0, a)).toMatch(/Upcoming\s*$/);
    expect(text.slice(a, b)).toMatch(/Ongoing\s*$/);
    expect(text.slice(b, g)).toMatch(/Past\s*$/);
  });

  it("shows the empty state", async () => {
    expect(textOf((await getHtml("/conferences")).html)).toContain("No Conferences Available");
  });

  it("shows the spec's text with a 503 when the database fails", async () => {
    // The failed load is logged.
    expectConsoleError(/^\[request [\w-]+\] GET \/conferences failed:/);
    const { response, html } = await withTableMissing("conferences", () => getHtml("/conferences"));
    expect(response.status).toBe(503);
    expect(textOf(html)).toContain("Failed to load conferences. Please try again later.");
    expect(html).not.toMatch(/at \w+ \(|SQLITE|D1_ERROR/);
  });
});

describe("conference detail", () => {
  it("shows every filled section in order, the status badge, materials with sizes, and the calendar links", async () => {
    const c = await createConference({
      title: "Full Conference",
      status: "open",
      venue: "<p>The Great Hall</p>",
      keynoteSpeakers: "<p>Prof. Keynote</p>",
      paperAwards: "<p>Best Paper</p>",
      introduction: "<p>   </p>",
    });
    await storeFile({ kind: "conference_file", bytes: new Uint8Array(2560), originalName: "Call for Papers.pdf", contentType: "application/pdf", conferenceId: c.id });
    const { response, html } = await getHtml(`/conferences/${c.id}`);
    expect(response.status).toBe(200);
    const text = textOf(html);
    expect(text).toContain("Full Conference");
    const positions = ["Description", "Venue", "Keynote Speakers", "Paper Awards"].map((h) => html.indexOf(`>${h}</h2>`));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((x, y) => x - y)).toEqual(positions);
    expect(html).not.toContain(">Introduction</h2>");
    expect(html).toMatch(/class="badge badge-primary">Open</);
    expect(text).toContain("Call for Papers.pdf");
    expect(text).toContain("2.5 KB");
    expect(html).toMatch(/href="\/submissions"[^>]*>Submit Manuscript/);
    expect(html).toContain("https://calendar.google.com/calendar/render?action=TEMPLATE");
    expect(html).toContain("https://outlook.live.com/calendar/0/deeplink/compose?");
    expect(html).toContain(`href="/conferences/${c.id}/calendar.ics"`);
    expect(html).toContain("https://x.com/intent/post?");
    expect(html).toContain(`<link rel="canonical" href="https://society.test/conferences/${c.id}"/>`);
    expect(html).toContain('property="og:title" content="Full Conference"');
  });

  it.each([
    ["active", "badge-success", "Active"],
    ["close", "badge-warning", "Closed"],
    ["ended", "badge-secondary", "Ended"],
  ] as const)("status %s shows its badge and no submission link", async (status, tone, label) => {
    const c = await createConference({ status });
    const { html } = await getHtml(`/conferences/${c.id}`);
    expect(html).toContain(`class="badge ${tone}">${label}<`);
    expect(html).not.toContain('href="/submissions"');
  });

  it("answers 404 with Conference Not Found for unknown and malformed ids", async () => {
    for (const id of ["999999", "abc", "0", "-1", "1.5", "99999999999999999999", "%00"]) {
      const { response, html } = await getHtml(`/conferences/${id}`);
      expect(response.status, id).toBe(404);
      expect(textOf(html), id).toContain("Conference Not Found");
      expect(textOf(html), id).toContain("Return to Home");
    }
  });

  it("matches each address to its own record when route matches are remembered (decision 011)", async () => {
    const a = await createConference({ title: "First Remembered Conference" });
    const b = await createConference({ title: "Second Remembered Conference" });
    const news = await createNews({ title: "A Remembered News Item" });
    // Alternating, so a remembered match handing out another path's params would show here.
    for (let round = 0; round < 3; round++) {
      for (const [path, title] of [
        [`/conferences/${a.id}`, "First Remembered Conference"],
        [`/conferences/${b.id}`, "Second Remembered Conference"],
        [`/news/${news.id}`, "A Remembered News Item"],
        [`/conference/${b.id}`, null],
      ] as const) {
        const response = await get(path);
        const html = await response.text();
        if (title) expect(textOf(html), path).toContain(title);
        else expect(response.headers.get("Location"), path).toBe(`/conferences/${b.id}`);
      }
    }
  });

  it("writes text beyond ASCII byte for byte when React writes strings (decision 024)", async () => {
    const title = "Zürich · 東京 — “Finance” 🎓 Conference";
    const words = "Große Aula, 𝔉𝔦𝔫𝔞𝔫𝔠𝔢 & Ökonomie — ".repeat(200).trim();
    const c = await createConference({ title, venue: `<p>${words}</p>` });
    const response = await get(`/conferences/${c.id}`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    // Fatal decoding: a character cut between two writes would not decode.
    const html = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    expect(html).toContain(`<h1>${title.replace("&", "&amp;")}</h1>`);
    expect(html).toContain(`<title>${title}`);
    expect(textOf(html).includes(words)).toBe(true);
    expect(html).toContain("streamController.close()");
  });

  it("redirects /conference/{id} permanently", async () => {
    const response = await get("/conference/12?slide=2");
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe("/conferences/12?slide=2");
  });

  it("pages the gallery six photos a slide and opens a photo as a plain link", async () => {
    const c = await createConference();
    const photos = [];
    for (let i = 0; i < 8; i++) {
      photos.push(await storeFile({ kind: "conference_photo", bytes: `jpeg-${i}`, originalName: `p${i}.jpg`, contentType: "image/jpeg", conferenceId: c.id, altText: `Photo alt ${i}` }));
    }
    const first = (await getHtml(`/conferences/${c.id}`)).html;
    expect(textOf(first)).toContain("Slide 1 of 2");
    expect(first).toContain('alt="Photo alt 5"');
    expect(first).not.toContain('alt="Photo alt 6"');
    const second = (await getHtml(`/conferences/${c.id}?slide=2`)).html;
    expect(second).toContain('alt="Photo alt 7"');
    expect(second).not.toContain('alt="Photo alt 0"');
    const viewed = (await getHtml(`/conferences/${c.id}?slide=2&photo=${photos[7]!.filename}`)).html;
    expect(viewed).toContain('id="photo-view"');
    expect(viewed).toContain(`/api/conferences/photos/${photos[7]!.filename}?download`);
    expect(viewed).toContain(`value="https://society.test/api/conferences/photos/${photos[7]!.filename}"`);
    const junk = await getHtml(`/conferences/${c.id}?slide=${"9".repeat(40)}&photo=../../etc`);
    expect(junk.response.status).toBe(200);
    expect(junk.html).not.toContain('id="photo-view"');
  });

  it("serves an .ics calendar", async () => {
    const c = await createConference({ title: "Calendar, Conf; Test", startDate: "2027-06-28", endDate: "2027-07-01" });
    const response = await get(`/conferences/${c.id}/calendar.ics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    const body = await response.text();
    expect(body).toContain("DTSTART;VALUE=DATE:20270628");
    expect(body).toContain("DTEND;VALUE=DATE:20270702");
    expect(body).toContain("SUMMARY:Calendar\\, Conf\\; Test");
    expect((await get("/conferences/424242/calendar.ics")).status).toBe(404);
  });
});

describe("news detail", () => {
  it("shows a published item with category, files, contact and a Register button for a future date", async () => {
    const item = await createNews({ title: "Conference call", category: "Conference", newsDate: isoDaysFromToday(30), details: "<p>More details</p>", contactInfo: "<p>Write to us</p>" });
    await storeFile({ kind: "news_file", bytes: new Uint8Array(1024), originalName: "flyer.pdf", contentType: "application/pdf", newsId: item.id });
    const { response, html } = await getHtml(`/news/${item.id}`);
    expect(response.status).toBe(200);
    const text = textOf(html);
    expect(text).toContain("Conference call");
    expect(html).toContain('class="badge badge-info">Conference<');
    expect(text).toContain("More details");
    expect(text).toContain("Write to us");
    expect(text).toContain("flyer.pdf");
    expect(text).toContain("1.0 KB");
    expect(html).toMatch(/href="\/register"[^>]*>Register</);
  });

  it("hides Register when the news date has passed", async () => {
    const item = await createNews({ newsDate: isoDaysFromToday(-1) });
    expect((await getHtml(`/news/${item.id}`)).html).not.toMatch(/>Register</);
  });

  it("keeps an archived item reachable with its badge and never shows a draft", async () => {
    const archived = await createNews({ status: "archived", title: "Archived one" });
    const draft = await createNews({ status: "draft", title: "Draft one" });
    expect((await getHtml(`/news/${archived.id}`)).html).toContain('class="badge badge-warning">Archived<');
    const hidden = await getHtml(`/news/${draft.id}`);
    expect(hidden.response.status).toBe(404);
    expect(textOf(hidden.html)).toContain("News Not Found");
    expect(textOf(hidden.html)).not.toContain("Draft one");
    expect((await get("/news/not-a-number")).status).toBe(404);
  });
});

describe("news list and dates", () => {
  it("shows the same published and event dates on home, on /news and on the item", async () => {
    const item = await createNews({ title: "Dated item", newsDate: "2027-06-30", createdAt: new Date("2026-11-01T10:00:00Z"), updatedAt: new Date("2026-11-20T10:00:00Z") });
    for (const path of ["/", "/news", `/news/${item.id}`]) {
      const text = textOf((await getHtml(path)).html);
      expect(text, path).toContain("Published 20 November 2026");
      expect(text, path).toContain("Event date 30 June 2027");
    }
    const plain = await createNews({ title: "Undated item", newsDate: null });
    expect(textOf((await getHtml(`/news/${plain.id}`)).html)).not.toContain("Event date");
  });

  it("lists published items newest first, ten to a page, with their category, and links it from home, the item and the sitemap", async () => {
    for (let i = 1; i <= 12; i++) {
      await createNews({ title: `Item ${String(i).padStart(2, "0")}`, category: i === 12 ? "Award" : null, createdAt: new Date(Date.UTC(2026, 0, i)), updatedAt: null });
    }
    const draft = await createNews({ title: "Unpublished draft", status: "draft" });
    const archived = await createNews({ title: "Archived item", status: "archived" });
    const first = await getHtml("/news");
    expect(first.response.status).toBe(200);
    const titles = [...first.html.matchAll(/<h2>(Item \d\d)<\/h2>/g)].map((m) => m[1]);
    expect(titles).toEqual(["Item 12", "Item 11", "Item 10", "Item 09", "Item 08", "Item 07", "Item 06", "Item 05", "Item 04", "Item 03"]);
    expect(first.html).toContain('class="badge badge-info">Award<');
    expect(textOf(first.html)).toContain("Page 1 of 2");
    expect(first.html).toMatch(/href="\/news\?page=2"[^>]*>Older/);
    const second = await getHtml("/news?page=2");
    expect([...second.html.matchAll(/<h2>(Item \d\d)<\/h2>/g)].map((m) => m[1])).toEqual(["Item 02", "Item 01"]);
    for (const page of [first.html, second.html]) {
      expect(page).not.toContain(draft.title);
      expect(page).not.toContain(archived.title);
    }
    for (const bad of ["/news?page=3", "/news?page=0", "/news?page=abc", "/news?page=1e3"]) {
      const r = await getHtml(bad);
      expect(r.response.status, bad).toBe(404);
      expect(textOf(r.html), bad).toContain("There is no such page of news.");
    }
    expect((await getHtml("/")).html).toMatch(/href="\/news"[^>]*>All news</);
    const item = await getHtml(`/news/${archived.id}`);
    expect(item.html).toMatch(/<a[^>]*href="\/news"[^>]*>News<\/a>/);
    expect(await (await get("/sitemap.xml")).text()).toContain("<loc>https://society.test/news</loc>");
  });

  it("says so when there is no news", async () => {
    const { response, html } = await getHtml("/news");
    expect(response.status).toBe(200);
    expect(textOf(html)).toContain("No news available");
  });
});

describe("board of directors", () => {
  it("defaults to the latest period with data and marks periods with and without data", async () => {
    await createBoardYear("2022-2023", [{ section: "directors", position: "President", name: "Old President", term: "2022-2023" }]);
    await createBoardYear("2024-2025", [
      { section: "directors", position: "President", name: "Current President", term: "2024-2026", affiliation: "Uni A", sortOrder: 0 },
      { section: "directors", position: "Director", name: "TBA", sortOrder: 1 },
      { section: "trustees", name: "A Trustee", affiliation: "Founding member" },
      { section: "executive", position: "Chair", name: "Exec Chair" },
      { section: "nominating", position: "Chair", name: "Nominating Chair" },
      { section: "administration", position: "Manager", name: "Office Manager" },
    ], { sponsoringInstitution: "Sponsor University" });
    await createPastPresident({ years: "1995 – 1997", name: "First President", note: "Deceased" });
    await createPastPresident({ years: "1997 – 1999", name: "Second President" });
    const { response, html } = await getHtml("/society/board");
    expect(response.status).toBe(200);
    const text = textOf(html);
    expect(text).toContain("Period 2024-2025");
    expect(text).toContain("Sponsor University");
    for (const name of ["Current President", "A Trustee", "Exec Chair", "Nominating Chair", "Office Manager"]) expect(text).toContain(name);
    for (const caption of ["Board of Directors", "Board of Trustees", "Executive Committee", "Nominating Committee", "Administration"]) expect(text).toContain(caption);
    expect(text).toContain("To Be Announced");
    expect(text).not.toContain("Old President");
    expect(html).toMatch(/First President(<!-- -->)? <span class="dagger" aria-hidden="true">†<\/span>/);
    expect(html).not.toMatch(/Second President(<!-- -->)? <span class="dagger"/);
    const year = new Date().getUTCFullYear();
    expect(html).toContain(`?period=${year}-${year + 1}"`);
    expect(html).toContain("?period=2003-2004\"");
    expect(html).not.toContain("?period=2002-2003\"");
    expect(html).toMatch(/<a aria-current="page"[^>]*href="\/society\/board\?period=2024-2025"/);
    expect(html).toMatch(/2023-2024<\/span><span class="marker-empty"/);
    expect(html).toMatch(/2022-2023<\/span><span class="marker-data"/);
  });

  it("shows a chosen period, an empty one, and refuses periods that do not exist", async () => {
    await createBoardYear("2022-2023", [{ section: "directors", position: "President", name: "Old President" }]);
    expect(textOf((await getHtml("/society/board?period=2022-2023")).html)).toContain("Old President");
    const empty = await getHtml("/society/board?period=2010-2011");
    expect(empty.response.status).toBe(200);
    expect(textOf(empty.html)).toContain("has not been published yet");
    for (const bad of ["1999-2000", "2024-2026", "abc", "2024-2025x", "9".repeat(300)]) {
      const { response, html } = await getHtml(`/society/board?period=${bad}`);
      expect(response.status, bad).toBe(404);
      expect(textOf(html), bad).toContain("Board Period Not Found");
    }
  });

  it("answers 503 with the site's error page, never 500, when a loader outside the page's own fails", async () => {
    // The failed session query is logged.
    expectConsoleError(/^\[request [\w-]+\] GET \/(society\/board|conferences)? failed:/);
    // A visitor with a session cookie: the root loader reads the session, and here the table is gone.
    for (const path of ["/society/board", "/", "/conferences"]) {
      const { response, html } = await withTableMissing("sessions", () => getHtml(path, { headers: { Cookie: `__Host-session=${"a".repeat(43)}` } }));
      expect(response.status, path).toBe(503);
      expect(response.headers.get("Retry-After"), path).toBe("10");
      expect(response.headers.get("Cache-Control"), path).toMatch(/no-store|no-cache/);
      expect(textOf(html), path).toContain("Something Went Wrong");
    }
  });

  it("says 'Failed to load board data' when the database fails", async () => {
    // The failed load is logged.
    expectConsoleError(/^\[request [\w-]+\] GET \/society\/board failed:/);
    const { response, html } = await withTableMissing("board_years", () => getHtml("/society/board"));
    expect(response.status).toBe(503);
    expect(textOf(html)).toContain("Failed to load board data. Please try again later.");
  });
});

describe("static pages, redirects and discovery", () => {
  it.each([
    ["/society", "About the Society"],
    ["/membership", "80 euros"],
    ["/journal", "Aims & Scope"],
    ["/journal?tab=editorial-board", "Editor-in-Chief"],
    ["/journal?tab=open-access", "CC BY-NC 4.0"],
    ["/journal?tab=ethics", "Authorship cannot change after online publication"],
    ["/journal?tab=submission", "EUR 50.00"],
    ["/journal?tab=guide", "at most 150 words"],
    ["/journal?tab=nonsense", "Aims & Scope"],
  ])("%s renders and says %s", async (path, phrase) => {
    const { response, html } = await getHtml(path);
    expect(response.status).toBe(200);
    expect(textOf(html)).toContain(phrase);
  });

  it("each journal tab is addressable and marks itself current", async () => {
    const { html } = await getHtml("/journal?tab=guide");
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*href="\/journal\?tab=guide"/);
    expect(html).toContain('<link rel="canonical" href="https://society.test/journal?tab=guide"/>');
  });

  it("redirects /about to /society", async () => {
    const response = await get("/about");
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe("/society");
  });

  it("lists pages, conferences and published news in the sitemap", async () => {
    const c = await createConference();
    const n = await createNews();
    const d = await createNews({ status: "draft" });
    const response = await get("/sitemap.xml");
    expect(response.headers.get("Content-Type")).toContain("application/xml");
    const xml = await response.text();
    expect(xml).toContain("<loc>https://society.test/society/board</loc>");
    expect(xml).toContain(`<loc>https://society.test/conferences/${c.id}</loc>`);
    expect(xml).toContain(`<loc>https://society.test/news/${n.id}</loc>`);
    expect(xml).not.toContain(`/news/${d.id}<`);
    expect(await (await get("/robots.txt")).text()).toContain("Sitemap: https://society.test/sitemap.xml");
  });

  it("answers unknown paths with a real 404 page", async () => {
    const { response, html } = await getHtml("/no/such/page");
    expect(response.status).toBe(404);
    expect(textOf(html)).toContain("Page Not Found");
  });

  it("refuses an absurdly long address with 414, never a 500", async () => {
    const response = await get(`/conferences?q=${"x".repeat(9000)}`);
    expect(response.status).toBe(414);
  });
});

describe("headers", () => {
  it("puts strict security headers and a nonce-based CSP on pages", async () => {
    const { response, html } = await getHtml("/society");
    const csp = response.headers.get("Content-Security-Policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Strict-Transport-Security")).toContain("max-age=");
    expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("X-Frame-Options")).toBe("DENY");
  });
});

describe("submission entry point", () => {
  it("sends /submissions to the author area's submit tab", async () => {
    const response = await get("/submissions");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard?tab=submit");
  });
});
