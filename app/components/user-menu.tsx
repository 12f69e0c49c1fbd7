import { Form, Link, NavLink } from "@remix-run/react";
import { lazy, Suspense, useRef, useState } from "react";
import { useDetailsMenu } from "~/components/hooks/use-details-menu";
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
export default function UserMenu({ label, isAdmin }: { label: string; isAdmin: boolean }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const [confirming, setConfirming] = useState(false);

  useDetailsMenu(menu);

  return (
    <>
      <details className="dropdown user-menu" ref={menu}>
        <summary>
          <span className="visually-hidden">Account menu for </span>
          <span className="user-menu-label">{label}</span>
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
