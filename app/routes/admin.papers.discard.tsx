import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { CsrfField } from "~/components/csrf-field";
import { Button } from "~/components/ui/button";
import { RouteDialog } from "~/components/ui/route-dialog";
import { stagedCount } from "~/features/papers/staging.server";
import { listPath } from "~/lib/list-href";
import { loads } from "~/server/answers.server";
import { requireAdmin } from "~/server/auth/guards.server";

/** Discard Changes asks first; confirming posts to the list. */
export const loader = loads("This page could not be loaded. Please try again later.", async ({ request, context }: LoaderFunctionArgs) => {
  await requireAdmin(context, request);
  const conferenceId = Number.parseInt(new URL(request.url).searchParams.get("conference") ?? "", 10);
  if (!Number.isSafeInteger(conferenceId) || conferenceId < 1) throw new Response("Please select a conference first", { status: 400 });
  return { conferenceId, pending: await stagedCount(context, conferenceId), csrf: context.csrf.token() };
});

export default function ConfirmDiscard() {
  const { conferenceId, pending } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const busy = useNavigation().state !== "idle";
  return (
    <RouteDialog title="Discard Changes" closeTo={listPath("/admin/papers", search)}>
      <p>Are you sure you want to discard all pending changes?</p>
      <p>{`${pending} unsaved status change(s) will be dropped. No e-mail is sent.`}</p>
      <Form method="post" action={`/admin/papers?conference=${conferenceId}`} className="form-actions">
        <CsrfField />
        <input type="hidden" name="intent" value="discard" />
        <Button type="submit" aria-disabled={busy || undefined}>
          Discard Changes
        </Button>
      </Form>
    </RouteDialog>
  );
}
