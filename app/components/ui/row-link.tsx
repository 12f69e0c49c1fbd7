import type { MouseEvent } from "react";
import type { NavigateFunction } from "@remix-run/react";

/**
 * The links in the rows of a long console table are plain anchors marked `data-row-link`; the
 * table's one click handler, made here, turns an ordinary click on one into a router navigation
 * that keeps the list and its scroll (as `<Link preventScrollReset>` does). React Router's
 * `<Link>` resolves its address against the route matches each time it renders, and a component
 * per link is a render of its own: across the Papers tab's 25 rows of three links that was the
 * page's largest cost after rendering the markup itself. Without JavaScript, with a modifier key
 * or another button, or on a link with a target or a download, each is the plain link it renders.
 */
export function followRowLinks(navigate: NavigateFunction) {
  return (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest("a[data-row-link]") : null;
    const to = link?.getAttribute("href");
    if (!link || !to?.startsWith("/") || !event.currentTarget.contains(link)) return;
    // (A link meant for another window or as a download stays the browser's, as React Router's own links leave it.)
    if ((link.getAttribute("target") ?? "_self") !== "_self" || link.hasAttribute("download")) return;
    event.preventDefault();
    navigate(to, { preventScrollReset: true });
  };
}
