import { formatDateRange } from "~/lib/dates";
import { CalendarIcon, PinIcon } from "./icons";

export function ConferenceMeta({ location, startDate, endDate }: { location: string; startDate: string; endDate: string }) {
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
        <time dateTime={startDate}>{formatDateRange(startDate, endDate)}</time>
      </li>
    </ul>
  );
}
