import { residentBytes, workerdUnder } from "../../scripts/lib/processes.mjs";
import { readFileSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import { createServer, type Socket } from "node:net";
import type { TestProject } from "vitest/node";
import { freePort } from "../../scripts/lib/local-stack.mjs";
import { startMailServer } from "../../scripts/lib/mail-server.mjs";
import { startPayPalFake } from "../../scripts/lib/paypal-fake.mjs";
import { docxBomb, pdfBomb, pdfFigures, pdfStreamsToTheEnd } from "./bombs";

/**
 * Real SMTP servers for the notices Worker's tests, run by Node beside workerd:
 * - maildev, a working server whose inbox the tests read over its REST API;
 * - a server that greets, then drops the connection at EHLO (worker-mailer's endless-loop defect);
 * - a server that offers AUTH but not STARTTLS, and logs what it is sent (the clear-text guard);
 * - a port where nothing listens (connection refused).
 * And, for the extraction tests, the project's own manuscripts, decompression bombs (built here:
 * node:zlib) and a gauge of the runtime's memory: workerd's resident memory, sampled from outside
 * while a test runs, since a Worker cannot measure its own.
 * And the local PayPal (scripts/lib/paypal-fake.mjs) on the port vitest.config.ts gave the Worker.
 * It posts no webhooks (nothing in the Workers pool listens on a port): the payment tests read its
 * signed deliveries and hand them to the Worker themselves.
 */
export default async function setup(project: TestProject) {
  const mail = await startMailServer({ smtpPort: await freePort(), webPort: await freePort() });
  const paypal = await startPayPalFake({ port: Number(process.env.PAYPAL_FAKE_PORT) });
  project.provide("paypal", paypal.url);

  const sockets = new Set<Socket>();
  const dropper = createServer((socket) => {
    sockets.add(socket);
    socket.write("220 dropper ESMTP\r\n");
    socket.on("data", () => socket.destroy());
    socket.on("close", () => sockets.delete(socket));
  });
  const received: string[] = [];
  const plaintext = createServer((socket) => {
    sockets.add(socket);
    socket.write("220 plaintext ESMTP\r\n");
    socket.on("data", (chunk) => {
      for (const line of chunk.toString().split("\r\n").filter(Boolean)) {
        received.push(line);
        if (/^EHLO/i.test(line)) socket.write("250-plaintext\r\n250 AUTH PLAIN LOGIN\r\n");
        else if (/^QUIT/i.test(line)) socket.end("221 bye\r\n");
        else socket.write("250 ok\r\n");
      }
    });
    socket.on("close", () => sockets.delete(socket));
  });
  const log = createHttpServer((_req, res) => {
    res.setHeader("Content-Type", "application/json");
    res.end(JSON.stringify(received));
  });
  const listen = (server: { listen: (port: number, host: string, cb: () => void) => unknown }, port: number) =>
    new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const [dropPort, plainPort, logPort, refusedPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
  await Promise.all([listen(dropper, dropPort), listen(plaintext, plainPort), listen(log, logPort)]);

  project.provide("smtp", {
    maildevPort: mail.smtpPort,
    mailApi: mail.webUrl,
    dropPort,
    plainPort,
    plainLog: `http://127.0.0.1:${logPort}`,
    refusedPort,
  });
  // The project's own test manuscripts (tests/fixtures/manuscripts), for the extraction tests in workerd.
  const manuscript = (name: string) => readFileSync(new URL(`../fixtures/manuscripts/${name}`, import.meta.url)).toString("base64");
  project.provide("manuscripts", {
    pdf: manuscript("b1.pdf"),
    pdfTruth: readFileSync(new URL("../fixtures/manuscripts/b1.json", import.meta.url), "utf8"),
    docx: manuscript("b4.docx"),
    docxFootnotes: manuscript("b7.docx"),
    scanned: manuscript("failing/scanned.pdf"),
    encrypted: manuscript("failing/encrypted.pdf"),
    encryptedRc4: manuscript("encrypted-rc4.pdf"),
    encryptedRc440: manuscript("encrypted-rc4-40.pdf"),
    passwordRc4: manuscript("failing/password-rc4.pdf"),
  });
  const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");
  const GB = 1 << 30;
  const image = (width: number, height: number) => `/Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceRGB /BitsPerComponent 8 `;
  // (They travel to the Workers runtime in one message, which may not pass about 32 MB in base64:
  // these are about 31. A new one is as small as its test allows: a bomb past the ratio rule needs
  // a few hundred megabytes, not a gigabyte.)
  project.provide("bombs", {
    docx: base64(docxBomb(GB)),
    docxUnderstated: base64(docxBomb(GB, 8192)),
    pdf: base64(pdfBomb(GB)),
    pdfImage: base64(pdfBomb(GB, { dictionary: image(8, 8) })),
    pdfTwice: base64(pdfBomb(GB, { twice: true })),
    pdfHiddenEnd: base64(pdfBomb(GB, { hiddenEnd: true })),
    pdfAfterKeyword: base64(pdfBomb(GB, { afterKeyword: " % a comment on the keyword's line" })),
    pdfInsideAnother: base64(pdfBomb(GB, { insideAnother: true })),
    pdfEncrypted: base64(pdfBomb(GB, { encrypted: true })),
    pdfEncryptedLentNumber: base64(pdfBomb(GB, { encrypted: true, lentNumber: true })),
    pdfEncryptedLiteralStrings: base64(pdfBomb(GB, { encrypted: true, literalStrings: true })),
    pdfEncryptedAes: base64(pdfBomb(GB / 16, { encrypted: true, aes: true })),
    // AES whose crypt filters are read as pdf.js reads them: a filter named Identity looked up
    // like any other, a key written twice (the last counts), embedded files' filter unlike streams'.
    pdfAesIdentityFilter: base64(pdfBomb(GB / 16, { encrypted: true, aes: { filters: "/CF << /Identity << /CFM /AESV2 >> >> /StmF /Identity /StrF /Identity" } })),
    pdfAesStreamFilterTwice: base64(pdfBomb(GB / 16, { encrypted: true, aes: { filters: "/CF << /StdCF << /CFM /AESV2 >> >> /StmF /Identity /StmF /StdCF /StrF /StdCF" } })),
    pdfAesEmbeddedFilesOtherwise: base64(pdfBomb(GB / 16, { encrypted: true, aes: { filters: "/CF << /StdCF << /CFM /AESV2 >> >> /StmF /Identity /StrF /Identity /EFF /StdCF" } })),
    pdfUnknownFilterFirst: base64(pdfBomb(GB, { filter: "[/NotAFilter /FlateDecode]" })),
    pdfShortFilterKey: base64(pdfBomb(GB, { filter: "/NotAFilter /F /FlateDecode" })),
    pdfEncryptedCalledCrossReference: base64(pdfBomb(GB, { encrypted: true, dictionary: "/Type /XRef " })),
    pdfEncryptedCryptFilter: base64(pdfBomb(GB, { encrypted: true, filter: "[/Crypt /FlateDecode]" })),
    pdfBrotli: base64(pdfBomb(GB, { filter: "/BrotliDecode" })),
    pdfContentAsJpeg: base64(pdfBomb(GB, { filter: "/DCTDecode" })),
    pdfStreamsToTheEnd: base64(pdfStreamsToTheEnd(2000, 2 * 1024 * 1024)),
    pdfUnendedStreamsToTheEnd: base64(pdfStreamsToTheEnd(2000, 2 * 1024 * 1024, { unended: true })),
    // Not a bomb: a 4096 × 2048 figure, mostly white, packed about 1,000 : 1 (24 MB unpacked).
    whiteFigure: base64(pdfBomb(24 * 1024 * 1024, { dictionary: image(4096, 2048) })),
    // Not a bomb: a figure at print resolution, 6144 × 4096 in RGB (72 MB unpacked), four of them.
    printFigures: base64(pdfFigures(4, 6144, 4096)),
    // A stream that declares those pixels and unpacks to 256 MB; and figures past the images' total.
    printFigureOverflowing: base64(pdfBomb(GB / 4, { dictionary: image(6144, 4096) })),
    tooManyFigures: base64(pdfFigures(8, 6144, 4096)),
    // Not a bomb: a plot drawn as a form, its strokes packed about 1,000 : 1 (30 MB unpacked); and one past any part's 32 MB.
    drawnFigure: base64(pdfBomb(30 * 1024 * 1024, { dictionary: "/Type /XObject /Subtype /Form /BBox [0 0 540 324] " })),
    drawnFigureOverflowing: base64(pdfBomb(40 * 1024 * 1024, { dictionary: "/Type /XObject /Subtype /Form /BBox [0 0 540 324] " })),
    // A bomb that calls itself a form without being an XObject (a page's content): the ratio still stops it.
    drawnUntyped: base64(pdfBomb(16 * 1024 * 1024, { dictionary: "/Subtype /Form " })),
  });

  // GET /start begins sampling the resident memory of every workerd under this process (every
  // 5 ms); GET /stop ends it and answers { baseline, peak, ms } in bytes and milliseconds.
  const workerdPids = () => workerdUnder(process.pid);
  const rss = residentBytes;
  let sampling: { timer: ReturnType<typeof setInterval>; pids: number[]; baseline: number; peak: number; started: number } | null = null;
  const gauge = createHttpServer((req, res) => {
    res.setHeader("Content-Type", "application/json");
    if (req.url === "/start") {
      if (sampling) clearInterval(sampling.timer);
      const pids = workerdPids();
      const baseline = rss(pids);
      const s = { pids, baseline, peak: baseline, started: performance.now(), timer: setInterval(() => (s.peak = Math.max(s.peak, rss(pids))), 5) };
      sampling = s;
      res.end(JSON.stringify({ baseline, processes: pids.length }));
    } else if (req.url === "/stop" && sampling) {
      clearInterval(sampling.timer);
      const { pids, baseline, peak, started } = sampling;
      sampling = null;
      res.end(JSON.stringify({ baseline, peak: Math.max(peak, rss(pids)), ms: performance.now() - started, processes: pids.length }));
    } else res.writeHead(404).end("{}");
  });
  const gaugePort = await freePort();
  await listen(gauge, gaugePort);
  project.provide("memoryGauge", `http://127.0.0.1:${gaugePort}`);

  return async () => {
    for (const s of sockets) s.destroy();
    if (sampling) clearInterval(sampling.timer);
    await Promise.all([paypal.stop(), mail.stop(), new Promise((r) => dropper.close(r)), new Promise((r) => plaintext.close(r)), new Promise((r) => log.close(r)), new Promise((r) => gauge.close(r))]);
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    smtp: { maildevPort: number; mailApi: string; dropPort: number; plainPort: number; plainLog: string; refusedPort: number };
    manuscripts: { pdf: string; pdfTruth: string; docx: string; docxFootnotes: string; scanned: string; encrypted: string; encryptedRc4: string; encryptedRc440: string; passwordRc4: string };
    /** Decompression bombs, base64: each unpacks to about 1 GB. */
    bombs: {
      docx: string;
      docxUnderstated: string;
      pdf: string;
      pdfImage: string;
      pdfTwice: string;
      pdfHiddenEnd: string;
      pdfAfterKeyword: string;
      pdfInsideAnother: string;
      pdfEncrypted: string;
      pdfEncryptedLentNumber: string;
      pdfEncryptedLiteralStrings: string;
      pdfUnknownFilterFirst: string;
      pdfShortFilterKey: string;
      pdfEncryptedCalledCrossReference: string;
      pdfEncryptedCryptFilter: string;
      pdfBrotli: string;
      pdfContentAsJpeg: string;
      pdfStreamsToTheEnd: string;
      printFigures: string;
      pdfEncryptedAes: string;
      pdfAesIdentityFilter: string;
      pdfAesStreamFilterTwice: string;
      pdfAesEmbeddedFilesOtherwise: string;
      printFigureOverflowing: string;
      tooManyFigures: string;
      pdfUnendedStreamsToTheEnd: string;
      whiteFigure: string;
      drawnFigure: string;
      drawnFigureOverflowing: string;
      drawnUntyped: string;
    };
    /** The URL of the gauge of workerd's memory (GET /start, GET /stop). */
    memoryGauge: string;
    /** The local PayPal's address (its test controls under /__fake/). */
    paypal: string;
  }
}
