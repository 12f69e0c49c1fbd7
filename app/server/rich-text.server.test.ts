import { describe, expect, it } from "vitest";
import { richTextOrNull, rewriteFileLink, sanitizeRichText } from "./rich-text.server";

const HOSTILE = [
  `<script>alert(1)</script>`,
  `<img src=x onerror=alert(1)>`,
  `<a href="javascript:alert(1)">x</a>`,
  `<a href="JaVaScRiPt:alert(1)">x</a>`,
  `<a href="&#106;avascript:alert(1)">x</a>`,
  `<a href="  javascript:alert(1)">x</a>`,
  `<svg onload=alert(1)><circle/></svg>`,
  `<iframe src="https://evil.example"></iframe>`,
  `<p style="background:url(javascript:alert(1))">x</p>`,
  `<div onclick="alert(1)">x</div>`,
  `<object data="x"></object><embed src="x">`,
  `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>`,
  `<img src="data:image/svg+xml,<svg onload=alert(1)>">`,
  `<form action="https://evil.example"><input name=x></form>`,
  `<base href="https://evil.example/">`,
  `<meta http-equiv="refresh" content="0;url=https://evil.example">`,
  `<a href="//evil.example">protocol-relative</a>`,
  `<a target=_blank onclick=alert(1) href="https://example.org">x</a>`,
  `<a target="_blank" rel="opener" href="https://example.org" onmouseover="alert(1)">x</a>`,
  `<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>`,
];

describe("sanitizeRichText", () => {
  it.each(HOSTILE)("neutralises %s", (html) => {
    const clean = sanitizeRichText(html);
    expect(clean).not.toMatch(/<script|<iframe|<svg|<object|<embed|<form|<input|<base|<meta|<style|<math/i);
    expect(clean).not.toMatch(/\son\w+\s*=/i);
    expect(clean).not.toMatch(/href="\s*(javascript|data|&#)/i);
    expect(clean).not.toMatch(/src="\s*(javascript|data)/i);
    expect(clean).not.toMatch(/style=/i);
    expect(clean).not.toMatch(/href="\/\//);
    if (/target="_blank"/.test(clean)) expect(clean).toContain('rel="noopener noreferrer"');
  });

  // Issue 13, finding 12: paths that browsers read as another site. Every link that is kept
  // must resolve, as a browser resolves it, to this site or to a web, mail or phone address.
  it.each([
    `<a href="/\\evil.example">x</a>`,
    `<a href="/\\/evil.example">x</a>`,
    `<a href="\\\\evil.example">x</a>`,
    `<a href="/\t/evil.example">x</a>`,
    `<a href="/\n/evil.example">x</a>`,
    `<a href="/&#9;/evil.example">x</a>`,
    `<img src="/\\evil.example/a.png">`,
  ])("keeps %s on this site", (html) => {
    for (const [, url] of sanitizeRichText(html).matchAll(/(?:href|src)="([^"]*)"/g)) {
      const resolved = new URL(url!.replace(/&amp;/g, "&"), "https://society.test/news/1");
      expect(resolved.host, url).toBe("society.test");
    }
  });

  it("keeps site paths, web, mail and phone links, and fragments", () => {
    for (const url of ["/conferences/3", "/", "https://example.org/a?b=c", "http://example.org", "mailto:office@example.org", "tel:+3512345678", "#fees"]) {
      expect(sanitizeRichText(`<a href="${url}">x</a>`), url).toContain(`href="${url}"`);
    }
  });

  it("keeps the formatting an editor produces", () => {
    const html =
      '<h2>Heading</h2><p>A <strong>bold</strong>, <em>italic</em> and <u>underlined</u> text with <a href="https://example.org" target="_blank">a link</a>.</p><ul><li>one</li></ul><ol start="3"><li>three</li></ol><blockquote>q</blockquote><table><tr><td colspan="2">cell</td></tr></table>';
    const clean = sanitizeRichText(html);
    expect(clean).toContain("<h2>Heading</h2>");
    expect(clean).toContain("<strong>bold</strong>");
    expect(clean).toContain('<a href="https://example.org" target="_blank" rel="noopener noreferrer">a link</a>');
    expect(clean).toContain('<ol start="3">');
    expect(clean).toContain('<td colspan="2">cell</td>');
  });

  it("rewrites old file links to the /api routes", () => {
    expect(rewriteFileLink("/conferences/files/abc.pdf")).toBe("/api/conferences/files/abc.pdf");
    expect(rewriteFileLink("/news/files/x_1.png")).toBe("/api/news/files/x_1.png");
    expect(rewriteFileLink("/conferences/files/../../x")).toBe("/conferences/files/../../x");
    expect(sanitizeRichText('<a href="/news/files/flyer.pdf">Flyer</a>')).toBe('<a href="/api/news/files/flyer.pdf">Flyer</a>');
  });

  it("treats markup with nothing visible as empty", () => {
    expect(richTextOrNull("<p> </p><p>&nbsp;</p>")).toBeNull();
    expect(richTextOrNull("<script>x</script>")).toBeNull();
    expect(richTextOrNull(null)).toBeNull();
    expect(richTextOrNull('<p><img src="/api/news/files/a.png" alt="A"></p>')).toContain("<img");
  });
});

describe("links that open a new window", () => {
  it("carry exactly one rel=noopener noreferrer", () => {
    const clean = sanitizeRichText('<a target="_blank" rel="opener" href="https://example.org">x</a>');
    expect(clean).toBe('<a target="_blank" href="https://example.org" rel="noopener noreferrer">x</a>');
  });
});

describe("remembered results", () => {
  it("answer a repeated input exactly as the first time, hostile parts removed again", () => {
    const hostile = '<p onclick="steal()">Hi<script>alert(1)</script> <a href="javascript:x">link</a></p>';
    const first = sanitizeRichText(hostile);
    expect(first).toMatch(/^<p>Hi <a( href)?>link<\/a><\/p>$/);
    expect(sanitizeRichText(hostile)).toBe(first);
    expect(richTextOrNull(hostile)).toBe(first);
  });

  it("still sanitise inputs too large to remember, and many different ones", () => {
    const large = `<p>${"word ".repeat(200_000)}</p><img src="x" onerror="steal()">`;
    expect(sanitizeRichText(large)).not.toContain("onerror");
    for (let i = 0; i < 2_000; i++) expect(sanitizeRichText(`<p>${i}<script>x</script>${"a".repeat(3_000)}</p>`)).toBe(`<p>${i}${"a".repeat(3_000)}</p>`);
  });
});
