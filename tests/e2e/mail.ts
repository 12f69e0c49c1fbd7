import { expect } from "vitest";
import { stack } from "./browser";

/** A message as maildev's REST API gives it. */
type Mail = { id: string; subject: string; text: string; html: string; to: Array<{ address: string }>; from: Array<{ address: string; name: string }> };

/** Waits for a mail to `to` whose subject contains `subject`, newer than the ones in `seen`. */
export async function waitForMail(to: string, subject: string, seen: Set<string> = new Set()): Promise<Mail> {
  const api = stack().mailApi;
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const all = (await (await fetch(`${api}/email`)).json()) as Mail[];
        found = all.find((m) => !seen.has(m.id) && m.subject.includes(subject) && m.to.some((t) => t.address.toLowerCase() === to.toLowerCase()));
        return Boolean(found);
      },
      { timeout: 20_000, interval: 250 },
    )
    .toBe(true);
  seen.add(found!.id);
  return found!;
}

/** The first link to this site's `path` in the mail's text part. */
export function linkIn(mail: Mail, path: string): string {
  const match = mail.text.match(new RegExp(`https?://[^\\s]+${path.replace(/[/]/g, "\\/")}[^\\s]*`));
  expect(match, `no ${path} link in:\n${mail.text}`).not.toBeNull();
  return match![0];
}

export async function mailsTo(to: string): Promise<Mail[]> {
  const all = (await (await fetch(`${stack().mailApi}/email`)).json()) as Mail[];
  return all.filter((m) => m.to.some((t) => t.address.toLowerCase() === to.toLowerCase()));
}
