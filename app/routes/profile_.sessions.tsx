import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { z } from "zod";
import { CsrfField } from "~/components/csrf-field";
import { FormMessage, useRefusal } from "~/components/form/messages";
import { BackLink } from "~/components/back-link";
import { PageHead } from "~/components/page-head";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { DataTable } from "~/components/ui/table-wrap";
import { formatDateTime } from "~/lib/dates";
import { privatePage } from "~/lib/private-page";
import { rootData } from "~/lib/seo";
import { describeDevice } from "~/lib/user-agent";
import { requireSession } from "~/server/auth/guards.server";
import { endOtherSessions, endSessionOf, listUserSessions } from "~/server/auth/session.server";
import { validateInput } from "~/server/forms.server";
import { acts, loads } from "~/server/answers.server";
import { AppError } from "~/server/errors.server";
import { withZod } from "@remix-validated-form/with-zod";

export const meta: MetaFunction = ({ matches }) => privatePage(rootData(matches), "Signed-in devices");

/** A session is named by its row id: the SHA-256 of its cookie, which cannot be used as one. */
const SESSION_REF = z.string().regex(/^[0-9a-f]{64}$/);
const postSchema = z.discriminatedUnion("intent", [z.object({ intent: z.literal("end"), session: SESSION_REF }), z.object({ intent: z.literal("others") })]);

const DONE = {
  ended: "That device was signed out.",
  others: "Every other device was signed out.",
} as const;

export const loader = loads("This page could not be loaded. Please try again later.", async ({ request, context }: LoaderFunctionArgs) => {
  const current = await requireSession(context, request);
  const rows = await listUserSessions(context.db, current.user.id);
  return {
    sessions: rows.map((s) => ({
      ref: s.id,
      current: s.id === current.id,
      device: s.kind === "api" ? `API token${s.label ? `: ${s.label}` : ""}` : describeDevice(s.userAgent),
      address: s.ipAddress === "local" || !s.ipAddress ? "unknown" : s.ipAddress,
      signedIn: formatDateTime(s.createdAt),
      lastSeen: formatDateTime(s.lastSeenAt),
    })),
    csrf: context.csrf.token(),
  };
});

const postValidator = withZod(postSchema);

export const action = acts("The device could not be signed out. Please try again.", async ({ request, context }: ActionFunctionArgs) => {
  const current = await requireSession(context, request);
  const post = (await validateInput(request, postValidator, { message: "Choose a device to sign out." })).data;
  if (post.intent === "others") {
    await endOtherSessions(context.db, current.user.id, current.id).run();
    return redirect("/profile/sessions?done=others");
  }
  // Signing out this device is the logout button's work (it also clears the browser's data).
  if (post.session === current.id) throw new AppError("invalid", "To sign out this device, use Log out in the menu.");
  // Another account's session, or one already gone: the same answer, so nothing is learnt.
  if (!(await endSessionOf(context.db, current.user.id, post.session))) throw new AppError("not-found", "That device is no longer signed in.");
  return redirect("/profile/sessions?done=ended");
});

/** Where the account is signed in (ASVS 7.5.2): each browser and API token, with a way to end it. */
export default function SessionsRoute() {
  const { sessions } = useLoaderData<typeof loader>();
  const refusal = useRefusal();
  const [params] = useSearchParams();
  const done = params.get("done");
  const busy = useNavigation().state !== "idle";
  const others = sessions.filter((s) => !s.current).length;
  return (
    <>
      <PageHead eyebrow="Your account" title="Signed-in devices">
        Where your account is signed in now. Sign out any device you do not recognise, then change your password.
      </PageHead>
      <div className="container">
        <BackLink to="/profile?tab=password">Back to Profile</BackLink>
        {refusal ? <FormMessage tone="error" answered>{refusal.message}</FormMessage> : null}
        {!refusal && (done === "ended" || done === "others") ? <FormMessage tone="success">{DONE[done]}</FormMessage> : null}
        <DataTable label="Signed-in devices" columns={["Device", "Address", "Signed in", "Last active", <span key="a" className="visually-hidden">Actions</span>]}>
          {sessions.map((s) => (
            <tr key={s.ref}>
              <td>
                {s.device} {s.current ? <Badge tone="success">This device</Badge> : null}
              </td>
              <td>{s.address}</td>
              <td>{s.signedIn}</td>
              <td>{s.current ? "Now" : s.lastSeen}</td>
              <td>
                {s.current ? null : (
                  <Form method="post" aria-label={`Sign out ${s.device}`}>
                    <CsrfField />
                    <input type="hidden" name="intent" value="end" />
                    <input type="hidden" name="session" value={s.ref} />
                    <Button type="submit" variant="outline" size="small" aria-disabled={busy || undefined} aria-label={`Sign out ${s.device}, last active ${s.lastSeen}`}>
                      Sign out
                    </Button>
                  </Form>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
        <p className="field-hint">Last active is updated about once an hour.</p>
        {others > 0 ? (
          <Form method="post" className="form-actions">
            <CsrfField />
            <input type="hidden" name="intent" value="others" />
            <Button type="submit" variant="outline" aria-disabled={busy || undefined}>
              Sign out every other device
            </Button>
          </Form>
        ) : (
          <p>No other device is signed in.</p>
        )}
      </div>
    </>
  );
}
