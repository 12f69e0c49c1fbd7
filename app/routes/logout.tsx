import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form } from "@remix-run/react";
import { LOGOUT_QUESTION } from "~/components/user-menu";
import { CsrfField } from "~/components/csrf-field";
import { PageHead } from "~/components/page-head";
import { Button, ButtonLink } from "~/components/ui/button";
import { privatePage } from "~/lib/private-page";
import { rootData } from "~/lib/seo";
import { clearSessionCookie, destroySession } from "~/server/auth/session.server";
import { acts, loads } from "~/server/answers.server";

export const meta: MetaFunction = ({ matches }) => privatePage(rootData(matches), "Logout");

/** Without JavaScript the menu's Logout leads here: the same question, and a button that posts. */
export const loader = loads("This page could not be loaded. Please try again later.", async ({ context }: LoaderFunctionArgs) => {
  const session = await context.session();
  if (!session) throw redirect("/");
  return { csrf: context.csrf.token() };
});

export const action = acts("This could not be done just now. Nothing was changed. Please try again later.", async ({ request, context }: ActionFunctionArgs) => {
  const session = await context.session();
  if (session) await destroySession(context.db, session.id);
  // The browser forgets this origin's cookies and cached pages too (a shared computer).
  return redirect("/", { headers: { "Set-Cookie": clearSessionCookie(request), "Clear-Site-Data": '"cache", "cookies"' } });
});

export default function LogoutRoute() {
  return (
    <>
      <PageHead title="Logout" />
      <div className="container container-narrow">
        <div className="card form-card">
          <p>{LOGOUT_QUESTION}</p>
          <Form method="post" className="form-actions">
            <CsrfField />
            <ButtonLink to="/dashboard" variant="outline">
              Cancel
            </ButtonLink>
            <Button type="submit">Logout</Button>
          </Form>
        </div>
      </div>
    </>
  );
}
