import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

type Tab = { id: string; title: string };

/**
 * Sections of one page that each have their own URL (`?tab=…`). Moving between them is a
 * navigation, so they are a labelled navigation of links with `aria-current`, not ARIA tabs:
 * every one is reachable with Tab, works without JavaScript, and can be bookmarked or shared.
 * (In-page panels, as in the console's dialogs, use Radix Tabs.)
 */
export function LinkTabs({
  label,
  tabs,
  current,
  hrefFor,
  wide = false,
  children,
}: {
  label: string;
  tabs: ReadonlyArray<Tab>;
  current: string;
  hrefFor: (id: string) => string;
  /** Full width (the console's tables) instead of a reading column. */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div>
      <nav aria-label={label} className="tabs-list">
        {tabs.map((tab) => (
          <Link key={tab.id} to={hrefFor(tab.id)} aria-current={tab.id === current ? "page" : undefined} preventScrollReset>
            {tab.title}
          </Link>
        ))}
      </nav>
      <section className={wide ? "tab-panel tab-panel-wide" : "tab-panel"} aria-label={tabs.find((t) => t.id === current)?.title}>
        {children}
      </section>
    </div>
  );
}
