import * as Dialog from "@radix-ui/react-dialog";
import { useNavigate } from "@remix-run/react";
import type { ReactNode } from "react";
import { useHydrated } from "~/components/hooks/use-hydrated";

/**
 * The HTML `autofocus` attribute as the browser reads it, not React's `autoFocus`: React focuses
 * an `autoFocus` element itself while it hydrates, and that focus (a discrete event) reached parts
 * of the console not yet hydrated, which React answers with error #421. The browser's own
 * autofocus acts as the page loads, which is all a page without JavaScript needs.
 */
const BROWSER_AUTOFOCUS = { autofocus: "" } as object;

/**
 * A console record opened over its list: a Radix Dialog once the page is interactive (focus
 * trapped, Escape and Close go back to the list), and without JavaScript a section of the page,
 * with a link back, that the page opens at (`autofocus`: the browser focuses it as the page loads
 * and scrolls it into view, wherever the list puts it), as a refused form opens at its message.
 * Either way it has its own address.
 */
export function RouteDialog({ title, description, closeTo, wide = false, children }: { title: string; description?: string; closeTo: string; wide?: boolean; children: ReactNode }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const close = () => navigate(closeTo, { preventScrollReset: true });
  if (!hydrated) {
    return (
      <section className="card route-section" aria-labelledby="route-dialog-title" id="record" tabIndex={-1} {...BROWSER_AUTOFOCUS}>
        <h2 id="route-dialog-title">{title}</h2>
        {description ? <p>{description}</p> : null}
        {children}
        <p>
          <a href={closeTo}>Close</a>
        </p>
      </section>
    );
  }
  return (
    <Dialog.Root open onOpenChange={(open) => !open && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className={`dialog-content dialog-form${wide ? " dialog-wide" : ""}`} aria-describedby={description ? "route-dialog-description" : undefined}>
          <div className="dialog-head">
            <Dialog.Title>{title}</Dialog.Title>
            <Dialog.Close className="btn btn-outline btn-small">Close</Dialog.Close>
          </div>
          {description ? <p id="route-dialog-description">{description}</p> : null}
          <div className="dialog-body">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
