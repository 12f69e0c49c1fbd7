/**
 * Every message on the site's queues, as zod discriminated unions on `type` (decision 025).
 * Producers build them with these types; consumers check each body on arrival and acknowledge
 * (never retry) anything that does not parse, so a malformed message cannot loop.
 */
import { z } from "zod";

export const NoticeMessageSchema = z.discriminatedUnion("type", [
  /** Deliver one outbox row (written in the same D1 batch as the change it reports). */
  z.object({ type: z.literal("mail"), outboxId: z.number().int().positive() }),
]);
export type NoticeMessage = z.infer<typeof NoticeMessageSchema>;

export const ExtractionMessageSchema = z.discriminatedUnion("type", [
  /** Run the engine on the manuscript of one extraction job. */
  z.object({ type: z.literal("extract"), jobId: z.string().min(8).max(64) }),
]);
export type ExtractionMessage = z.infer<typeof ExtractionMessageSchema>;

/**
 * The message's body if it is one of `schema`'s, else null. Messages queued before the `type`
 * field existed (`{ outboxId }`, `{ jobId }`) are read as their one kind, so a deploy does not
 * drop what was in flight.
 */
export function readMessage<T>(schema: z.ZodType<T>, body: unknown, legacyType: string): T | null {
  const withType = body && typeof body === "object" && !("type" in body) ? { type: legacyType, ...body } : body;
  const parsed = schema.safeParse(withType);
  return parsed.success ? parsed.data : null;
}
