import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, Outlet, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { RowActions } from "~/components/admin/row-actions";
import { CsrfField } from "~/components/csrf-field";
import { FormMessage, InvalidFormMessage, TextField } from "~/components/form/fields";
import { withZod } from "@remix-validated-form/with-zod";
import { ValidatedForm } from "remix-validated-form";
import { Button, ButtonLink } from "~/components/ui/button";
import { DataTable } from "~/components/ui/table-wrap";
import { BOARD_SECTION_KEYS } from "~/features/board/board";
import { pastPresidentSchema } from "~/features/board/board-forms";
import { addPastPresident, listBoardYears } from "~/features/board/board-admin.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { validateForm } from "~/server/forms.server";

const DONE: Record<string, string> = {
  saved: "Board year saved.",
  deleted: "Board year deleted.",
  added: "Past president added.",
  removed: "Past president deleted.",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const view = new URL(request.url).searchParams.get("view") === "presidents" ? "presidents" : "years";
  try {
    return { view, ...(await listBoardYears(context)), error: null as string | null };
  } catch (error) {
    console.error("admin board: loading failed", error);
    return { view, years: [], presidents: [], error: "Failed to load board data" };
  }
}

type ActionData = { error: string; values: { years: string; name: string; note: string } };

const presidentValidator = withZod(pastPresidentSchema);

/** Adding a past president (the list's own form); years and names are edited nowhere else. */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const checked = await validateForm(request, presidentValidator, { repopulate: true });
  if (!checked.ok) return checked.response;
  const { intent: _, ...values } = checked.data;
  try {
    await addPastPresident(context, admin.id, values);
  } catch (error) {
    console.error("admin board: adding a past president failed", error);
    return Response.json({ error: "Failed to add", values } satisfies ActionData, { status: 503 });
  }
  return redirect("/admin/board?view=presidents&done=added");
}

export default function AdminBoardTab() {
  const { view, years, presidents, error } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ActionData | { fieldErrors: unknown } | undefined;
  const data = answer && "error" in answer ? answer : undefined;
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
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      {done && !answer ? <FormMessage tone="success">{done}</FormMessage> : null}
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
            defaultValues={data?.values}
            noValidate
          >
            <h3 id="add-president-title">Add a past president</h3>
            {data?.error ? <FormMessage tone="error">{data.error}</FormMessage> : null}
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
