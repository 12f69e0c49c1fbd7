import { useLocation } from "@remix-run/react";
import { StepNav } from "~/components/ui/step-nav";
import { listHref } from "~/lib/list-href";

/**
 * Previous and Next for a console list paged by keyset (`after` / `before` name the edge rows;
 * `start` is only the number shown). With a total it says "Page N of M".
 */
export function Pager({ label, previous, next, first, pageSize, total }: { label: string; previous: string | null; next: string | null; first: number; pageSize: number; total?: number }) {
  const { search } = useLocation();
  if (!previous && !next) return null;
  const pages = total === undefined ? null : Math.max(1, Math.ceil(total / pageSize));
  const page = Math.floor((first - 1) / pageSize) + 1;
  const edge = (changes: Record<string, string | null>) => listHref(search, { ...changes, "edit-role": null });
  return (
    <StepNav
      label={label}
      previous={previous ? { to: edge({ before: previous, after: null, start: String(Math.max(1, first - pageSize)) }), label: "‹ Previous" } : null}
      next={next ? { to: edge({ after: next, before: null, start: String(first + pageSize) }), label: "Next ›" } : null}
    >
      <span>{pages === null ? `Page ${page}` : `Page ${Math.min(page, pages)} of ${pages}`}</span>
    </StepNav>
  );
}
