import { readFileSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import { createServer, type Socket } from "node:net";
import type { TestProject } from "vitest/node";
import { freePort } from "../../scripts/lib/local-stack.mjs";
import { startMailServer } from "../../scripts/lib/mail-server.mjs";

/**
 * Real SMTP servers for the notices Worker's tests, run by Node beside workerd:
 * - maildev, a working server whose inbox the tests read over its REST API;
 * - a server that greets, then drops the connection at EHLO (worker-mailer's endless-loop defect);
 * - a server that offers AUTH but not STARTTLS, and logs what it is sent (the clear-text guard);
 * - a port where nothing listens (connection refused).
 */
export default async function setup(project: TestProject) {
  const mail = await startMailServer({ smtpPort: await freePort(), webPort: await freePort() });

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
  });
  return async () => {
    for (const s of sockets) s.destroy();
    await Promise.all([mail.stop(), new Promise((r) => dropper.close(r)), new Promise((r) => plaintext.close(r)), new Promise((r) => log.close(r))]);
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    smtp: { maildevPort: number; mailApi: string; dropPort: number; plainPort: number; plainLog: string; refusedPort: number };
    manuscripts: { pdf: string; pdfTruth: string; docx: string; docxFootnotes: string; scanned: string; encrypted: string };
  }
}
