import { Link, NavLink, useLocation } from "@remix-run/react";
import { lazy, memo, Suspense, useEffect, useRef, useState } from "react";
import { useDetailsMenu } from "~/components/hooks/use-details-menu";
import { BrandMark } from "./icons";
// Only signed-in visitors need the user menu: anonymous pages (the cached, public ones) never load it.
const UserMenu = lazy(() => import("./user-menu"));

export const SHRINK_AFTER_PX = 50;

/**
 * The user menu, rendered by the server and hydrated once its code arrives. Memoised on its two
 * values so that the bar's own changes (shrinking as the page scrolls) do not reach it before
 * then: React cannot update a part still waiting to hydrate and would drop the server's markup
 * for it (React error #421).
 */
const AccountMenu = memo(function AccountMenu({ label, isAdmin }: { label: string; isAdmin: boolean }) {
  return (
    <Suspense fallback={<span className="user-menu-placeholder">{label}</span>}>
      <UserMenu label={label} isAdmin={isAdmin} />
    </Suspense>
  );
});

const SOCIETY_LINKS = [
  { to: "/society", label: "About the Society" },
  { to: "/conferences", label: "Conferences" },
  { to: "/society/board", label: "Board of Directors" },
  { to: "/membership", label: "Membership" },
  { to: "/journal", label: "Multinational Finance Journal" },
  { to: "/news", label: "News" },
] as const;

/**
 * The top bar. The Society menu is a <details> disclosure: it opens by mouse, Enter or Space
 * without JavaScript; with it, Escape and a click elsewhere close it and the bar shrinks
 * after 50 px of scroll.
 */
export function SiteHeader({ siteName, account }: { siteName: string; account: { label: string; isAdmin: boolean } | null }) {
  const [compact, setCompact] = useState(false);
  const menu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  useEffect(() => {
    const onScroll = () => setCompact(window.scrollY > SHRINK_AFTER_PX);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  useDetailsMenu(menu);

  const inSociety = SOCIETY_LINKS.some((l) => location.pathname === l.to || location.pathname.startsWith(`${l.to}/`));

  return (
    <header className={`site-header${compact ? " is-compact" : ""}`}>
      <div className="container">
        <Link to="/" className="brand">
          <BrandMark className="brand-mark" />
          <span className="brand-name">
            {siteName}
            <small>Research · Journal · Conference</small>
          </span>
        </Link>
        <nav className="main-nav" aria-label="Main">
          <ul>
            <li>
              <NavLink to="/" end>
                Home
              </NavLink>
            </li>
            <li>
              <details className="dropdown" ref={menu}>
                <summary aria-current={inSociety ? "true" : undefined}>The Society</summary>
                <ul className="dropdown-menu">
                  {SOCIETY_LINKS.map((link) => (
                    <li key={link.to}>
                      <NavLink to={link.to} end={link.to === "/society"}>
                        {link.label}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </details>
            </li>
            <li>
              {account ? (
                <AccountMenu label={account.label} isAdmin={account.isAdmin} />
              ) : (
                <Link to="/login" className="nav-login">
                  Login
                </Link>
              )}
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
