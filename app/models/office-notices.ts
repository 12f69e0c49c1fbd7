/**
 * How the office hears of new papers (decision 061): a mail per submission, one daily digest, or
 * none, to the address the console names. Shared by the console's form and the server.
 */
import { z } from "zod";

export const OFFICE_NOTICE_MODES = ["each", "digest", "off"] as const;
export type OfficeNoticeMode = (typeof OFFICE_NOTICE_MODES)[number];

export const OFFICE_NOTICE_LABELS: Record<OfficeNoticeMode, string> = {
  each: "An e-mail for each new paper, as it is submitted",
  digest: "One e-mail a day listing the new papers (sent after 07:00 UTC, only when there are any)",
  off: "No e-mail: the office looks at the Papers tab",
};

export const officeNoticesSchema = z.object({
  mode: z.enum(OFFICE_NOTICE_MODES, { message: "Choose how the office hears of new papers." }),
  address: z.string().trim().max(254, "At most 254 characters.").email("Enter the office's e-mail address, e.g. office@example.org."),
});
export type OfficeNotices = z.output<typeof officeNoticesSchema>;
