import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

type Step = { to: string; label: ReactNode } | null;

/**
 * Previous and next as links, with what sits between them (a page or slide number): the news
 * pages, the console's lists, the gallery's slides and its photos. An end without a link keeps
 * its place, so the other link stays on its side.
 */
export function StepNav({
  label,
  previous,
  next,
  className = "pager",
  preventScrollReset,
  replace,
  children,
}: {
  label: string;
  previous: Step;
  next: Step;
  className?: string;
  preventScrollReset?: boolean;
  replace?: boolean;
  children?: ReactNode;
}) {
  const step = (s: Step, rel: "prev" | "next") =>
    s ? (
      <Link to={s.to} rel={rel} preventScrollReset={preventScrollReset} replace={replace}>
        {s.label}
      </Link>
    ) : (
      <span />
    );
  return (
    <nav className={className} aria-label={label}>
      {step(previous, "prev")}
      {children}
      {step(next, "next")}
    </nav>
  );
}
