import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { CsrfField } from "~/components/csrf-field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { RouteDialog } from "~/components/ui/route-dialog";
import { renderLetter } from "~/features/papers/decisions.server";
import { changeField } from "~/features/papers/papers-forms";
import { stagedWithLetters } from "~/features/papers/staging.server";
import { listPath } from "~/lib/list-href";
import { paperStatusBadge } from "~/lib/status";
import { loads } from "~/server/answers.server";
import { requireAdmin } from "~/server/auth/guards.server";

/**
 * The confirmation before Save Changes: every staged decision with its old and new status, who
 * will be written to, and the letter itself. Confirming posts exactly these decisions.
 */
export const loader = loads("Failed to save status changes. Please try again.", async ({ request, context }: LoaderFunctionArgs) => {
  await requireAdmin(context, request);
  const conferenceId = Number.parseInt(new URL(request.url).searchParams.get("conference") ?? "", 10);
  if (!Number.isSafeInteger(conferenceId) || conferenceId < 1) throw new Response("Please select a conference first", { status: 400 });
  const staged = await stagedWithLetters(context, conferenceId);
  return {
    conferenceId,
    decisions: staged.map((d) => {
      const sample = d.letters[0];
      const preview = sample ? renderLetter(context.env, sample) : null;
      return {
        paperId: d.paperId,
        number: d.number,
        title: d.title,
        from: d.from,
        to: d.to,
        stale: d.stale,
        change: changeField(d),
        recipients: d.letters.map((l) => ({ name: l.payload.name, email: l.to })),
        preview: preview ? { subject: preview.subject, text: preview.text } : null,
      };
    }),
    csrf: context.csrf.token(),
  };
});

export default function ConfirmSave() {
  const { conferenceId, decisions } = useLoaderData<typeof loader>();
  const { search } = useLocation();
  const busy = useNavigation().state !== "idle";
  const closeTo = listPath("/admin/papers", search);
  const letters = decisions.reduce((n, d) => n + (d.stale ? 0 : d.recipients.length), 0);
  const title = "Save status changes and e-mail the authors";
  if (decisions.length === 0) {
    return (
      <RouteDialog title={title} closeTo={closeTo}>
        <p>There are no unsaved status changes for this conference.</p>
      </RouteDialog>
    );
  }
  return (
    <RouteDialog
      title={title}
      description={`${decisions.length} paper(s) change status; ${letters} letter(s) will be e-mailed, one to each author, each once.`}
      closeTo={closeTo}
      wide
    >
      <ol className="decision-list">
        {decisions.map((d) => (
          <li key={d.paperId} className="decision">
            <p>
              <strong>{d.number}</strong> {d.title}
            </p>
            <p>
              <Badge tone={paperStatusBadge(d.from).tone}>{paperStatusBadge(d.from).label}</Badge> →{" "}
              <Badge tone={paperStatusBadge(d.to).tone}>{paperStatusBadge(d.to).label}</Badge>
            </p>
            {d.stale ? (
              <p className="form-error">This paper's status changed since the change was staged: it will not be overwritten, and the change is dropped.</p>
            ) : (
              <>
                <p>
                  To:{" "}
                  {d.recipients.length ? d.recipients.map((r) => `${r.name} <${r.email}>`).join(", ") : "nobody (the paper lists no authors)"}
                </p>
                {d.preview ? (
                  <details>
                    <summary>Preview the letter: {d.preview.subject}</summary>
                    <pre className="letter-preview" tabIndex={0} role="region" aria-label={`The letter about ${d.number}`}>
                      {d.preview.text}
                    </pre>
                  </details>
                ) : null}
              </>
            )}
          </li>
        ))}
      </ol>
      <Form method="post" action={`/admin/papers?conference=${conferenceId}`} className="form-actions">
        <CsrfField />
        <input type="hidden" name="intent" value="save" />
        {decisions.map((d) => (
          <input key={d.paperId} type="hidden" name="change" value={d.change} />
        ))}
        <Button type="submit" aria-disabled={busy || undefined}>
          {`Email letter(s) the author(s) of ${decisions.length} paper and Save Changes`}
        </Button>
      </Form>
    </RouteDialog>
  );
}
