import { CalendarIcon, PinIcon } from "~/components/icons";

/** Location and dates; `dateRange` comes formatted from the loader (formatting stays on the server). */
export function ConferenceMeta({ location, startDate, dateRange }: { location: string; startDate: string; dateRange: string }) {
  return (
    <ul className="meta-list">
      <li>
        <PinIcon />
        <span className="visually-hidden">Location: </span>
        {location}
      </li>
      <li>
        <CalendarIcon />
        <span className="visually-hidden">Dates: </span>
        <time dateTime={startDate}>{dateRange}</time>
      </li>
    </ul>
  );
}
