import { Link } from "@remix-run/react";

/** Where a page sits: links up the site from Home, then the page itself (not a link). */
export function Breadcrumbs({ trail, current }: { trail: ReadonlyArray<{ to: string; label: string }>; current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs">
      <ol>
        {[{ to: "/", label: "Home" }, ...trail].map((step) => (
          <li key={step.to}>
            <Link to={step.to}>{step.label}</Link>
          </li>
        ))}
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}
