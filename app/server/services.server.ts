/**
 * The services every entry hands to the domain code (decision 025): the web Worker's `fetch`
 * (inside Remix's load context), its `scheduled` housekeeping, and the queue consumers. Built
 * per request or per batch from that call's bindings: nothing is read at module load. Model
 * functions take `Pick<Services, …>` of exactly what they use.
 */
import { createDb, type Database } from "../db/client.server";
import { type AppEnv, parseEnv } from "./env.server";
import type { HashMeter } from "./auth/password.server";
import type { ExtractionMessage, NoticeMessage } from "./queues/messages";

export type Services = {
  /** drizzle over D1 (counting round trips on web requests). */
  db: Database;
  /** The raw D1 binding: native batches and the content version's per-isolate memo key. */
  d1: D1Database;
  /** R2: uploads, photos, manuscripts. */
  files: R2Bucket;
  queues: { notices: Queue<NoticeMessage>; extraction: Queue<ExtractionMessage> };
  /** The checked configuration. */
  env: AppEnv;
  /** Work that may finish after the answer (queue sends after a commit, cache writes). */
  waitUntil(promise: Promise<unknown>): void;
  /** A web request's count of argon2 runs, reported in its Server-Timing. */
  meter?: HashMeter;
};

type WebBindings = Pick<Env, "DB" | "FILES" | "NOTICES" | "EXTRACTION">;

export function createServices(env: WebBindings, ctx: Pick<ExecutionContext, "waitUntil">, opts: { d1?: D1Database; meter?: HashMeter } = {}): Services {
  return {
    db: createDb(opts.d1 ?? env.DB),
    d1: env.DB,
    files: env.FILES,
    queues: { notices: env.NOTICES as Queue<NoticeMessage>, extraction: env.EXTRACTION as Queue<ExtractionMessage> },
    env: parseEnv(env as unknown as Record<string, unknown>),
    waitUntil: (promise) => ctx.waitUntil(promise),
    meter: opts.meter,
  };
}

type ConsumerBindings = { DB: D1Database; FILES?: R2Bucket };

/** What a queue consumer Worker has: D1, R2 where it is bound, and its own context; no web configuration. */
export type ConsumerServices<B extends ConsumerBindings = ConsumerBindings> = Pick<Services, "db" | "d1" | "waitUntil"> &
  (B extends { FILES: R2Bucket } ? Pick<Services, "files"> : Partial<Pick<Services, "files">>);

/** A consumer Worker's services, built per batch from its bindings as `createServices` builds the web Worker's. */
export function createConsumerServices<B extends ConsumerBindings>(env: B, ctx: Pick<ExecutionContext, "waitUntil">): ConsumerServices<B> {
  return { db: createDb(env.DB), d1: env.DB, files: env.FILES, waitUntil: (p: Promise<unknown>) => ctx.waitUntil(p) } as ConsumerServices<B>;
}
