/**
 * Every ten minutes (wrangler.toml's cron) the web Worker's `scheduled` runs these tasks. Each
 * is kept with its own area's code and named here once; each runs on its own, so one failing
 * (logged) does not stop the others.
 */
import { extractionHousekeeping, extractionRetentionHousekeeping } from "~/models/extraction-jobs.server";
import { paymentReconciliation } from "~/models/registrations.server";
import { rateLimitHousekeeping } from "~/server/auth/rate-limit.server";
import { sessionHousekeeping } from "~/server/auth/session.server";
import { tokenHousekeeping } from "~/server/auth/tokens.server";
import { outboxHousekeeping } from "~/mail/outbox.server";
import { bulkPlanHousekeeping } from "~/features/papers/bulk-update.server";
import { deadlineHousekeeping } from "~/features/conferences/conference.server";
import { officeDigestHousekeeping } from "~/models/office-notices.server";
import type { HousekeepingTask } from "~/server/housekeeping-task.server";
import type { Services } from "~/server/services.server";
import { draftHousekeeping, unheldUploadsHousekeeping } from "~/server/wizard/drafts.server";

export const HOUSEKEEPING: readonly HousekeepingTask[] = [
  sessionHousekeeping,
  tokenHousekeeping,
  rateLimitHousekeeping,
  extractionHousekeeping,
  extractionRetentionHousekeeping,
  outboxHousekeeping,
  draftHousekeeping,
  unheldUploadsHousekeeping,
  bulkPlanHousekeeping,
  paymentReconciliation,
  deadlineHousekeeping,
  officeDigestHousekeeping,
];

export async function runHousekeeping(services: Pick<Services, "db" | "files" | "queues" | "waitUntil" | "env">, now = Date.now(), tasks = HOUSEKEEPING) {
  const results = await Promise.allSettled(tasks.map((task) => task.run(services, now)));
  const failed = results.flatMap((r, i) => (r.status === "rejected" ? [tasks[i]!.name] : []));
  results.forEach((r, i) => r.status === "rejected" && console.error(`housekeeping: ${tasks[i]!.name} failed`, r.reason));
  return { ran: tasks.length, failed };
}
