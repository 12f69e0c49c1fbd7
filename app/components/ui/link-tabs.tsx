import * as Tabs from "@radix-ui/react-tabs";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useHydrated } from "~/lib/use-hydrated";

type Tab = { id: string; title: string };
type Props = {
  label: string;
  tabs: ReadonlyArray<Tab>;
  current: string;
  hrefFor: (id: string) => string;
  children: ReactNode;
};

/**
 * Tabs whose state lives in the URL: every tab is a real link (`?tab=…`), addressable and usable
 * without JavaScript. Before hydration they are a plain navigation (every link reachable with
 * Tab); once hydrated, Radix Tabs adds the tab roles and arrow-key navigation.
 */
export function LinkTabs(props: Props) {
  return useHydrated() ? <RadixLinkTabs {...props} /> : <PlainLinkTabs {...props} />;
}

function PlainLinkTabs({ label, tabs, current, hrefFor, children }: Props) {
  return (
    <div>
      <nav aria-label={label} className="tabs-list">
        {tabs.map((tab) => (
          <Link key={tab.id} to={hrefFor(tab.id)} aria-current={tab.id === current ? "page" : undefined}>
            {tab.title}
          </Link>
        ))}
      </nav>
      <section className="tab-panel" aria-label={tabs.find((t) => t.id === current)?.title}>
        {children}
      </section>
    </div>
  );
}

function RadixLinkTabs({ label, tabs, current, hrefFor, children }: Props) {
  return (
    <Tabs.Root value={current} activationMode="manual">
      <Tabs.List aria-label={label} className="tabs-list">
        {tabs.map((tab) => (
          <Tabs.Trigger key={tab.id} value={tab.id} asChild>
            <Link to={hrefFor(tab.id)} preventScrollReset replace>
              {tab.title}
            </Link>
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value={current} className="tab-panel">
        {children}
      </Tabs.Content>
    </Tabs.Root>
  );
}
