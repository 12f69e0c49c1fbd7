import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, Outlet, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { RowActions } from "~/components/admin/row-actions";
import { CsrfField } from "~/components/csrf-field";
import { InvalidFormMessage, TextField } from "~/components/form/fields";
import { FormMessage, useRefusal } from "~/components/form/messages";
import { ConsoleError } from "~/components/admin/console-error";
import { withZod } from "@remix-validated-form/with-zod";
import { ValidatedForm } from "remix-validated-form";
import { Button, ButtonLink } from "~/components/ui/button";
import { DataTable } from "~/components/ui/table-wrap";
import { BOARD_SECTION_KEYS } from "~/features/board/board";
import { BOARD_MESSAGES, pastPresidentSchema } from "~/features/board/board-forms";
import { addPastPresident, listBoardYears } from "~/features/board/board-admin.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { acts, loads } from "~/server/answers.server";
import { validateInput } from "~/server/forms.server";

const DONE: Record<string, string> = {
  saved: BOARD_MESSAGES.saved,
  deleted: BOARD_MESSAGES.deleted,
  added: BOARD_MESSAGES.added,
  removed: BOARD_MESSAGES.removed,
};

export const loader = loads("Failed to load board data", async ({ request, context }: LoaderFunctionArgs) => {
  await requireAdmin(context, request);
  const view = new URL(request.url).searchParams.get("view") === "presidents" ? "presidents" : "years";
  return { view, ...(await listBoardYears(context)) };
});

/** A tab that cannot load says so inside the console. */
export const ErrorBoundary = ConsoleError;


const presidentValidator = withZod(pastPresidentSchema);

/** Adding a past president (the list's own form); years and names are edited nowhere else. */
export const action = acts(BOARD_MESSAGES.addFailed, async ({ request, context }: ActionFunctionArgs) => {
  const admin = await requireAdmin(context, request);
  const { data } = await validateInput(request, presidentValidator, { repopulate: true, message: BOARD_MESSAGES.presidentInvalid });
  const { intent: _, ...values } = data;
  await addPastPresident(context, admin.id, values);
  return redirect("/admin/board?view=presidents&done=added");
});

export default function AdminBoardTab() {
  const { view, years, presidents } = useLoaderData<typeof loader>();
  const refusal = useRefusal();
  const { search } = useLocation();
  const done = DONE[new URLSearchParams(search).get("done") ?? ""];
  const busy = useNavigation().state !== "idle";
  return (
    <section aria-labelledby="board-title">
      <h2 id="board-title">Board Management</h2>
      <nav className="subtabs" aria-label="Board sections">
        <Link to="/admin/board" aria-current={view === "years" ? "page" : undefined}>
          Board Years
        </Link>
        <Link to="/admin/board?view=presidents" aria-current={view === "presidents" ? "page" : undefined}>
          Past Presidents
        </Link>
      </nav>
      {done && !refusal ? <FormMessage tone="success">{done}</FormMessage> : null}
      <Outlet />

      {view === "years" ? (
        <>
          <p>
            <ButtonLink to="/admin/board/new" size="small">
              New Year
            </ButtonLink>
          </p>
          {years.length === 0 ? (
            <p className="empty-note">No board years yet</p>
          ) : (
            <DataTable
              label="Board years"
              columns={["Period", "Navigation Menu Text", "Directors", "Trustees", "Exec Committee", "Nominating", "Admin", <span className="visually-hidden">Actions</span>]}
            >
              {years.map((y) => (
                <tr key={y.period}>
                  <td>{y.period}</td>
                  <td>{y.title}</td>
                  {BOARD_SECTION_KEYS.map((s) => (
                    <td key={s}>{y.counts[s]}</td>
                  ))}
                  <td>
                    <RowActions editTo={`/admin/board/${y.period}`} deleteTo={`/admin/board/${y.period}/delete`} name={y.period} />
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
        </>
      ) : (
        <>
          {presidents.length === 0 ? (
            <p className="empty-note">No entries</p>
          ) : (
            <DataTable label="Past presidents" columns={["Years", "Name", "Note", <span className="visually-hidden">Delete</span>]}>
              {presidents.map((p) => (
                <tr key={p.id}>
                  <td>{p.years}</td>
                  <td>{p.name}</td>
                  <td>{p.note}</td>
                  <td>
                    <Link to={`/admin/board/presidents/${p.id}/delete`} aria-label={`Delete ${p.name}, ${p.years}`}>
                      Del
                    </Link>
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
          <ValidatedForm
            validator={presidentValidator}
            id="add-president"
            method="post"
            action="/admin/board?view=presidents"
            className="card stack-form"
            aria-labelledby="add-president-title"
            defaultValues={refusal?.repopulateFields}
            noValidate
          >
            <h3 id="add-president-title">Add a past president</h3>
            {refusal && !refusal.fieldErrors ? <FormMessage tone="error" answered>{refusal.message}</FormMessage> : null}
            <InvalidFormMessage>Years and Name required</InvalidFormMessage>
            <CsrfField />
            <input type="hidden" name="intent" value="add-president" />
            <div className="field-row">
              <TextField name="years" label="Years" className="field-narrow" placeholder="2019-2020" maxLength={40} required />
              <TextField name="name" label="Name" maxLength={200} required />
            </div>
            <TextField name="note" label="Note" maxLength={300} hint={'Optional, e.g. "deceased" shows the dagger on the public page.'} />
            <div className="form-actions">
              <Button type="submit" aria-disabled={busy || undefined}>
                Add
              </Button>
              <Button type="reset" variant="outline">
                Clear
              </Button>
            </div>
          </ValidatedForm>
        </>
      )}
    </section>
  );
}
