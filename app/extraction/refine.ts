/**
 * Optional refinement with Workers AI, used only when an `AI` binding is configured (it is off by
 * default: manuscripts under review are confidential). The model is asked, in JSON mode, for the
 * front matter of the text the engine read; its answer is validated against a schema, and any
 * value that does not occur in the document's text is dropped. It only fills what the rules left
 * empty or uncertain, so the rules' result stands on its own.
 */
import { z } from "zod";
import type { ExtractedAuthor, ExtractionResult } from "./model";
import { fold, normalizeSpace } from "./text";

export type AiBinding = { run(model: string, input: Record<string, unknown>): Promise<unknown> };

export const AI_MODEL = "@cf/meta/llama-3.1-8b-instruct";

const answerSchema = z.object({
  title: z.string().max(500).nullable().optional(),
  abstract: z.string().max(5000).nullable().optional(),
  keywords: z.array(z.string().max(120)).max(15).optional(),
  authors: z
    .array(z.object({ firstName: z.string().max(80), lastName: z.string().max(80), email: z.string().max(200).nullable().optional(), affiliation: z.string().max(400).nullable().optional() }))
    .max(30)
    .optional(),
});

const JSON_SCHEMA = {
  type: "object",
  properties: {
    title: { type: "string" },
    abstract: { type: "string" },
    keywords: { type: "array", items: { type: "string" } },
    authors: {
      type: "array",
      items: { type: "object", properties: { firstName: { type: "string" }, lastName: { type: "string" }, email: { type: "string" }, affiliation: { type: "string" } }, required: ["firstName", "lastName"] },
    },
  },
};

const canon = (s: string) => fold(normalizeSpace(s)).replace(/[^a-z0-9@.]+/g, " ").trim();

export async function refineWithAi(ai: AiBinding, result: ExtractionResult): Promise<ExtractionResult> {
  let answer: z.infer<typeof answerSchema>;
  try {
    const raw = (await ai.run(AI_MODEL, {
      messages: [
        { role: "system", content: "You read the first pages of an academic manuscript and return its title, abstract, keywords and authors exactly as printed. Never invent a value." },
        { role: "user", content: result.text.slice(0, 12_000) },
      ],
      response_format: { type: "json_schema", json_schema: JSON_SCHEMA },
    })) as { response?: unknown };
    const body = typeof raw?.response === "string" ? JSON.parse(raw.response) : raw?.response;
    const parsed = answerSchema.safeParse(body);
    if (!parsed.success) return result;
    answer = parsed.data;
  } catch (error) {
    console.error("extraction: the model's answer was not usable", error);
    return result;
  }
  const text = canon(result.text);
  const printed = (v: string | null | undefined): v is string => Boolean(v && canon(v).length > 2 && text.includes(canon(v)));
  const out = { ...result };
  if (!out.title.value && printed(answer.title)) out.title = { value: normalizeSpace(answer.title), confidence: 0.5, source: null };
  if (!out.abstract.value && printed(answer.abstract)) out.abstract = { value: normalizeSpace(answer.abstract), confidence: 0.5, source: null };
  if (!out.keywords.value.length && answer.keywords?.length) {
    const kept = answer.keywords.filter(printed).map(normalizeSpace);
    if (kept.length) out.keywords = { value: kept, confidence: 0.5, source: null };
  }
  if (!out.authors.length && answer.authors?.length) {
    out.authors = answer.authors
      .filter((a) => printed(`${a.firstName} ${a.lastName}`))
      .map(
        (a): ExtractedAuthor => ({
          firstName: normalizeSpace(a.firstName),
          lastName: normalizeSpace(a.lastName),
          email: printed(a.email) ? a.email!.toLowerCase() : null,
          affiliation: printed(a.affiliation) ? normalizeSpace(a.affiliation!) : null,
          institution: null,
          department: null,
          country: null,
          isCorresponding: false,
          confidence: 0.4,
          source: null,
        }),
      );
  }
  return out;
}
