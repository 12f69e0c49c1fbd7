/**
 * SMTP through worker-mailer 1.2.1, with guards for its known defects (decision 015):
 * - when the server drops the connection its `read()` spins forever on a closed stream
 *   (`done` is ignored), starving the event loop so no timeout can fire: `read` is replaced by
 *   one that fails on end of stream;
 * - `responseTimeoutMs` is ignored (the constructor copies `socketTimeoutMs`): set after construction;
 * - STARTTLS is opportunistic: with `tls: "starttls"` the session fails before AUTH unless the
 *   server offered STARTTLS and the socket was upgraded, and credentials never go out in clear
 *   text to a host that is not on this machine, whatever the mode.
 */
import { WorkerMailer } from "worker-mailer";
import { z } from "zod";

export const SmtpConfigSchema = z.object({
  SMTP_HOST: z.string().min(1),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535),
  SMTP_USER: z.string().default(""),
  SMTP_PASSWORD: z.string().default(""),
  /** implicit: TLS from the first byte (465); starttls: upgrade required (587); none: localhost only. */
  SMTP_TLS: z.enum(["implicit", "starttls", "none"]).default("starttls"),
  MAIL_FROM: z.string().email(),
  SITE_NAME: z.string().min(1),
  SITE_URL: z.string().url(),
});
export type SmtpConfig = z.infer<typeof SmtpConfigSchema>;

/** `replyTo`: where the reader's answer goes when it is not the sender (a decision letter's answers go to the office). */
export type OutgoingMail = { to: string; subject: string; text: string; html: string; replyTo?: string };

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "::1", "[::1]"]);
export const SMTP_TIMEOUT_MS = 10_000;

type MailerInternals = {
  reader: ReadableStreamDefaultReader<Uint8Array>;
  responseTimeoutMs: number;
  startTls: boolean;
  secure: boolean;
  supportsStartTls: boolean;
  credentials?: unknown;
  host: string;
  active: boolean;
  waitForSocketConnected(): Promise<void>;
  greet(): Promise<void>;
  ehlo(): Promise<void>;
  tls(): Promise<void>;
  auth(): Promise<void>;
  start(): Promise<void>;
  close(error?: Error): Promise<void>;
  initializeSmtpSession(): Promise<void>;
  read(): Promise<string>;
};

const decoder = new TextDecoder();

/** A session opened with our guards: the constructor, then our own session set-up. */
class GuardedMailer extends (WorkerMailer as unknown as new (options: unknown) => MailerInternals) {
  constructor(
    options: unknown,
    private readonly requireTls: boolean,
  ) {
    super(options);
    this.responseTimeoutMs = SMTP_TIMEOUT_MS;
  }

  override async read(): Promise<string> {
    let response = "";
    for (;;) {
      const { value, done } = await this.reader.read();
      if (done) throw new Error("The SMTP server closed the connection.");
      if (!value) continue;
      response += decoder.decode(value);
      if (!response.endsWith("\n")) continue;
      const lines = response.split(/\r?\n/);
      const last = lines[lines.length - 2] ?? "";
      if (!/^\d+-/.test(last)) return response;
    }
  }

  override async initializeSmtpSession(): Promise<void> {
    await this.waitForSocketConnected();
    await this.greet();
    await this.ehlo();
    let encrypted = this.secure;
    if (this.startTls && !this.secure && this.supportsStartTls) {
      await this.tls();
      await this.ehlo();
      encrypted = true;
    }
    if (this.requireTls && !encrypted) throw new Error("The SMTP server did not offer STARTTLS; refusing to continue without TLS.");
    if (this.credentials && !encrypted && !LOCAL_HOSTS.has(this.host)) {
      throw new Error("Refusing to send SMTP credentials without TLS to a host that is not local.");
    }
    await this.auth();
    this.active = true;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms / 1000} s.`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** Opens a session, sends one message, closes. Fails within about SMTP_TIMEOUT_MS. */
export async function sendMail(config: SmtpConfig, mail: OutgoingMail): Promise<void> {
  if (config.SMTP_TLS === "none" && config.SMTP_USER && !LOCAL_HOSTS.has(config.SMTP_HOST)) {
    throw new Error("SMTP_TLS=none is only allowed for a server on this machine.");
  }
  const mailer = new GuardedMailer(
    {
      host: config.SMTP_HOST,
      port: config.SMTP_PORT,
      secure: config.SMTP_TLS === "implicit",
      startTls: config.SMTP_TLS === "starttls",
      credentials: config.SMTP_USER ? { username: config.SMTP_USER, password: config.SMTP_PASSWORD } : undefined,
      authType: ["plain", "login"],
      socketTimeoutMs: SMTP_TIMEOUT_MS,
      logLevel: 4, // NONE: failures are reported by the caller, with the outbox row
    },
    config.SMTP_TLS === "starttls",
  );
  const session = (async () => {
    await mailer.initializeSmtpSession();
    mailer.start().catch(() => {});
    const sent = (mailer as unknown as WorkerMailer).send({
      from: { name: config.SITE_NAME, email: config.MAIL_FROM },
      to: mail.to,
      reply: mail.replyTo,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
    await sent;
  })();
  try {
    await withTimeout(session, SMTP_TIMEOUT_MS * 2, "Sending the e-mail");
  } finally {
    mailer.close().catch(() => {});
  }
}
