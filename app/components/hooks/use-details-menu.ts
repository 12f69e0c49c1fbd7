import { useLocation } from "@remix-run/react";
import { type RefObject, useEffect, useRef } from "react";

/**
 * A <details> used as a menu: it closes when the page changes, on Escape (focus back on its
 * summary) and on a click elsewhere. Without JavaScript it still opens and closes natively.
 */
export function useDetailsMenu(menu: RefObject<HTMLDetailsElement | null>) {
  const { pathname } = useLocation();
  // (Only when the page changes, not when the menu hydrates: a visitor who opened it while its code
  // was still loading keeps it open.)
  const shownOn = useRef(pathname);
  useEffect(() => {
    if (shownOn.current === pathname) return;
    shownOn.current = pathname;
    menu.current?.removeAttribute("open");
  }, [menu, pathname]);
  useEffect(() => {
    const close = (event: Event) => {
      const details = menu.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== "Escape") return;
        details.open = false;
        details.querySelector("summary")?.focus();
      } else if (!details.contains(event.target as Node)) {
        details.open = false;
      }
    };
    document.addEventListener("keydown", close);
    document.addEventListener("click", close);
    return () => {
      document.removeEventListener("keydown", close);
      document.removeEventListener("click", close);
    };
  }, [menu]);
}
