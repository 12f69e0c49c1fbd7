import { createExecutionContext, createMessageBatch, env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { zlibSync } from "fflate";
import { beforeEach, describe, expect, inject, it } from "vitest";
import { extractionJobs } from "~/db/schema";
import { checkedPdf, checkPdfStreams, UNPACK_LIMITS, unzipParts, UnpackRefused } from "~/extraction/unpack";
import extractionWorker from "../../workers/extraction/index";
import { db, extractionJobFor, resetDatabase } from "./fixtures";
import { flateReachingBack } from "./bombs";
import { ascii85, asciiHex, lzw, oneStreamPdf, runLength } from "./pdf-filters";

/**
 * Decompression bombs (decision 042): files of about 1 MB that unpack to about 1 GB, built by
 * tests/integration/bombs.ts. The extraction Worker must end their jobs as failed with a message
 * the author can act on, quickly, and within a Worker's 128 MB: workerd's resident memory is
 * sampled from outside while the Worker consumes the job (global-setup.ts's gauge).
 */
beforeEach(resetDatabase);

const MB = 1024 * 1024;
const bytesOf = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
const bombs = () => inject("bombs");

const jobFor = async (bytes: Uint8Array, name: string) => (await extractionJobFor(bytes, name)).id;

/** Runs `work` while the gauge samples workerd's memory; what it grew by and how long it took. */
async function measured(work: () => Promise<unknown>) {
  const gauge = inject("memoryGauge");
  const start = (await (await fetch(`${gauge}/start`)).json()) as { processes: number };
  expect(start.processes).toBeGreaterThan(0);
  await work();
  const end = (await (await fetch(`${gauge}/stop`)).json()) as { baseline: number; peak: number; ms: number };
  return { grewMB: (end.peak - end.baseline) / MB, ms: end.ms };
}

describe("decompression bombs in the extraction Worker", () => {
  it.each([
    ["a Word document whose text unpacks to 1 GB", "docx", "paper.docx", "The Word document unpacks to more than 20 MB of text"],
    ["a Word document that declares 8 KB for its 1 GB of text", "docxUnderstated", "paper.docx", "The Word document unpacks to more than 200 times its packed size"],
    ["a PDF whose page content unpacks to 1 GB", "pdf", "paper.pdf", "The PDF holds data that unpacks to more than 200 times its packed size"],
    ["a PDF whose 1 GB page content calls itself an image", "pdfImage", "paper.pdf", "The PDF holds a part that unpacks to more than 32 MB"],
    ["a PDF whose page content is packed twice (3 KB for 1 GB)", "pdfTwice", "paper.pdf", "The PDF holds data that unpacks to more than 200 times its packed size"],
    ["a PDF that writes endstream inside its packed page content", "pdfHiddenEnd", "paper.pdf", "The PDF holds data that unpacks to more than 200 times its packed size"],
    ["a PDF with a comment after its stream keyword", "pdfAfterKeyword", "paper.pdf", "The PDF holds data that unpacks to more than 200 times its packed size"],
    ["a PDF whose page content stands inside another stream's data", "pdfInsideAnother", "paper.pdf", "The PDF holds data that unpacks to more than 200 times its packed size"],
    ["a PDF encrypted against changes (RC4) whose page content unpacks to 1 GB", "pdfEncrypted", "paper.pdf", "The PDF holds data that unpacks to more than 200 times its packed size"],
    ["a PDF encrypted against changes whose owner and user entries are literal strings of raw bytes (0x80 to 0x9F among them)", "pdfEncryptedLiteralStrings", "paper.pdf", "The PDF holds data that unpacks to more than 200 times its packed size"],
    ["a PDF encrypted against changes with AES-128 whose page content unpacks to 64 MB", "pdfEncryptedAes", "paper.pdf", "The PDF holds data that unpacks to more than 200 times its packed size"],
    ["an encrypted PDF whose bomb borrows another object's number (and key) from an 'obj' inside its dictionary", "pdfEncryptedLentNumber", "paper.pdf", "The PDF could not be checked before reading"],
  ] as const)(
    "ends %s as failed with a clear message, in seconds and well within 128 MB",
    async (_, bomb, name, message) => {
      const bytes = bytesOf(bombs()[bomb]);
      expect(bytes.byteLength).toBeLessThan(1.5 * MB);
      // Resident memory counts garbage the collector has not yet returned, and on a busy machine
      // it returns it late: the bomb runs twice and the smaller growth is the figure (a real
      // excess grows both runs alike; a late collection seldom delays both).
      const runs: Array<{ grewMB: number; ms: number }> = [];
      for (let run = 0; run < 2; run++) {
        const id = await jobFor(bytes, name);
        const batch = createMessageBatch("finance-society-extraction", [{ id: "m1", timestamp: new Date(), attempts: 1, body: { jobId: id } }]);
        runs.push(await measured(() => extractionWorker.queue(batch as MessageBatch<{ jobId: string }>, { DB: env.DB, FILES: env.FILES }, createExecutionContext())));
        const job = (await db().select().from(extractionJobs).where(eq(extractionJobs.id, id)).get())!;
        expect(job.status).toBe("failed");
        expect(job.message).toContain(message);
        expect(job.message).toContain("enter the title, abstract and authors yourself");
      }
      expect(Math.min(...runs.map((r) => r.ms))).toBeLessThan(5_000);
      expect(Math.min(...runs.map((r) => r.grewMB)), JSON.stringify(runs)).toBeLessThan(96);
    },
    120_000,
  );

  it("stops unpacking within one step of its limits, whatever the archive declares", () => {
    // One step is 4 KB of packed data: at most about 4.2 MB unpacked (DEFLATE's ~1,032 : 1).
    const step = 4.2 * MB;
    for (const bomb of ["docx", "docxUnderstated"] as const) {
      const error = catchRefusal(() => unzipParts(bytesOf(bombs()[bomb]), ["word/document.xml"]));
      expect(error.inflated).toBeLessThanOrEqual(UNPACK_LIMITS.docxTotal + step);
    }
    // Without the ratio rule, the size limits alone stop the bombs.
    const sizesOnly = { ...UNPACK_LIMITS, ratio: Infinity };
    const docx = catchRefusal(() => unzipParts(bytesOf(bombs().docxUnderstated), ["word/document.xml"], sizesOnly));
    expect(docx.message).toContain("more than 20 MB");
    expect(docx.inflated).toBeGreaterThan(UNPACK_LIMITS.docxTotal);
    expect(docx.inflated).toBeLessThanOrEqual(UNPACK_LIMITS.docxTotal + step);
    for (const bomb of ["pdf", "pdfImage"] as const) {
      const pdf = catchRefusal(() => checkPdfStreams(bytesOf(bombs()[bomb]), sizesOnly));
      expect(pdf.message).toContain("more than 32 MB");
      expect(pdf.inflated).toBeGreaterThan(UNPACK_LIMITS.pdfStream);
      expect(pdf.inflated).toBeLessThanOrEqual(UNPACK_LIMITS.pdfStream + step);
    }
    // The ratio rule stops a bomb soon after its first few megabytes.
    const early = catchRefusal(() => checkPdfStreams(bytesOf(bombs().pdf)));
    expect(early.inflated).toBeLessThanOrEqual(UNPACK_LIMITS.ratioFrom + step);
  }, 60_000);

  it("counts the older filters as pdf.js decodes them (LZW, ASCII85, ASCIIHex, RunLength), and stops their bombs too", () => {
    const text = new TextEncoder().encode("BT /F1 12 Tf 72 720 Td (A line of a manuscript's text) Tj ET\n".repeat(4000));
    for (const [filter, pack] of [["/LZWDecode", lzw], ["/ASCII85Decode", ascii85], ["/ASCIIHexDecode", asciiHex], ["/RunLengthDecode", runLength]] as const) {
      expect(checkPdfStreams(oneStreamPdf(filter, pack(text))).inflated, filter).toBe(text.length);
    }
    expect(catchRefusal(() => checkPdfStreams(oneStreamPdf("/LZWDecode", lzw(new Uint8Array(6 * MB))))).message).toContain("200 times");
    // Packed data whose last group is short ends in the order written, as a publisher's images in
    // ASCII85 over FlateDecode are (else FlateDecode reads its end out of order, and an encrypted file
    // holding such an image is refused as one that could not be checked).
    const lastGroups = new Set<number>();
    for (const [filter, pack] of [["[/ASCII85Decode /FlateDecode]", ascii85], ["[/ASCIIHexDecode /FlateDecode]", asciiHex]] as const) {
      // (Stored, not compressed, one byte less of text is one byte less packed: every length of a last group.)
      for (const [cut, level] of [[1, 0], [2, 0], [3, 0], [4, 0], [1, 9], [7, 9]] as const) {
        const part = text.subarray(0, 20_000 - cut);
        const packed = zlibSync(part, { level });
        lastGroups.add(packed.length % 4);
        // (Each filter's output is counted: the packed data, then the text.)
        expect(checkPdfStreams(oneStreamPdf(filter, pack(packed))).inflated, `${filter}, ${packed.length % 4} bytes in the last group`).toBe(packed.length + part.length);
      }
    }
    expect(lastGroups.size, "packed data of every length a last group may have").toBe(4);
    // ASCII85's `z` is four zero bytes: 9 MB of them are 36 MB.
    const zs = new TextEncoder().encode(`${"z".repeat(9 * MB)}~>`);
    expect(catchRefusal(() => checkPdfStreams(oneStreamPdf("/ASCII85Decode", zs))).message).toContain("more than 32 MB");
  }, 60_000);

  it("reads a stream's filters and their parameters as pdf.js does: the last of a key written twice, LZW's EarlyChange, a predictor's row", () => {
    const text = new TextEncoder().encode("BT /F1 12 Tf 72 720 Td (A line of a manuscript's text) Tj ET\n".repeat(4000));
    // A key written twice is its last value to pdf.js: the bomb behind it is counted.
    const bomb = zlibSync(new Uint8Array(64 * MB), { level: 9 });
    expect(catchRefusal(() => checkPdfStreams(oneStreamPdf("/NotAFilter /Filter /FlateDecode", bomb))).message).toContain("200 times");
    // LZW whose codes widen on time (/EarlyChange 0) unpacks as written, and so does its bomb.
    const onTime = "/LZWDecode /DecodeParms << /EarlyChange 0 >>";
    expect(checkPdfStreams(oneStreamPdf(onTime, lzw(text, { earlyChange: 0 }))).inflated).toBe(text.length);
    expect(catchRefusal(() => checkPdfStreams(oneStreamPdf(onTime, lzw(new Uint8Array(6 * MB), { earlyChange: 0 })))).message).toContain("200 times");
    expect(refusalOf(() => checkPdfStreams(oneStreamPdf("/LZWDecode /DecodeParms << /EarlyChange 2 >>", lzw(text))))).toContain("could not be checked before reading");
    // A predictor's rows are pdf.js's buffers: a page's width passes, a hundred million columns do not.
    const rows = zlibSync(new Uint8Array(1001 * 4));
    expect(checkPdfStreams(oneStreamPdf("/FlateDecode /DecodeParms << /Predictor 12 /Columns 1000 >>", rows)).inflated).toBe(1001 * 4);
    expect(refusalOf(() => checkPdfStreams(oneStreamPdf("[/FlateDecode] /DecodeParms [<< /Predictor 12 /Columns 100000000 >>]", rows)))).toContain("could not be checked before reading");
    expect(refusalOf(() => checkPdfStreams(oneStreamPdf("/FlateDecode /DecodeParms << /Predictor 12 /Columns 1000000 /BPC 2000 >>", rows)))).toContain("could not be checked before reading");
    // Parameters pdf.js does not pair with a filter are none: a dictionary beside an array of filters.
    expect(checkPdfStreams(oneStreamPdf("[/LZWDecode] /DecodeParms << /EarlyChange 0 >>", lzw(text))).inflated).toBe(text.length);
  }, 60_000);

  it("counts DEFLATE that pdf.js unpacks on where fflate stops (a copy from before the data's start) at the most it can make of the stream's data", () => {
    // A damaged thumbnail's few hundred bytes pass; a bomb behind the copy does not.
    const small = flateReachingBack(64);
    expect(small.length).toBeLessThan(1000);
    const counted = checkPdfStreams(oneStreamPdf("/FlateDecode", small)).inflated;
    expect(counted).toBeGreaterThanOrEqual(small.length * 1032);
    expect(counted).toBeLessThanOrEqual((small.length + 2) * 1032);
    expect(refusalOf(() => checkPdfStreams(oneStreamPdf("/FlateDecode", flateReachingBack(40 * MB))))).toContain("The PDF holds a part that unpacks to more than 32 MB");
  });

  it("refuses an encrypted file whose object number pdf.js reads otherwise than a scan would ('4.0 0 obj' is object 4 to pdf.js)", () => {
    const bomb = latin1(bytesOf(bombs().pdfEncrypted));
    expect(bomb).toContain("\n4 0 obj");
    expect(refusalOf(() => checkPdfStreams(Uint8Array.from(bomb.replace("\n4 0 obj", "\n4.0 0 obj"), (c) => c.charCodeAt(0))))).toContain("could not be checked before reading");
  });

  it("reads a stream's dictionary and lengths as pdf.js does: forward from its object, one definition to a reference, past an endstream where its length is unknown", () => {
    const bomb = zlibSync(new Uint8Array(64 * MB), { level: 9 });
    const pdf = (dictionary: string, data: Uint8Array, after = "") => bytesOfText(`%PDF-1.4\n1 0 obj\n${dictionary}\nstream\n${latin1(data)}\nendstream\nendobj\n${after}%%EOF\n`);
    // A `<<` in a comment or a string inside the dictionary: pdf.js reads past it.
    expect(refusalOf(() => checkPdfStreams(pdf(`<< /Length ${bomb.length} /Filter /FlateDecode %<<\n>>`, bomb)))).toContain("200 times");
    expect(refusalOf(() => checkPdfStreams(pdf(`<< /Length ${bomb.length} /Filter /FlateDecode /X (<< %) >>`, bomb)))).toContain("200 times");
    // Filters behind a reference the file defines twice: pdf.js's index says which.
    expect(refusalOf(() => checkPdfStreams(pdf(`<< /Length ${bomb.length} /Filter 6 0 R >>`, bomb, "6 0 obj\n/FlateDecode\nendobj\n6 0 obj\n/ASCIIHexDecode\nendobj\n")))).toContain("could not be checked before reading");
    // A length this scan cannot read may run past an endstream written inside the data
    // (RunLength: a literal run holding the keyword, then 600,000 runs of 128 spaces).
    const literal = new TextEncoder().encode("x\nendstream\n");
    const runs = new Uint8Array(1 + literal.length + 2 * 600_000 + 1);
    runs[0] = literal.length - 1;
    runs.set(literal, 1);
    for (let i = 0; i < 600_000; i++) runs.set([0x81, 0x20], 1 + literal.length + 2 * i);
    runs[runs.length - 1] = 0x80;
    expect(refusalOf(() => checkPdfStreams(pdf("<< /Length 9 0 R /Filter /RunLengthDecode >>", runs)))).toContain("more than 32 MB");
  });

  it("refuses an encryption written where this check cannot follow pdf.js: /Encrypt other than a plain reference, a dictionary or null; /CF behind a reference", () => {
    const file = latin1(bytesOf(bombs().pdfEncrypted));
    const reference = /\/Encrypt (\d+) 0 R/.exec(file)!;
    for (const written of [`/Encrypt ${reference[1]} %c\n0 R`, `/Encrypt +${reference[1]} 0 R`, `/Encrypt ${reference[1]}.0 0 R`]) {
      expect(refusalOf(() => checkPdfStreams(bytesOfText(file.replace(reference[0]!, written)))), written).toContain("could not be checked before reading");
    }
    const aes = latin1(bytesOf(bombs().pdfEncryptedAes));
    expect(refusalOf(() => checkPdfStreams(bytesOfText(aes.replace(/\/CF << \/StdCF << [^>]*>> >>/, "/CF 99 0 R"))))).toContain("The PDF is protected by a password or encrypted");
  });

  it("refuses a PDF of more streams than any paper holds (50,000), in seconds", () => {
    const text = (count: number) => `%PDF-1.4\n${"1 0 obj\n<< /Length 1 >>\nstream\nx\nendstream\nendobj\n".repeat(count)}%%EOF\n`;
    expect(checkPdfStreams(new TextEncoder().encode(text(5000))).inflated).toBe(0);
    const started = performance.now();
    expect(refusalOf(() => checkPdfStreams(new TextEncoder().encode(text(60_000))))).toContain("could not be checked before reading");
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("gives pdf.js the file with its images' packed data unpackable, whatever reads them (a page's content that calls itself an image among them)", () => {
    const image = (width: number, height: number) => `/FlateDecode /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceRGB /BitsPerComponent 8`;
    const content = zlibSync(new TextEncoder().encode("BT /F1 12 Tf 72 720 Td (Hidden behind an image's name) Tj ET\n"));
    const pdf = oneStreamPdf(image(64, 64), content);
    const readable = checkedPdf(pdf);
    const at = pdf.length - content.length - "\nendstream\nendobj\n%%EOF\n".length;
    expect([...readable.subarray(at, at + 2)]).toEqual([0, 0]);
    expect([...readable.subarray(at + 2, at + content.length)]).toEqual([...content.subarray(2)]);
    // The file itself is left as it was, and a file without images is given as it is.
    expect([...pdf.subarray(at, at + 2)]).toEqual([...content.subarray(0, 2)]);
    const plain = oneStreamPdf("/FlateDecode", content);
    expect(checkedPdf(plain)).toBe(plain);
    // The changed bytes are checked again only where one stream's data holds another's.
    expect(checkPdfStreams(pdf).nested).toBe(false);
    const inner = latin1(pdf).slice("%PDF-1.4\n".length, -"%%EOF\n".length).replace("1 0 obj", "2 0 obj");
    const holding = bytesOfText(`%PDF-1.4\n1 0 obj\n<< /Length ${inner.length} /Filter /ASCIIHexDecode >>\nstream\n${inner}\nendstream\nendobj\n%%EOF\n`);
    expect(checkPdfStreams(holding).nested).toBe(true);
    expect([...checkedPdf(holding)].filter((b, i) => b !== holding[i])).toEqual([0, 0]);
    // A small image is held to other parts' limit, read as an image or as anything else.
    expect(refusalOf(() => checkedPdf(oneStreamPdf(image(64, 64), zlibSync(new Uint8Array(40 * MB)))))).toContain("The PDF holds a part that unpacks to more than 32 MB");
  });

  it("refuses a PDF whose filters stand where the check cannot read them (an object it cannot see)", () => {
    const bytes = bytesOf(bombs().pdfTwice);
    const [from, to] = ["/Filter [/FlateDecode /FlateDecode]", "/Filter 9 0 R                     "].map((t) => new TextEncoder().encode(t));
    const at = bytes.findIndex((_, i) => from!.every((c, j) => bytes[i + j] === c));
    expect(at).toBeGreaterThan(0);
    bytes.set(to!, at);
    expect(refusalOf(() => checkPdfStreams(bytes))).toContain("The PDF could not be checked before reading");
  });

  it.each([
    ["a filter pdf.js does not know before the FlateDecode it applies (pdf.js passes the data on)", "pdfUnknownFilterFirst", "more than 200 times its packed size"],
    ["a bomb whose /F names its FlateDecode and whose /Filter names another (pdf.js reads /F first)", "pdfShortFilterKey", "more than 200 times its packed size"],
    ["an encrypted bomb that calls itself a cross-reference stream (pdf.js decrypts it: the file names another)", "pdfEncryptedCalledCrossReference", "more than 200 times its packed size"],
    ["an encrypted bomb behind a Crypt filter (a second decryption the check does not do)", "pdfEncryptedCryptFilter", "could not be checked before reading"],
    ["a page content packed with Brotli (pdf.js decodes it; the check has no decoder)", "pdfBrotli", "could not be checked before reading"],
    ["a page content that claims to be a JPEG (pdf.js would decode its pixels as the content)", "pdfContentAsJpeg", "could not be checked before reading"],
    ["an AES bomb whose streams' crypt filter is named Identity (pdf.js looks the name up in /CF like any other)", "pdfAesIdentityFilter", "more than 200 times its packed size"],
    ["an AES bomb whose /StmF is written twice (pdf.js takes the last)", "pdfAesStreamFilterTwice", "more than 200 times its packed size"],
    ["an AES file whose embedded files are decrypted otherwise than its streams (pdf.js decrypts a stream that calls itself one so)", "pdfAesEmbeddedFilesOtherwise", "The PDF is protected by a password or encrypted"],
  ] as const)("refuses %s", (_, bomb, message) => {
    const started = performance.now();
    expect(refusalOf(() => checkPdfStreams(bytesOf(bombs()[bomb])))).toContain(message);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("reads each stream only as far as its filter does, however many streams claim to run to the file's end", () => {
    // 2,000 encrypted streams without an end, before 2 MB of filler: read to the file's end one
    // after another, they are 4 GB to decrypt and to push through the decoder.
    const started = performance.now();
    expect(checkPdfStreams(bytesOf(bombs().pdfStreamsToTheEnd)).streams).toBe(2000);
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it("reads a few times the file at most, when streams whose filter never ends run to its end", () => {
    // 2,000 ASCIIHex streams without their end mark, before 2 MB of spaces the filter skips.
    const started = performance.now();
    expect(refusalOf(() => checkPdfStreams(bytesOf(bombs().pdfUnendedStreamsToTheEnd)))).toContain("could not be checked before reading");
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it("stops feeding a filter whose data has ended, in a chain of filters too", () => {
    // The outer FlateDecode gives a few bytes of DEFLATE, then 24 MB of zeros the inner one must
    // not take (fflate keeps and copies all it is given after its end: hours at 4 KB a push).
    const inner = new Uint8Array(24 * MB + 64);
    inner.set(zlibSync(new TextEncoder().encode("BT ET")));
    const started = performance.now();
    const checked = checkPdfStreams(oneStreamPdf("[/FlateDecode /FlateDecode] /Subtype /Image /Width 4096 /Height 2048", zlibSync(inner, { level: 9 })));
    expect(checked.inflated).toBeGreaterThan(24 * MB);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("reads an encrypted file whose other trailer names no encryption (a linearized file's main section), and refuses one of hundreds of trailers", () => {
    const rc4 = bytesOf(inject("manuscripts").encryptedRc4);
    const withTrailer = (count: number) => {
      const extra = new TextEncoder().encode("\ntrailer\n<< /Size 3 >>\n".repeat(count));
      const out = new Uint8Array(rc4.length + extra.length);
      out.set(rc4);
      out.set(extra, rc4.length);
      return out;
    };
    expect(checkPdfStreams(withTrailer(1)).streams).toBeGreaterThan(0);
    expect(refusalOf(() => checkPdfStreams(withTrailer(300)))).toContain("could not be checked before reading");
  });

  it("reads an encrypted file whose index is a cross-reference stream, never encrypted, and refuses one whose index is not of the size it declares", () => {
    const file = latin1(bytesOf(inject("manuscripts").encryptedRc4));
    const encrypt = /\/Encrypt\s+\d+\s+\d+\s+R/.exec(file)![0];
    const id = /\/ID\s*\[[^\]]*\]/.exec(file)![0];
    // An update whose index is a cross-reference stream of three entries, as the file's writer packs it.
    const withIndex = (entries: number, declared: number) => {
      const data = latin1(zlibSync(new Uint8Array(4 * entries).fill(1)));
      const update = `\n999 0 obj\n<< /Type /XRef /W [1 2 1] /Index [0 ${declared}] /Size ${declared} ${encrypt} ${id} /Length ${data.length} /Filter /FlateDecode >>\nstream\n${data}\nendstream\nendobj\n`;
      return bytesOfText(`${file}${update}startxref\n${file.length + 1}\n%%EOF\n`);
    };
    expect(checkPdfStreams(withIndex(3, 3)).streams).toBeGreaterThan(1);
    // Longer than its /W and /Index declare, it is no index: decrypted, it must decode.
    expect(refusalOf(() => checkPdfStreams(withIndex(40, 3)))).toContain("could not be checked before reading");
  });

  it("reads an encrypted file's encryption as pdf.js does, and refuses one it could read otherwise: a name with # escapes, a dictionary defined twice", () => {
    const bomb = latin1(bytesOf(bombs().pdfEncrypted));
    // pdf.js reads `/Encr#79pt` as `/Encrypt` and decrypts; a check that does not sees ciphertext.
    const escaped = bytesOfText(bomb.replace("/Encrypt ", "/Encr#79pt "));
    expect(refusalOf(() => checkPdfStreams(escaped))).toContain("could not be checked before reading");
    // A comment between the name and its value: pdf.js skips it, and so does this check, which then
    // decrypts the bomb and counts it.
    const commented = bytesOfText(bomb.replace("/Encrypt ", "/Encrypt % the file's key\n"));
    expect(refusalOf(() => checkPdfStreams(commented))).toContain("more than 200 times its packed size");
    // A second encryption dictionary under the same number, after the end: pdf.js's index names one.
    const number = /\/Encrypt (\d+) 0 R/.exec(bomb)![1];
    const decoy = bytesOfText(`${bomb}${number} 0 obj\n<< /Filter /Standard /V 1 /R 2 /Length 40 /O <${"00".repeat(32)}> /U <${"11".repeat(32)}> /P -4 >>\nendobj\n`);
    expect(refusalOf(() => checkPdfStreams(decoy))).toContain("could not be checked before reading");
  });

  it("refuses an encrypted file a stream of which does not decode: this check cannot prove its key is pdf.js's", () => {
    const rc4 = bytesOf(inject("manuscripts").encryptedRc4);
    const text = latin1(rc4);
    const damaged = rc4.slice();
    const data = text.indexOf("stream\n", text.indexOf("/FlateDecode")) + 7;
    damaged[data + 40] = damaged[data + 40]! ^ 0xff;
    expect(checkPdfStreams(rc4).streams).toBeGreaterThan(0);
    expect(refusalOf(() => checkPdfStreams(damaged))).toContain("could not be checked before reading");
  });

  it("lets a figure packed as tightly through when it fits: an image's size counts, not its ratio", () => {
    const figure = bytesOf(bombs().whiteFigure);
    expect(checkPdfStreams(figure).inflated).toBeGreaterThan(24 * MB);
    expect(figure.byteLength).toBeLessThan(32 * 1024);
  });

  it("lets a plot drawn as a form through however tightly its strokes pack, held to any part's size", () => {
    expect(checkPdfStreams(bytesOf(bombs().drawnFigure)).inflated).toBeGreaterThan(30 * MB);
    expect(refusalOf(() => checkPdfStreams(bytesOf(bombs().drawnFigureOverflowing)))).toContain("more than 32 MB");
    // A stream is a form by its type and subtype both: a page's content calling itself one is stopped by its ratio.
    expect(refusalOf(() => checkPdfStreams(bytesOf(bombs().drawnUntyped)))).toContain("more than 200 times its packed size");
  });

  it("lets figures at print resolution through, each up to the pixels it declares, and no image past them or past the images' total", () => {
    // Four 6144 × 4096 figures in RGB: 72 MB each, past the 32 MB of any other part and 256 MB in all.
    const figures = bytesOf(bombs().printFigures);
    expect(checkPdfStreams(figures).inflated).toBe(4 * 6144 * 4096 * 3);
    // A stream that declares those pixels is held to them, read as an image or as a page's content.
    const overflowing = catchRefusal(() => checkPdfStreams(bytesOf(bombs().printFigureOverflowing)));
    expect(overflowing.message).toContain("The PDF holds an image that unpacks to more than its size says");
    expect(overflowing.inflated).toBeLessThanOrEqual((6144 * 3 + 1) * 4096 + 4 * MB);
    // Eight of them pass the images' total (512 MB).
    const tooMany = catchRefusal(() => checkPdfStreams(bytesOf(bombs().tooManyFigures)));
    expect(tooMany.message).toContain("The PDF holds images that unpack to more than 512 MB in all");
  }, 60_000);
});

/** A file's bytes as text, a byte to a character of its own value (TextDecoder's "latin1" is windows-1252 in workerd), and back. */
const latin1 = (bytes: Uint8Array) => Array.from(bytes, (b) => String.fromCharCode(b)).join("");
const bytesOfText = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

/** The message a check refused with, or undefined when it passed. */
function refusalOf(check: () => unknown): string | undefined {
  try {
    check();
  } catch (error) {
    return (error as Error).message;
  }
  return undefined;
}

function catchRefusal(read: () => unknown): UnpackRefused {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(UnpackRefused);
    return error as UnpackRefused;
  }
  throw new Error("the bomb was read whole");
}
