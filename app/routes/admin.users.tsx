import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, Outlet, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { Pager } from "~/components/admin/pager";
import { ListFilters } from "~/components/admin/list-filters";
import { RowActions } from "~/components/admin/row-actions";
import { CsrfField } from "~/components/csrf-field";
import { Options } from "~/components/form/fields";
import { FormMessage, useRefusal } from "~/components/form/messages";
import { Badge } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { DataTable } from "~/components/ui/table-wrap";
import { formatDate } from "~/lib/dates";
import { listHref, listPath } from "~/lib/list-href";
import type { BadgeTone } from "~/lib/status";
import { ADMIN_WITHOUT_SECOND_FACTOR, INLINE_ROLES, ROLE_FILTERS, roleChangeSchema, USER_MESSAGES, USERS_PAGE_SIZE } from "~/features/users/users";
import { withZod } from "@remix-validated-form/with-zod";
import { ValidatedForm } from "remix-validated-form";
import { changeRole, listUsers, parseUserQuery, type RoleOutcome } from "~/features/users/user-admin.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { acts, loads } from "~/server/answers.server";
import { ConsoleError } from "~/components/admin/console-error";
import { validateInput } from "~/server/forms.server";

const ROLE_TONE: Record<string, BadgeTone> = { admin: "danger", reviewer: "warning", user: "primary" };
const MESSAGES = USER_MESSAGES;

export const loader = loads(MESSAGES.loadFailed, async ({ request, context }: LoaderFunctionArgs) => {
  const admin = await requireAdmin(context, request);
  const url = new URL(request.url);
  const query = parseUserQuery(url);
  const editingRole = Number.parseInt(url.searchParams.get("edit-role") ?? "", 10) || null;
  const { rows, total, previous, next } = await listUsers(context, query);
  return {
    query: { q: query.q, role: query.role, start: query.start },
    total,
    previous,
    next,
    editingRole,
    me: admin.id,
    secondFactor: context.env.ADMIN_TWO_FACTOR,
    users: rows.map((u) => ({
      id: u.id,
      name: [u.salutation, u.firstName, u.lastName].filter(Boolean).join(" ") || u.username,
      email: u.email,
      username: u.username,
      confirmed: u.emailConfirmedAt !== null,
      phone: u.workPhone ? `${u.workPhoneCountry} ${u.workPhone}` : null,
      institution: u.institution,
      department: u.primaryAffiliation?.department ?? null,
      role: u.role,
      status: u.status,
      registered: formatDate(u.createdAt),
      lastLogin: u.lastLoginAt ? formatDate(u.lastLoginAt) : null,
    })),
  };
});

/** A tab that cannot load says so inside the console. */
export const ErrorBoundary = ConsoleError;

const roleValidator = withZod(roleChangeSchema);

export const action = acts(MESSAGES.roleFailed, async ({ request, context }: ActionFunctionArgs) => {
  const admin = await requireAdmin(context, request);
  const { userId, role } = (await validateInput(request, roleValidator, { message: MESSAGES.roleFailed })).data;
  const outcome: RoleOutcome = await changeRole(context, admin.id, userId, role);
  const back = new URL(request.url);
  back.searchParams.delete("edit-role");
  back.searchParams.set("done", outcome.adminWithoutSecondFactor ? "role-needs-2fa" : "role");
  return redirect(`${back.pathname}${back.search}`);
});

/** User Management: search, filter by role, page through, change a role in place. */
export default function AdminUsersTab() {
  const { users, total, query, previous, next, editingRole, me, secondFactor } = useLoaderData<typeof loader>();
  const refusal = useRefusal();
  const { search } = useLocation();
  const busy = useNavigation().state !== "idle";
  const done = new URLSearchParams(search).get("done");
  const first = query.start;
  const last = first + users.length - 1;
  const filtered = Boolean(query.q || query.role);

  return (
    <section aria-labelledby="users-title">
      <div className="card-title">
        <h2 id="users-title">
          User Management <Badge tone="secondary">{total}</Badge>
        </h2>
        <ButtonLink to={listHref(search, { "edit-role": null })} variant="outline" size="small">
          Refresh
        </ButtonLink>
      </div>
      {refusal ? <FormMessage tone="error" answered>{refusal.message}</FormMessage> : null}
      {(done === "role" || done === "role-needs-2fa") && !refusal ? <FormMessage tone="success">{MESSAGES.roleSaved}</FormMessage> : null}
      {done === "saved" || done === "saved-needs-2fa" ? <FormMessage tone="success">{MESSAGES.saved}</FormMessage> : null}
      {done?.endsWith("-needs-2fa") && !refusal ? <FormMessage tone="warning">{ADMIN_WITHOUT_SECOND_FACTOR.appointed[secondFactor]}</FormMessage> : null}
      {done === "deleted" ? <FormMessage tone="success">{MESSAGES.deleted}</FormMessage> : null}
      {/* An opened user (edit, delete): a dialog over the list, or a section above it without JavaScript. */}
      <Outlet />

      <ListFilters
        label="Search users"
        id="user"
        q={query.q}
        placeholder="Name, e-mail or username"
        filter={{ name: "role", label: "Role", value: query.role, choices: ROLE_FILTERS.map((r) => [r.value, r.label] as const) }}
      />

      {users.length === 0 ? (
        <p className="empty-note">{filtered ? "No users match your search criteria." : "No users found."}</p>
      ) : users.length > 0 ? (
        <>
          <p className="table-note" aria-live="polite">
            {`Showing ${first}–${last} of ${total}`}
          </p>
          <DataTable label="User list" columns={["User Info", "Contact", "Institution", "Role", "Registration Date", "Actions"]}>
            {users.map((u) => (
              <tr key={u.id}>
                <td>
                  <strong>{u.name}</strong>
                  <br />
                  <small>{u.username}</small>
                  {u.status !== "active" ? (
                    <>
                      {" "}
                      <Badge tone={u.status === "suspended" ? "danger" : "secondary"}>{u.status === "suspended" ? "Suspended" : "Inactive"}</Badge>
                    </>
                  ) : null}
                </td>
                <td>
                  {u.email}{" "}
                  {u.confirmed ? (
                    <span className="tick" title="E-mail confirmed">
                      ✓<span className="visually-hidden"> e-mail confirmed</span>
                    </span>
                  ) : null}
                  {u.phone ? (
                    <>
                      <br />
                      <small>{u.phone}</small>
                    </>
                  ) : null}
                </td>
                <td>
                  {u.institution ?? "—"}
                  {u.department ? (
                    <>
                      <br />
                      <small>{u.department}</small>
                    </>
                  ) : null}
                </td>
                <td>
                  {editingRole === u.id ? (
                    <ValidatedForm
                      validator={roleValidator}
                      id={`role-form-${u.id}`}
                      method="post"
                      className="inline-editor"
                      aria-label={`Role of ${u.name}`}
                    >
                      <CsrfField />
                      <input type="hidden" name="intent" value="role" />
                      <input type="hidden" name="userId" value={u.id} />
                      <label className="visually-hidden" htmlFor={`role-${u.id}`}>
                        Role of {u.name}
                      </label>
                      <select id={`role-${u.id}`} name="role" defaultValue={u.role}>
                        <Options options={INLINE_ROLES} />
                      </select>
                      <Button type="submit" size="small" aria-disabled={busy || undefined}>
                        Save
                      </Button>
                      <Link to={listHref(search, { "edit-role": null })} preventScrollReset>
                        Cancel
                      </Link>
                    </ValidatedForm>
                  ) : u.id === me ? (
                    // Your own role is not yours to change here: no lock-outs.
                    <Badge tone={ROLE_TONE[u.role] ?? "secondary"}>{u.role}</Badge>
                  ) : (
                    <Link
                      to={listHref(search, { "edit-role": String(u.id) })}
                      preventScrollReset
                      className="badge-link"
                      aria-label={`Role: ${u.role}. Change the role of ${u.name}`}
                    >
                      <Badge tone={ROLE_TONE[u.role] ?? "secondary"}>{u.role}</Badge>
                    </Link>
                  )}
                </td>
                <td>
                  {u.registered}
                  <br />
                  <small>{u.lastLogin ? `Last login ${u.lastLogin}` : "Never signed in"}</small>
                </td>
                <td>
                  <RowActions
                    editTo={listPath(`/admin/users/${u.id}`, search, undefined, { "edit-role": null })}
                    deleteTo={u.id !== me ? listPath(`/admin/users/${u.id}/delete`, search, undefined, { "edit-role": null }) : null}
                    name={u.name}
                  />
                </td>
              </tr>
            ))}
          </DataTable>
          <Pager label="User pages" previous={previous} next={next} first={first} pageSize={USERS_PAGE_SIZE} total={total} />
        </>
      ) : null}
    </section>
  );
}
