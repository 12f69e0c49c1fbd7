import { nextDay } from "~/lib/dates";

type Event = { id: number; title: string; location: string; startDate: string; endDate: string; details: string; url: string };

const compact = (date: string) => date.replaceAll("-", "");

/** All-day event; Google's end date is exclusive. */
export function googleCalendarUrl(e: Event) {
  const params = new URLSearchParams({
    action: "TEMPLATE",
    text: e.title,
    dates: `${compact(e.startDate)}/${compact(nextDay(e.endDate))}`,
    location: e.location,
    details: `${e.details}\n\n${e.url}`.trim(),
  });
  return `https://calendar.google.com/calendar/render?${params}`;
}

export function outlookCalendarUrl(e: Event) {
  const params = new URLSearchParams({
    path: "/calendar/action/compose",
    rru: "addevent",
    subject: e.title,
    startdt: e.startDate,
    enddt: nextDay(e.endDate),
    allday: "true",
    location: e.location,
    body: `${e.details}\n\n${e.url}`.trim(),
  });
  return `https://outlook.live.com/calendar/0/deeplink/compose?${params}`;
}

/** RFC 5545 text escaping and 75-octet line folding. */
function escapeText(value: string) {
  return value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}
function fold(line: string) {
  const bytes = new TextEncoder().encode(line);
  if (bytes.length <= 75) return line;
  const out: string[] = [];
  let current = "";
  let size = 0;
  for (const ch of line) {
    const n = new TextEncoder().encode(ch).length;
    if (size + n > (out.length ? 74 : 75)) {
      out.push(current);
      current = "";
      size = 0;
    }
    current += ch;
    size += n;
  }
  out.push(current);
  return out.join("\r\n ");
}

export function icsCalendar(e: Event & { host: string; updatedAt: Date }) {
  const stamp = e.updatedAt.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Multinational Finance Society//Conferences//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:conference-${e.id}@${e.host}`,
    `DTSTAMP:${stamp}`,
    `DTSTART;VALUE=DATE:${compact(e.startDate)}`,
    `DTEND;VALUE=DATE:${compact(nextDay(e.endDate))}`,
    `SUMMARY:${escapeText(e.title)}`,
    `LOCATION:${escapeText(e.location)}`,
    `DESCRIPTION:${escapeText(e.details)}`,
    `URL:${e.url}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}
