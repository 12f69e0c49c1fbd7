/** The console's news form: what it posts and the spec's rules for it. */
import { z } from "zod";
import { isIsoDate } from "~/lib/dates";

export const NEWS_STATUS_OPTIONS = [
  ["draft", "Draft"],
  ["published", "Published"],
  ["archived", "Archived"],
] as const;

export const NEWS_CATEGORIES = ["Conference", "Journal", "Society", "Call for Papers", "Award", "Announcement"] as const;

/** Text a reader would see: tags and entities out, whitespace folded. */
export function visibleText(html: string) {
  return html.replace(/<[^>]*>/g, " ").replace(/&nbsp;|&#160;/g, " ").replace(/\s+/g, " ").trim();
}

export const newsFormSchema = z.object({
  title: z.string().trim().max(200, "At most 200 characters.").refine((v) => v.length > 0, "Title is required"),
  category: z.string().trim().max(60).default(""),
  status: z.enum(["draft", "published", "archived"], { message: "Choose a status." }),
  newsDate: z
    .string()
    .trim()
    .default("")
    .refine((v) => v === "" || isIsoDate(v), "Enter a date as YYYY-MM-DD."),
  content: z.string().max(200_000).refine((v) => visibleText(v).length > 0 || /<img\b/i.test(v), "Content is required"),
  details: z.string().max(200_000).default(""),
  contactInfo: z.string().max(20_000).default(""),
});
export type NewsFormValues = z.infer<typeof newsFormSchema>;
