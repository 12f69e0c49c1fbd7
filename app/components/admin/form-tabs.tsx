import * as Tabs from "@radix-ui/react-tabs";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useHydrated } from "~/components/hooks/use-hydrated";

export type FormTab = { id: string; title: string; content: ReactNode; invalid?: boolean };

/**
 * One form split into sections. With JavaScript: Radix tabs whose panels all stay mounted (hidden,
 * not removed), so every field is posted whichever tab is open; after a refused save the first
 * tab with an error opens, and each such tab says so. Without JavaScript: the sections one below
 * the other, each under its heading.
 */
export function FormTabs({ label, tabs }: { label: string; tabs: FormTab[] }) {
  const hydrated = useHydrated();
  const firstInvalid = tabs.find((t) => t.invalid)?.id;
  const [tab, setTab] = useState(firstInvalid ?? tabs[0]!.id);
  const root = useRef<HTMLDivElement>(null);
  const latest = useRef(firstInvalid);
  latest.current = firstInvalid;
  const submitted = useRef(false);
  // Errors shown after a save (by the server, or by the browser's checks as the form is sent)
  // open their tab; errors appearing while the admin types do not move them elsewhere.
  useEffect(() => {
    const form = root.current?.closest("form");
    if (!form) return;
    const onSubmit = () => {
      submitted.current = true;
      window.setTimeout(() => latest.current && setTab(latest.current), 150);
    };
    form.addEventListener("submit", onSubmit);
    return () => form.removeEventListener("submit", onSubmit);
  }, [hydrated]);
  const invalidKey = tabs.filter((t) => t.invalid).map((t) => t.id).join(",");
  useEffect(() => {
    if (submitted.current && latest.current) setTab(latest.current);
  }, [invalidKey]);

  if (!hydrated) {
    return (
      <>
        {tabs.map((t) => (
          <section key={t.id} className="form-section" aria-labelledby={`section-${t.id}`}>
            <h3 id={`section-${t.id}`} className="form-section-title">
              {t.title}
              {t.invalid ? <span className="tab-error"> (check this section)</span> : null}
            </h3>
            {t.content}
          </section>
        ))}
      </>
    );
  }
  return (
    <Tabs.Root ref={root} value={tab} onValueChange={setTab} className="tabs-inline">
      <Tabs.List aria-label={label}>
        {tabs.map((t) => (
          <Tabs.Trigger key={t.id} value={t.id}>
            {t.title}
            {t.invalid ? (
              <span className="tab-error">
                <span aria-hidden="true"> !</span>
                <span className="visually-hidden"> (has errors)</span>
              </span>
            ) : null}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {tabs.map((t) => (
        <Tabs.Content key={t.id} value={t.id} forceMount hidden={tab !== t.id} className="form-tab-panel">
          {t.content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}
