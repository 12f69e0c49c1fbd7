/**
 * How the public site shows a news item's dates and summary: the same on the home page, on
 * /news and on the item itself. "Published" is the day it was last put out
 * (updatedAt, else createdAt, as the spec dates the home list); "Event date" is the day the item
 * announces, when it announces one.
 */
import { Link } from "@remix-run/react";
import { CalendarIcon } from "~/components/icons";
import { RichText } from "~/components/rich-text";
import { Badge } from "~/components/ui/badge";
import { formatDate } from "~/lib/dates";

export type NewsSummary = { id: number; title: string; category: string | null; shownAt: number; newsDate: string | null; html: string | null };

export function NewsDates({ shownAt, newsDate, icons = false }: { shownAt: number; newsDate: string | null; icons?: boolean }) {
  return (
    <ul className="meta-list news-dates">
      <li>
        {icons ? <CalendarIcon /> : null}
        Published <time dateTime={new Date(shownAt).toISOString().slice(0, 10)}>{formatDate(shownAt)}</time>
      </li>
      {newsDate ? (
        <li>
          {icons ? <CalendarIcon /> : null}
          Event date <time dateTime={newsDate}>{formatDate(newsDate)}</time>
        </li>
      ) : null}
    </ul>
  );
}

/** A list of items: title (with its category), dates, the clamped summary and Read More. */
export function NewsSummaryList({ items, heading: Heading = "h3" }: { items: readonly NewsSummary[]; heading?: "h2" | "h3" }) {
  return (
    <ul className="news-list">
      {items.map((item) => (
        <li key={item.id}>
          <Heading>{item.title}</Heading>
          {item.category ? <Badge tone="info">{item.category}</Badge> : null}
          <NewsDates shownAt={item.shownAt} newsDate={item.newsDate} />
          {item.html ? <RichText html={item.html} className="clamp" /> : null}
          <Link to={`/news/${item.id}`}>
            Read More<span className="visually-hidden">: {item.title}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
