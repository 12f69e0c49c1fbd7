import { Form, Link, NavLink, useLocation } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { CsrfField } from "./csrf-field";
import { Button } from "./ui/button";

const loadConfirm = () => import("./ui/confirm-dialog");
const ConfirmDialog = lazy(loadConfirm);

export const LOGOUT_QUESTION = "Are you sure you want to logout?";

/**
 * The signed-in user's menu: a <details> disclosure like The Society menu. Logout opens a
 * confirmation dialog with JavaScript; without it the link leads to /logout, which asks the
 * same question on a page with a button that posts.
 */
export function UserMenu({ label, isAdmin }: { label: string; isAdmin: boolean }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const [confirming, setConfirming] = useState(false);
  const location = useLocation();

  useEffect(() => {
    menu.current?.removeAttribute("open");
  }, [location.pathname]);

  useEffect(() => {
    const close = (event: Event) => {
      const details = menu.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== "Escape") return;
        details.open = false;
        details.querySelector("summary")?.focus();
        return;
      }
      if (!details.contains(event.target as Node)) details.open = false;
    };
    document.addEventListener("keydown", close);
    document.addEventListener("click", close);
    return () => {
      document.removeEventListener("keydown", close);
      document.removeEventListener("click", close);
    };
  }, []);

  return (
    <>
      <details className="dropdown user-menu" ref={menu}>
        <summary>
          <span className="visually-hidden">Account menu for </span>
          {label}
        </summary>
        <ul className="dropdown-menu dropdown-menu-end">
          {isAdmin ? (
            <li>
              <NavLink to="/admin/dashboard">Admin</NavLink>
            </li>
          ) : null}
          <li>
            <NavLink to="/dashboard">Dashboard</NavLink>
          </li>
          <li>
            <NavLink to="/profile">Profile</NavLink>
          </li>
          <li>
            <Link
              to="/logout"
              onPointerEnter={loadConfirm}
              onFocus={loadConfirm}
              onClick={(event) => {
                event.preventDefault();
                if (menu.current) menu.current.open = false;
                setConfirming(true);
              }}
            >
              Logout
            </Link>
          </li>
        </ul>
      </details>
      {confirming ? (
        <Suspense fallback={null}>
          <ConfirmDialog title="Logout" description={LOGOUT_QUESTION} onClose={() => setConfirming(false)}>
            <Form method="post" action="/logout" onSubmit={() => setConfirming(false)}>
              <CsrfField />
              <Button type="submit" variant="primary">
                Logout
              </Button>
            </Form>
          </ConfirmDialog>
        </Suspense>
      ) : null}
    </>
  );
}
