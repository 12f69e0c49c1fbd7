import type { AnchorHTMLAttributes, MouseEvent } from "react";
import type { NavigateFunction } from "@remix-run/react";

/**
 * A link in a row of a long console table, to an address that starts with "/": a plain `<a>`
 * whose ordinary click navigates through the router (keeping the list and its scroll, as
 * `<Link preventScrollReset>` does), with the `navigate` its table got once. React Router's
 * `<Link>` resolves its address against the route matches each time it renders; across the Papers
 * tab's 26 rows of three links that was the page's largest cost after rendering itself. Without
 * JavaScript, or with a modifier key or another button, it is the plain link it renders.
 */
export function RowLink({ to, navigate, ...props }: { to: string; navigate: NavigateFunction } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href" | "onClick">) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to, { preventScrollReset: true });
  };
  return <a href={to} onClick={follow} {...props} />;
}
