import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, Outlet, useFetchers, useLoaderData, useLocation, useNavigate, useNavigation, useSubmit } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { ConferencePicker } from "~/components/admin/conference-picker";
import { ConsoleError } from "~/components/admin/console-error";
import { Pager } from "~/components/admin/pager";
import { CsrfField, useCsrfToken } from "~/components/csrf-field";
import { FormMessage, useRefusal } from "~/components/form/messages";
import { useHydrated } from "~/components/hooks/use-hydrated";
import { Badge } from "~/components/ui/badge";
import { followRowLinks } from "~/components/ui/row-link";
import { Button, ButtonLink } from "~/components/ui/button";
import { DataTable } from "~/components/ui/table-wrap";
import { PAPER_STATUSES } from "~/db/enums";
import { PapersFileLinks } from "~/features/papers/paper-file-links";
import { PAPERS_PAGE_SIZE, paperIntentSchema, saveSchema, shownRowField, stageSchema } from "~/features/papers/papers-forms";
import { asAdmin, listPapers, paperListReads, parsePaperQuery } from "~/features/papers/papers.server";
import { conferenceChoiceLabel, conferenceChoices, decisionsOpen, discardStaged, saveConfirmed, stageChoices, stagedCountOf } from "~/features/papers/staging.server";
import { listPath } from "~/lib/list-href";
import { paperDisplayNumber, paperStatusBadge } from "~/lib/status";
import { acts, loads } from "~/server/answers.server";
import { requireAdmin, requireAdminWith } from "~/server/auth/guards.server";
import { readInput, validateInput } from "~/server/forms.server";

const MESSAGES = {
  loadFailed: "Failed to load papers for this conference",
  saveFailed: "Failed to save status changes. Please try again.",
  failedSome: (n: number) => `Failed to update ${n} paper(s). Please try again.`,
  saved: (n: number) => `Status changes saved for ${n} paper(s). Their authors are being e-mailed.`,
  already: (n: number) => `${n} paper(s) already had the new status (saved meanwhile): no letter was sent again.`,
  staged: "Status change staged. Nothing is sent until you save.",
  stale: (n: number) => `${n} paper(s) changed meanwhile and were not staged: the list shows their status now.`,
  discarded: "Pending status changes discarded.",
  deleted: "Paper deleted successfully!",
  updated: "Paper updated successfully!",
};

/** The status select's options, the same elements in every row. */
const STATUS_OPTIONS = PAPER_STATUSES.map((s) => (
  <option key={s} value={s}>
    {paperStatusBadge(s).label}
  </option>
));

/** The address of the tab for one conference, keeping nothing else. */
const tabFor = (conferenceId: number, extra: Record<string, string> = {}) =>
  `/admin/papers?${new URLSearchParams({
    conference: String(conferenceId),
    ...extra,
  })}`;

export const loader = loads(MESSAGES.loadFailed, async ({ request, context }: LoaderFunctionArgs) => {
  const url = new URL(request.url);
  const asked = Number.parseInt(url.searchParams.get("conference") ?? "", 10) || 0;
  // The list rides in the session's round trip (decision 066), its reads held in SQL to an
  // administrator's session: for anyone else they read nothing, and the role check below refuses.
  // The selector's conferences and the banner's count ride with it; a conference not asked for,
  // or not found, is the latest one, read in a second batch.
  const alongside = (conferenceId: number) => [conferenceChoices({}), stagedCountOf({ conferenceId })] as const;
  const reads = paperListReads(parsePaperQuery(url, asked), alongside(asked));
  const { user: admin, rows } = await requireAdminWith(context, request, (sessionId) => reads.calls({ as: "session", sessionId }));
  let page = reads.page(rows);
  const [conferences] = page.alongside;
  const conference = conferences.find((c) => c.id === asked) ?? conferences[0] ?? null;
  if (!conference)
    return {
      conferences: [],
      conference: null,
      page: null,
      pending: 0,
      csrf: context.csrf.token(),
    };
  if (conference.id !== asked) page = await listPapers(context, asAdmin(admin), parsePaperQuery(url, conference.id), alongside(conference.id));
  const query = parsePaperQuery(url, conference.id);
  const pending = Number(page.alongside[1][0]?.n ?? 0);
  return {
    conferences: conferences.map((c) => ({
      id: c.id,
      label: conferenceChoiceLabel(c),
    })),
    conference: {
      id: conference.id,
      title: conference.title,
      editable: decisionsOpen(conference.status),
    },
    query: { q: query.q, start: query.start },
    page: {
      total: page.total,
      totalCapped: page.totalCapped,
      conferenceTotal: page.conferenceTotal,
      previous: page.previous,
      next: page.next,
      rows: page.rows.map((p) => ({
        id: p.id,
        number: paperDisplayNumber(conference.startDate, p.paperNumber),
        title: p.title,
        abstractStart: p.abstractStart,
        firstAuthor: p.firstAuthor,
        submitted: new Date(p.submittedAt).toISOString().slice(0, 10),
        registrations: p.registrations,
        status: p.status,
        staged: p.staged,
        files: {
          full: p.fileKinds.includes("manuscript"),
          blind: p.fileKinds.includes("blind_copy"),
        },
      })),
    },
    pending,
    csrf: context.csrf.token(),
  };
});

export const ErrorBoundary = ConsoleError;

const intentValidator = withZod(paperIntentSchema);
const stageValidator = withZod(stageSchema);
const saveValidator = withZod(saveSchema);

/**
 * Stage (the list's selects), save (the confirmed decisions: written and mailed) or discard. The
 * conference comes from the address; each answer goes back to the list as it was.
 */
export const action = acts(MESSAGES.saveFailed, async ({ request, context }: ActionFunctionArgs) => {
  const admin = asAdmin(await requireAdmin(context, request));
  const url = new URL(request.url);
  const conferenceId = Number.parseInt(url.searchParams.get("conference") ?? "", 10);
  if (!Number.isSafeInteger(conferenceId) || conferenceId < 1) throw new Response("Please select a conference first", { status: 400 });
  const posted = await readInput(request);
  const { intent } = (await validateInput(posted, intentValidator)).data;
  const back = (done: Record<string, string>) => {
    const to = new URL(url);
    for (const k of ["done", "changed", "failed", "already", "stale"]) to.searchParams.delete(k);
    for (const [k, v] of Object.entries(done)) to.searchParams.set(k, v);
    return redirect(`${to.pathname}${to.search}`);
  };
  if (intent === "stage") {
    const { choices, js } = (await validateInput(posted, stageValidator)).data;
    const outcome = await stageChoices(
      context,
      admin,
      conferenceId,
      choices.map((c) => ({
        paperId: c.paperId,
        seen: c.seen,
        shown: c.shown,
        chosen: c.status,
      }))
    );
    if (js) return { done: "staged" as const, ...outcome };
    return back({ done: "staged", stale: String(outcome.stale) });
  }
  if (intent === "discard") {
    await discardStaged(context, conferenceId);
    return back({ done: "discarded" });
  }
  const { change } = (
    await validateInput(posted, saveValidator, {
      message: MESSAGES.saveFailed,
    })
  ).data;
  const outcome = await saveConfirmed(context, admin, conferenceId, change);
  return redirect(
    tabFor(conferenceId, {
      done: "saved",
      changed: String(outcome.changed.length),
      already: String(outcome.already.length),
      failed: String(outcome.failed.length),
    })
  );
});

/** The notice a post left in the address (`?done=`), if any. */
function useDoneNotice() {
  const params = new URLSearchParams(useLocation().search);
  const count = (k: string) => Number.parseInt(params.get(k) ?? "0", 10) || 0;
  switch (params.get("done")) {
    case "saved":
      return [
        count("changed") ? { tone: "success" as const, text: MESSAGES.saved(count("changed")) } : null,
        count("already") ? { tone: "info" as const, text: MESSAGES.already(count("already")) } : null,
        count("failed")
          ? {
              tone: "error" as const,
              text: MESSAGES.failedSome(count("failed")),
            }
          : null,
      ].filter((n) => n !== null);
    case "staged":
      return count("stale") ? [{ tone: "warning" as const, text: MESSAGES.stale(count("stale")) }] : [{ tone: "info" as const, text: MESSAGES.staged }];
    case "discarded":
      return [{ tone: "info" as const, text: MESSAGES.discarded }];
    case "deleted":
      return [{ tone: "success" as const, text: MESSAGES.deleted }];
    case "updated":
      return [{ tone: "success" as const, text: MESSAGES.updated }];
    default:
      return [];
  }
}

/** The Papers tab: one conference's papers, their staged decisions, and the office's tools. */
export default function AdminPapersTab() {
  const data = useLoaderData<typeof loader>();
  const refusal = useRefusal();
  const notices = useDoneNotice();
  if (!data.conference || !data.page) {
    return (
      <section aria-labelledby="papers-title">
        <h2 id="papers-title">Papers</h2>
        <p className="empty-note">There are no conferences yet. Papers are submitted to a conference.</p>
      </section>
    );
  }
  const { conference, page, pending, query } = data;
  return (
    <section aria-labelledby="papers-title" className="papers-tab">
      <div className="card-title">
        <h2 id="papers-title">
          Papers <Badge tone="secondary">{page.conferenceTotal}</Badge>
        </h2>
      </div>
      <ConferencePicker id="papers-conference" conferences={data.conferences} current={conference.id} button="Show papers" />
      <p className={conference.editable ? "info-line" : "info-line muted"}>
        {conference.editable ? "Conference is active - paper status can be edited" : "Conference is inactive - paper status is read-only"}
      </p>
      {refusal ? <FormMessage tone="error" answered>{refusal.message}</FormMessage> : null}
      {notices.map((n) => (
        <FormMessage key={n.text} tone={n.tone}>
          {n.text}
        </FormMessage>
      ))}
      {pending > 0 ? (
        <div className="alert alert-warning" role="status">
          <strong>{pending === 1 ? "1 unsaved status change." : `${pending} unsaved status changes.`}</strong> Saving them e-mails a letter to every author of each paper.
        </div>
      ) : null}
      <Toolbar conferenceId={conference.id} pending={pending} hasPapers={page.conferenceTotal > 0} editable={conference.editable} />
      {/* A paper opened over the list (details, edit, delete), the save confirmation, the bulk update. */}
      <Outlet />
      <PaperSearch conferenceId={conference.id} q={query.q} />
      <PaperTable conferenceId={conference.id} editable={conference.editable} page={page} q={query.q} first={query.start} />
    </section>
  );
}

function Toolbar({ conferenceId, pending, hasPapers, editable }: { conferenceId: number; pending: number; hasPapers: boolean; editable: boolean }) {
  const { search } = useLocation();
  const to = (path: string) => listPath(path, search, undefined, { conference: String(conferenceId) });
  return (
    <div className="toolbar" role="group" aria-label="Papers tools">
      {pending > 0 ? (
        <>
          <ButtonLink to={to("/admin/papers/save")} size="small" preventScrollReset>
            {`Email letter(s) the author(s) of ${pending} paper and Save Changes`}
          </ButtonLink>
          <ButtonLink to={to("/admin/papers/discard")} variant="outline" size="small" preventScrollReset>
            Discard Changes
          </ButtonLink>
        </>
      ) : null}
      {hasPapers ? <PapersFileLinks conferenceId={conferenceId} decisionsOpen={editable} /> : null}
    </div>
  );
}

function PaperSearch({ conferenceId, q }: { conferenceId: number; q: string }) {
  return (
    <Form method="get" className="filters" role="search" aria-label="Search papers">
      <input type="hidden" name="conference" value={conferenceId} />
      <div className="field search-field">
        <label htmlFor="paper-q">Search</label>
        <input
          id="paper-q"
          name="q"
          type="search"
          defaultValue={q}
          placeholder="Search papers by title, author, email, status, type, or research area..."
          maxLength={100}
        />
      </div>
      <Button type="submit" variant="outline">
        Search
      </Button>
      {q ? (
        <Link to={tabFor(conferenceId)} className="clear-search">
          Clear search
        </Link>
      ) : null}
    </Form>
  );
}

type Page = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["page"]>;
type Row = Page["rows"][number];

function PaperTable({ conferenceId, editable, page, q, first }: { conferenceId: number; editable: boolean; page: Page; q: string; first: number }) {
  const { search } = useLocation();
  const navigate = useNavigate();
  const busy = useNavigation().state !== "idle";
  // One submit, token and read of the fetchers for the whole table, not one of each per row: each
  // choice stages itself through a fetcher keyed by its paper, and shows itself while on its way.
  const submit = useSubmit();
  const csrf = useCsrfToken();
  const onTheirWay = new Map<string, string>();
  for (const f of useFetchers()) {
    const chosen = f.formData?.get("choices[0].status");
    if (f.key.startsWith("stage-") && typeof chosen === "string") onTheirWay.set(f.key, chosen);
  }
  const stage = (p: Row, shown: string, chosen: string) =>
    submit(
      {
        _csrf: csrf,
        intent: "stage",
        js: "1",
        "choices[0].row": shownRowField({ paperId: p.id, seen: p.status, shown }),
        "choices[0].status": chosen,
      },
      { method: "post", action: `/admin/papers${search}`, navigate: false, fetcherKey: `stage-${p.id}`, preventScrollReset: true }
    );
  if (page.rows.length === 0) {
    return q ? (
      <div className="empty-state">
        <h3>No Papers Match Your Search</h3>
        <p>
          <Link to={tabFor(conferenceId)}>Clear search</Link>
        </p>
      </div>
    ) : (
      <div className="empty-state">
        <h3>No Papers Found</h3>
        <p>No papers have been submitted to this conference yet.</p>
      </div>
    );
  }
  const listQuery = listPath("", search);
  const table = (
    <DataTable label="Papers of this conference" onClick={followRowLinks(navigate)} columns={["Paper #", "Title", "First Author", "Submission Date", "Registrations", "Status", "Files", "Actions"]}>
      {page.rows.map((p, i) => (
        <PaperRow key={p.id} paper={p} index={i} editable={editable} listQuery={listQuery} posted={onTheirWay.get(`stage-${p.id}`)} stage={stage} />
      ))}
    </DataTable>
  );
  return (
    <>
      <p className="table-note" aria-live="polite">{`Showing ${page.total}${page.totalCapped ? "+" : ""} of ${page.conferenceTotal} papers`}</p>
      {editable ? (
        <Form method="post" id="stage-form" action={`/admin/papers${search}`} preventScrollReset>
          <CsrfField />
          <input type="hidden" name="intent" value="stage" />
          {table}
          <StageButton busy={busy} />
        </Form>
      ) : (
        table
      )}
      <Pager label="Paper pages" previous={page.previous} next={page.next} first={first} pageSize={PAPERS_PAGE_SIZE} total={page.totalCapped ? undefined : page.total} />
    </>
  );
}

/** Without JavaScript the selects are one form, staged by this button; with it each choice stages itself. */
function StageButton({ busy }: { busy: boolean }) {
  const hydrated = useHydrated();
  if (hydrated) return null;
  return (
    <p className="form-actions">
      <Button type="submit" variant="outline" aria-disabled={busy || undefined}>
        Stage status changes
      </Button>
    </p>
  );
}

function PaperRow({
  paper: p,
  index,
  editable,
  listQuery,
  posted,
  stage,
}: {
  paper: Row;
  index: number;
  editable: boolean;
  /** The list's own query (search, page), kept by the links that open a paper over the list: "" or "?…". */
  listQuery: string;
  /** The choice on its way to the server, if any. */
  posted: string | undefined;
  stage: (p: Row, shown: string, chosen: string) => void;
}) {
  // While a choice is on its way, show it; afterwards the list's data says what is staged.
  const shown = posted ?? p.staged ?? p.status;
  const staged = shown !== p.status;
  const name = p.title.length > 60 ? `${p.title.slice(0, 60)}…` : p.title;
  const author = p.firstAuthor;
  const registered = p.registrations > 0;
  // A row is rendered 25 times a page: its markup is kept to the elements it needs (text set bold
  // or apart by its cell's class, not by an element; the row as shown in one hidden field; the
  // badge carrying its own title; the select named by its own label).
  return (
    <tr className={staged ? "row-staged" : undefined}>
      <td className="paper-number">{p.number}</td>
      <td className="paper-title-cell">
        {p.title}
        {p.abstractStart ? <small className="abstract-start">{p.abstractStart.length >= 100 ? `${p.abstractStart}…` : p.abstractStart}</small> : null}
      </td>
      <td>
        {author ? (
          <>
            {`${author.firstName} ${author.lastName}`}
            <small className="author-email">{author.email}</small>
          </>
        ) : (
          "—"
        )}
      </td>
      <td className="nowrap">{p.submitted}</td>
      <td>
        <Badge tone={registered ? "success" : "danger"} title={registered ? "Confirmed registrations for this paper" : "No confirmed registrations yet"}>
          {p.registrations}
          <span className="visually-hidden">{registered ? " confirmed registrations for this paper" : " no confirmed registrations yet"}</span>
        </Badge>
      </td>
      <td>
        {editable ? (
          <>
            <input type="hidden" name={`choices[${index}].row`} value={shownRowField({ paperId: p.id, seen: p.status, shown: p.staged ?? p.status })} />
            <select id={`status-${p.id}`} aria-label={`Status of ${p.number}`} name={`choices[${index}].status`} value={shown} onChange={(e) => stage(p, shown, e.currentTarget.value)}>
              {STATUS_OPTIONS}
            </select>
            {staged ? <small className="staged-note">Email for status change to be sent</small> : null}
          </>
        ) : (
          <Badge tone={paperStatusBadge(p.status).tone}>{paperStatusBadge(p.status).label}</Badge>
        )}
      </td>
      <td className="file-links">
        {p.files.full ? (
          <a href={`/api/papers/${p.id}/download/fullManuscript`} aria-label={`Full Manuscript of ${p.number}`}>
            Full Manuscript
          </a>
        ) : null}
        {p.files.blind ? (
          <a href={`/api/papers/${p.id}/download/blindCopyManuscript`} aria-label={`Blind Copy of ${p.number}`}>
            Blind Copy
          </a>
        ) : null}
        {!p.files.full && !p.files.blind ? "—" : null}
      </td>
      <td className="paper-actions">
        <a href={`/admin/papers/${p.id}${listQuery}`} data-row-link="" aria-label={`View details of ${name}`}>
          View
        </a>
        <a href={`/admin/papers/${p.id}/edit${listQuery}`} data-row-link="" aria-label={`Edit ${name}`}>
          Edit
        </a>
        {author ? (
          <a href={`mailto:${author.email}?subject=${encodeURIComponent(`Regarding your paper: ${p.title}`)}`} aria-label={`Contact the author of ${name}`}>
            Contact
          </a>
        ) : null}
        <a href={`/admin/papers/${p.id}/delete${listQuery}`} data-row-link="" aria-label={`Delete ${name}`}>
          Delete
        </a>
      </td>
    </tr>
  );
}
