import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { useState } from "react";
import { z } from "zod";
import { CsrfField } from "~/components/csrf-field";
import { FormMessage, RefusalMessage } from "~/components/form/messages";
import { Badge } from "~/components/ui/badge";
import { RouteDialog } from "~/components/ui/route-dialog";
import { DataTable } from "~/components/ui/table-wrap";
import { BULK_STATUSES, type BulkPlan, type BulkResults } from "~/features/papers/bulk-update";
import { applyPlan, keepPlan, NO_FILE, planBulkUpdate } from "~/features/papers/bulk-update.server";
import { asAdmin } from "~/features/papers/papers.server";
import { readSheetRows } from "~/features/papers/spreadsheet-reader.server";
import { parseId } from "~/lib/params";
import { paperStatusBadge } from "~/lib/status";
import { acts, loads } from "~/server/answers.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { invalid, notFound } from "~/server/errors.server";
import { postedFiles, readInput, validateInput } from "~/server/forms.server";

const BulkUpdateSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("check") }),
  z.object({ intent: z.literal("apply"), plan: z.string().max(64) }),
]);
const validator = withZod(BulkUpdateSchema);

const CONFERENCE_FIRST = "Please select a conference first";

function conferenceOf(request: Request) {
  const id = parseId(new URL(request.url).searchParams.get("conference") ?? undefined);
  if (id === null) throw notFound(CONFERENCE_FIRST);
  return id;
}

export const loader = loads("Failed to load papers for this conference", async ({ request, context }: LoaderFunctionArgs) => {
  await requireAdmin(context, request);
  return { conferenceId: conferenceOf(request), csrf: context.csrf.token() };
});

type Answer = { done: "checked"; plan: BulkPlan } | { done: "applied"; results: BulkResults };

/** A dry run of the uploaded spreadsheet, kept for applying; or the kept dry run applied. */
export const action = acts("Failed to process Excel file. Please try again.", async ({ request, context }: ActionFunctionArgs): Promise<Answer> => {
  const admin = await requireAdmin(context, request);
  const conferenceId = conferenceOf(request);
  const posted = await readInput(request);
  const { data, form } = await validateInput(posted, validator);
  if (data.intent === "apply") return { done: "applied", results: await applyPlan(context, asAdmin(admin), conferenceId, data.plan) };
  const [file] = postedFiles(form, "file");
  if (!file) throw invalid(NO_FILE);
  const rows = await readSheetRows(file);
  const plan = await planBulkUpdate(context, conferenceId, rows, file.name);
  return { done: "checked", plan: await keepPlan(context, admin.id, conferenceId, plan) };
});

const OUTCOME_TEXT = { change: "Will change", unchanged: "Unchanged", skipped: "Skipped", failed: "Failed" } as const;

function StatusBadge({ status }: { status: string }) {
  const badge = paperStatusBadge(status);
  return <Badge tone={badge.tone}>{status}</Badge>;
}

function DryRun({ plan }: { plan: BulkPlan }) {
  const { counts } = plan;
  return (
    <section aria-labelledby="bulk-dry-run">
      <h3 id="bulk-dry-run">What the file would do</h3>
      <p>File selected: {plan.fileName}</p>
      <p>
        {counts.change} to change, {counts.unchanged} unchanged, {counts.skipped} skipped, {counts.failed} failed, of {plan.rows.length} rows. Nothing has been changed yet; each change mails the paper's authors.
      </p>
      {plan.rows.length > 0 ? (
        <DataTable label="Rows of the file" columns={["Row", "Paper ID", "Status", "Outcome"]}>
          {plan.rows.map((r) => (
            <tr key={r.row}>
              <td>{r.row}</td>
              <td>{r.paperId || "—"}</td>
              <td>{r.status || "—"}</td>
              <td>{`${OUTCOME_TEXT[r.outcome]}${r.outcome === "change" ? ` from ${r.from} to ${r.status}` : r.reason ? `: ${r.reason}` : ""}`}</td>
            </tr>
          ))}
        </DataTable>
      ) : null}
    </section>
  );
}

function Results({ results, closeTo }: { results: BulkResults; closeTo: string }) {
  const shown = results.successful.slice(0, 10);
  return (
    <section aria-labelledby="bulk-results">
      <h3 id="bulk-results">Bulk Update Results</h3>
      <dl className="stat-row">
        <div>
          <dt>Successful</dt>
          <dd>{results.successful.length}</dd>
        </div>
        <div>
          <dt>Failed</dt>
          <dd>{results.failed.length}</dd>
        </div>
        <div>
          <dt>Skipped</dt>
          <dd>{results.skipped}</dd>
        </div>
        <div>
          <dt>Total Rows</dt>
          <dd>{results.total}</dd>
        </div>
      </dl>
      {results.failed.length > 0 ? (
        <DataTable label="Failed updates" columns={["Paper ID", "Reason"]}>
          {results.failed.map((f, i) => (
            <tr key={`${f.paperId}-${i}`}>
              <td>{f.paperId || "—"}</td>
              <td>{f.reason}</td>
            </tr>
          ))}
        </DataTable>
      ) : null}
      {shown.length > 0 ? (
        <>
          <DataTable label="Successful updates" columns={["Paper ID", "Title", "New Status"]}>
            {shown.map((s) => (
              <tr key={s.paperId}>
                <td>{s.paperId}</td>
                <td>{s.title}</td>
                <td>
                  <StatusBadge status={s.status} />
                </td>
              </tr>
            ))}
          </DataTable>
          {results.successful.length > 10 ? <p>Showing first 10 of {results.successful.length} successful updates</p> : null}
        </>
      ) : null}
      <p>
        <Link className="btn btn-primary" to={closeTo}>
          Back to the papers
        </Link>
      </p>
    </section>
  );
}

export default function BulkUpdateDialog() {
  const { conferenceId } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as Answer | undefined;
  const navigation = useNavigation();
  const [chosen, setChosen] = useState<string | null>(null);
  const busy = navigation.state !== "idle";
  const closeTo = `/admin/papers?conference=${conferenceId}`;
  const action = `/admin/papers/bulk-update?conference=${conferenceId}`;
  const plan = answer?.done === "checked" ? answer.plan : null;

  if (answer?.done === "applied") {
    return (
      <RouteDialog title="Bulk Update Results" closeTo={closeTo} wide>
        <Results results={answer.results} closeTo={closeTo} />
      </RouteDialog>
    );
  }
  return (
    <RouteDialog title="Bulk Update Paper Status" closeTo={closeTo} wide>
      <Form method="post" encType="multipart/form-data" action={action} replace>
        <CsrfField />
        <p id="bulk-file-hint">An .xlsx, .xls or .csv file with the columns id and Status (the export's Paper ID column works as id). Valid status values:</p>
        <p className="badge-row">
          {BULK_STATUSES.map((s) => (
            <StatusBadge key={s} status={s} />
          ))}
        </p>
        <div className="field">
          <label htmlFor="bulk-file">Spreadsheet file</label>
          <input id="bulk-file" name="file" type="file" accept=".xlsx,.xls,.csv" aria-describedby="bulk-file-hint" onChange={(e) => setChosen(e.currentTarget.files?.[0]?.name ?? null)} />
        </div>
        <p role="status">{chosen ? `File selected: ${chosen}` : null}</p>
        <RefusalMessage />
        <p className="form-actions">
          <Link className="btn btn-outline" to={closeTo}>
            Cancel
          </Link>
          <button className="btn btn-outline" type="submit" name="intent" value="check" disabled={busy}>
            {busy && navigation.formData?.get("intent") === "check" ? "Checking…" : "Check File"}
          </button>
        </p>
      </Form>
      {plan ? (
        <>
          <DryRun plan={plan} />
          {plan.counts.change > 0 ? (
            <Form method="post" action={action} replace>
              <CsrfField />
              <input type="hidden" name="plan" value={plan.id} />
              <button className="btn btn-primary" type="submit" name="intent" value="apply" disabled={busy}>
                Upload &amp; Update
              </button>
            </Form>
          ) : (
            <FormMessage tone="info">No paper would change: there is nothing to update.</FormMessage>
          )}
        </>
      ) : null}
    </RouteDialog>
  );
}
