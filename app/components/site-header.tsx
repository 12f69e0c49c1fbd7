import { Link, NavLink, useLocation } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useDetailsMenu } from "~/components/hooks/use-details-menu";
import { BrandMark } from "./icons";
// Only signed-in visitors need the user menu: anonymous pages (the cached, public ones) never load it.
const UserMenu = lazy(() => import("./user-menu"));

export const SHRINK_AFTER_PX = 50;

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
                <Suspense fallback={<span className="user-menu-placeholder">{account.label}</span>}>
                  <UserMenu label={account.label} isAdmin={account.isAdmin} />
                </Suspense>
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
