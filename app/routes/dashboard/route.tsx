import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, Outlet, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { FormMessage } from "~/components/form/messages";
import { isAutosave } from "~/components/hooks/use-autosave";
import { PageHead } from "~/components/page-head";
import { Badge } from "~/components/ui/badge";
import { ButtonLink } from "~/components/ui/button";
import { LinkTabs } from "~/components/ui/link-tabs";
import { MySubmissionsList, PENDING_TEXT, REGISTERED_TEXT, SubmittedBanner, type MySubmissionWithRegistration } from "~/features/submissions/my-submissions";
import { mySubmissionsOf, mySubmissionsReads } from "~/features/papers/papers.server";
import { submissionRegistrations } from "~/features/payments/submission-registrations.server";
import { SubmissionWizard, type WizardView } from "~/features/submissions/submission-wizard";
import { pinSubmitter, readAuthorRows, rearrangeAuthors, removeAuthorsAt, submitterIndex, SUBMISSION_MESSAGES, SUBMISSION_WIZARD, toAuthorRow, type AuthorRow } from "~/features/submissions/submission-form";
import {
  applyExtraction,
  extractionView,
  extrasOf,
  isOpenConference,
  openConferenceViews,
  openConferencesCall,
  MANUSCRIPT_FIELD,
  paperOfSubmissionKey,
  profileAuthor,
  refuseOversizeBody,
  removeManuscript,
  sameFileSubmitted,
  submissionOwner,
  submitPaper,
  uploadManuscript,
} from "~/features/submissions/submission.server";
import { BLIND_COPY_FIELD } from "~/features/submissions/blind-copy";
import { blindCopyView, removeBlindCopy, uploadBlindCopy } from "~/features/submissions/blind-copy.server";
import { FROM_SUMMARY_FIELD } from "~/features/submissions/submission-summary";
import { reviewSubmission, submissionSummary, summaryHolds, withKeptAuthors } from "~/features/submissions/submission-summary.server";
import { formatDate, todayIso } from "~/lib/dates";
import { passActionHeaders } from "~/lib/http";
import { privatePage } from "~/lib/private-page";
import { rootData } from "~/lib/seo";
import { displayName, requireUser, requireUserWith } from "~/server/auth/guards.server";
import { AppError } from "~/server/errors.server";
import { postedFiles, readInput, validateInput } from "~/server/forms.server";
import { acts, loads, settled } from "~/server/answers.server";
import { discardDraft, draftOfRows, loadDraft, saveDraft, userDraftCall, type WizardDraft } from "~/server/wizard/drafts.server";
import { wizardStepLoad, wizardStepOf, wizardStepPost } from "~/server/wizard/steps.server";

// The wizard's background saves change nothing the page shows.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) => !isAutosave(formData) && defaultShouldRevalidate;

export const meta: MetaFunction = ({ matches }) => privatePage(rootData(matches), "Dashboard");

export const headers = passActionHeaders("Retry-After");

const wizard = SUBMISSION_WIZARD;
const TABS = [
  { id: "submit", title: "Submit Manuscript" },
  { id: "submissions", title: "My Submissions" },
] as const;
type Tab = (typeof TABS)[number]["id"];
const stepPath = (step: number) => `/dashboard?tab=submit&step=${step}`;

function tabOf(url: URL): Tab {
  // A submission's delete confirmation opens over My Submissions.
  if (url.pathname.startsWith("/dashboard/submissions/")) return "submissions";
  const asked = url.searchParams.get("tab");
  return TABS.some((t) => t.id === asked) ? (asked as Tab) : "submit";
}

export const loader = loads("The dashboard could not be loaded. Please try again later.", async (args: LoaderFunctionArgs) => {
  const { request, context } = args;
  const url = new URL(request.url);
  const tab = tabOf(url);
  const first = tab === "submit" ? await wizardReads(args, url) : null;
  const listed = tab === "submissions" ? await submissionsRead(args) : null;
  const user = first?.user ?? (listed?.ok ? listed.value.user : await requireUser(context, request));
  const member = user.memberUntil !== null && user.memberUntil >= todayIso();
  const account = {
    name: displayName(user),
    email: user.email,
    isAdmin: user.role === "admin",
    membership: user.memberUntil ? { active: member, until: formatDate(user.memberUntil) } : null,
    totpEnabled: user.totpEnabled,
  };
  const done = url.searchParams.get("done");
  const base = { account, tab, submitted: url.searchParams.get("submitted") === "true", done: done === "deleted" || done === "registered" || done === "registration-pending" ? done : null, csrf: context.csrf.token() };
  if (tab === "submissions") {
    // The list alone may fail: the account cards stay, and the list says it could not load.
    const mine = listed?.ok ? listed.value.papers : null;
    const loaded = mine
      ? await settled(args, SUBMISSION_MESSAGES.listFailed, async () => {
          const registration = await submissionRegistrations(context, user.id, mine.filter((p) => p.status === "accepted"));
          return mine.map((p): MySubmissionWithRegistration => ({ ...p, registration: registration[p.id] ?? null }));
        })
      : null;
    const papers: MySubmissionWithRegistration[] | null = loaded?.ok ? loaded.value : null;
    return { ...base, papers, wizard: null };
  }
  return { ...base, papers: null, wizard: await wizardView(args, user, url, first?.read ?? null) };
});

type WizardReads = { draft: WizardDraft; conferences: Parameters<typeof openConferenceViews>[0] | null };

/**
 * The Submit tab's first reads, in the session's own round trip (decision 066): the draft, and on
 * the addresses that may show step 1 (no step asked: a new author's dashboard) the open
 * conferences. Should they fail, the session is read alone (`read` is null): the wizard reads the
 * draft alone and step 1 says the list could not be loaded.
 */
async function wizardReads(args: LoaderFunctionArgs, url: URL) {
  const asked = url.searchParams.get("step");
  const stepOne = asked === null || asked === "1";
  const read = await settled(args, "Open conferences could not be loaded.", async () => {
    const { user, rows } = await requireUserWith(args.context, args.request, (sessionId) => [userDraftCall(wizard.name, sessionId), ...(stepOne ? [openConferencesCall()] : [])] as const);
    const [drafts, conferences] = rows as unknown as [Parameters<typeof draftOfRows>[0], WizardReads["conferences"]?];
    return { user, read: { draft: draftOfRows(drafts, { userId: user.id }), conferences: conferences ?? null } satisfies WizardReads };
  });
  return read.ok ? read.value : null;
}

/**
 * My Submissions in the session's own round trip (decision 066). Should the read fail, the
 * session is read alone and the list says it could not be loaded (its fault logged once).
 */
function submissionsRead(args: LoaderFunctionArgs) {
  return settled(args, SUBMISSION_MESSAGES.listFailed, async () => {
    const { user, rows } = await requireUserWith(args.context, args.request, (sessionId) => mySubmissionsReads({ as: "session", sessionId }).calls);
    return { user, papers: mySubmissionsOf(rows[0], user.id) };
  });
}

/** Everything the wizard's current step shows, with the extraction poured in once it ended. */
async function wizardView(args: LoaderFunctionArgs, user: Awaited<ReturnType<typeof requireUser>>, url: URL, first: WizardReads | null): Promise<WizardView> {
  const { request, context } = args;
  const owner = submissionOwner(user.id);
  const loaded = first ? wizardStepOf(wizard, first.draft, request, stepPath) : await wizardStepLoad(context, wizard, owner, request, stepPath);
  let draft: WizardDraft = { step: loaded.step, data: loaded.values, fileKey: loaded.fileKey, secondFileKey: loaded.secondFileKey };
  const step = loaded.step;
  let running = false;
  let ask: WizardView["replaceAsk"] = null;
  if (step >= 2) ({ draft, running, ask } = await applyExtraction(context, user, draft));
  // Steps 3 to 5 open once the manuscript has been read (or could not be), and a replaced one's question is answered.
  if (step >= 3 && (running || ask)) throw redirect(`${stepPath(2)}&continue=1`);
  if (step === 2 && url.searchParams.get("continue") === "1" && !running && extrasOf(draft).extractionApplied) throw redirect(stepPath(3));
  const extras = extrasOf(draft);
  const view: WizardView = {
    step,
    values: draft.data,
    conferences: null,
    conferencesFailed: false,
    extraction: null,
    waiting: false,
    provenance: extras.provenance ?? null,
    duplicate: null,
    me: null,
    blocked: false,
    submissionKey: extras.submissionKey ?? "",
    replaceAsk: ask,
    authorsRead: null,
    extractedAuthors: null,
    blindCopy: null,
    summary: null,
  };
  if (step === 1) {
    if (first?.conferences) view.conferences = openConferenceViews(first.conferences);
    else view.conferencesFailed = true;
  }
  if (step === 2 || step === 5) view.duplicate = await sameFileSubmitted(context, user.id, Number(draft.data.conferenceId), extras.fileSha256);
  if (step === 2) {
    view.extraction = await extractionView(context, user.id, draft);
    view.waiting = url.searchParams.get("continue") === "1" && running;
    // The blind copy's text is checked for the names of the authors listed so far and the signed-in author's.
    const listed = Array.isArray(draft.data.authors) ? (draft.data.authors as unknown[]).map((a) => toAuthorRow(a as Partial<AuthorRow>)) : [];
    view.blindCopy = draft.secondFileKey ? await blindCopyView(context, user.id, draft, [...listed, await profileAuthor(context, user.id)]) : { status: "none" };
  }
  if (step === 5) {
    const me = await profileAuthor(context, user.id);
    view.me = { firstName: me.firstName, lastName: me.lastName, email: me.email };
    const authors = pinSubmitter(Array.isArray(draft.data.authors) ? (draft.data.authors as unknown[]).map((a) => toAuthorRow(a as Partial<AuthorRow>)) : [], me);
    view.values = { ...draft.data, authors };
    view.blocked = Boolean(extras.submitTried) && submitterIndex(authors, me) < 0;
    view.authorsRead = extras.authorsRead ?? null;
    view.extractedAuthors = extras.extractedAuthors ?? null;
    // The last look before Submit, once the authors step holds; otherwise the step itself.
    if (url.searchParams.get("review") === "1") {
      if (!summaryHolds(draft.data, authors, me)) throw redirect(stepPath(5));
      view.summary = await submissionSummary(context, user.id, draft, authors, me);
    }
  }
  return view;
}

/** What every post of the wizard names besides its step's own fields. */
const wizardPost = withZod(
  z.object({
    intent: z.string().max(40).default("next"),
    step: z.string().max(2).default("1"),
    conferenceId: z.coerce.number().int().positive().optional().catch(undefined),
    manuscriptType: z.string().max(100).default(""),
    submissionKey: z.string().max(100).default(""),
  }),
);

export const action = acts(SUBMISSION_MESSAGES.submitFailed, async ({ request, context }: ActionFunctionArgs) => {
  const user = await requireUser(context, request);
  refuseOversizeBody(request);
  const posted = await readInput(request);
  const { data: post, form } = await validateInput(posted, wizardPost);
  const { intent } = post;
  const step = wizard.parseStep(post.step);
  const owner = submissionOwner(user.id);

  if (intent === "exit") {
    await discardDraft(context, owner);
    return redirect("/dashboard?tab=submissions");
  }

  // Step 2: a file chosen with any button but Remove is uploaded first (without JavaScript, Next
  // with a file chosen means "upload this and go on").
  if (step === 2 && intent !== "remove-file" && intent !== "remove-blind-copy" && intent !== "previous") {
    const [file] = postedFiles(form, MANUSCRIPT_FIELD);
    const [blindCopy] = postedFiles(form, BLIND_COPY_FIELD);
    if (file || (intent === "upload" && !blindCopy)) await uploadManuscript(context, user, file ?? null);
    if (blindCopy) await uploadBlindCopy(context, user, owner, blindCopy);
    if (intent === "upload") return redirect(stepPath(2));
  }
  if (step === 2 && intent === "remove-blind-copy") {
    await removeBlindCopy(context, owner);
    return redirect(stepPath(2));
  }
  if (step === 2 && intent === "remove-file") {
    await removeManuscript(context, user);
    return redirect(stepPath(2));
  }
  // A replaced manuscript's question: keep the author's corrections, or take the new file's values.
  if (step === 2 && (intent === "replace:keep" || intent === "replace:take")) {
    const draft = await loadDraft(context, owner);
    const { running, ask } = await applyExtraction(context, user, draft);
    if (running) return redirect(`${stepPath(2)}&continue=1`);
    if (ask) await applyExtraction(context, user, draft, intent === "replace:keep" ? "keep" : "take");
    return redirect(stepPath(3));
  }
  if (step === 2 && intent === "next") {
    const draft = await loadDraft(context, owner);
    const { running, ask } = await applyExtraction(context, user, draft);
    // Leaving step 2 before the manuscript is read, or before a replaced one's question is answered, waits for it.
    if (running || ask) return redirect(`${stepPath(2)}&continue=1`);
  }
  if (step === 1 && intent === "next" && post.conferenceId && !(await isOpenConference(context, post.conferenceId))) {
    const message = "This conference is not open for submissions.";
    throw new AppError("invalid", message, { fieldErrors: { conferenceId: message }, values: { manuscriptType: post.manuscriptType } });
  }

  // Step 5's card buttons: the rows come back changed and kept, nothing submitted.
  const rowChange = /^author:(add)$|^author:(remove|up|down|corresponding):(\d{1,2})$/.exec(intent);
  if (step === 5 && rowChange && form) return changeAuthorRows(context, user, owner, form, rowChange);
  const bulk = /^author:remove-selected$|^author:remove-below:(\d{1,2})$/.exec(intent);
  if (step === 5 && bulk && form) return removeAuthorRows(context, user, owner, form, bulk[1] === undefined ? null : Number(bulk[1]));

  if (step === 5 && intent === "review" && form) return reviewSubmission(context, user, owner, form, stepPath);
  // The summary's Submit posts no cards: it submits the ones the draft kept, which it showed.
  let submitted = posted;
  if (step === 5 && intent === "submit" && form?.get(FROM_SUMMARY_FIELD) === "1") submitted = { ...posted, form: withKeptAuthors(form, await loadDraft(context, owner)) };

  if (step === 5 && intent === "submit" && submitted.form) {
    const form = submitted.form;
    const draft = await loadDraft(context, owner);
    const key = post.submissionKey;
    // A resent submit whose draft the first one used up: the paper it made.
    if (!extrasOf(draft).submissionKey && key && (await paperOfSubmissionKey(context, user.id, key))) return redirect("/dashboard?tab=submissions&submitted=true");
    const authors = readAuthorRows(form);
    if (submitterIndex(authors, user) < 0) {
      await saveDraft(context, owner, wizard.name, { step: 5, data: { ...draft.data, authors, submitTried: true } });
      throw new AppError("unprocessable", `${SUBMISSION_MESSAGES.blocked}: ${SUBMISSION_MESSAGES.currentUserMissing}`);
    }
  }

  return wizardStepPost(context, {
    wizard,
    owner,
    request,
    posted: submitted,
    path: stepPath,
    async complete(values, last) {
      const draft = await loadDraft(context, owner);
      await submitPaper(context, user, owner, draft, { values, authors: (last as { authors: AuthorRow[] }).authors });
      return redirect("/dashboard?tab=submissions&submitted=true");
    },
  });
});

/** Add, remove, move or make corresponding a card, without JavaScript: kept, and the step shown again at the card. */
async function changeAuthorRows(
  context: ActionFunctionArgs["context"],
  user: Awaited<ReturnType<typeof requireUser>>,
  owner: ReturnType<typeof submissionOwner>,
  form: FormData,
  m: RegExpExecArray,
) {
  const draft = await loadDraft(context, owner);
  const rows = readAuthorRows(form);
  const verb = m[1] ?? m[2]!;
  const at = Number(m[3] ?? -1);
  const keep = (list: AuthorRow[]) => saveDraft(context, owner, wizard.name, { step: 5, data: { ...draft.data, authors: list } });
  if (verb === "remove" && at >= 0 && at === submitterIndex(rows, user)) {
    await keep(rows);
    throw new AppError("conflict", SUBMISSION_MESSAGES.cannotRemoveCurrentUser);
  }
  const focus = rearrangeAuthors(rows, verb, at, () => toAuthorRow({ source: "added" }));
  if (focus === null) {
    await keep(rows);
    throw new AppError("invalid", "That author is not there to change.");
  }
  await keep(rows);
  return redirect(`${stepPath(5)}${verb === "add" ? "&added=1" : ""}#author-${focus + 1}`);
}

/**
 * Remove selected (the cards' ticked boxes) or Remove all below a card, without JavaScript: the
 * step's rows as posted, less those, kept; the signed-in author's card is never among them.
 */
async function removeAuthorRows(
  context: ActionFunctionArgs["context"],
  user: Awaited<ReturnType<typeof requireUser>>,
  owner: ReturnType<typeof submissionOwner>,
  form: FormData,
  below: number | null,
) {
  const draft = await loadDraft(context, owner);
  const rows = readAuthorRows(form);
  const keep = (list: AuthorRow[]) => saveDraft(context, owner, wizard.name, { step: 5, data: { ...draft.data, authors: list } });
  const selected = form
    .getAll("selected")
    .filter((v): v is string => typeof v === "string" && /^\d{1,2}$/.test(v))
    .map(Number);
  const indexes = below === null ? selected : rows.map((_, i) => i).filter((i) => i > below);
  const first = Math.min(...indexes, rows.length);
  const done = below !== null && below >= rows.length ? null : indexes.length === 0 ? { removed: 0, keptMine: false } : removeAuthorsAt(rows, indexes, submitterIndex(rows, user));
  if (done === null) {
    await keep(rows);
    throw new AppError("invalid", "That author is not there to change.");
  }
  if (below === null && indexes.length === 0) {
    await keep(rows);
    throw new AppError("invalid", "Tick the authors to remove first.");
  }
  await keep(rows);
  const focus = Math.max(0, Math.min(first, rows.length - 1));
  return redirect(`${stepPath(5)}&removed=${done.removed}${done.keptMine ? "&kept=1" : ""}#author-${focus + 1}`);
}

export default function DashboardRoute() {
  const d = useLoaderData<typeof loader>();
  const a = d.account;
  return (
    <>
      <PageHead eyebrow="Your account" title="Dashboard">
        Welcome, {a.name}.
      </PageHead>
      <div className="container">
        {/* A submission's confirmation (delete, register): a dialog, or without JavaScript a section the page opens at, first under the page's head. */}
        <Outlet />
        <div className="grid-2 dashboard-cards">
          <section className="card" aria-labelledby="account-title">
            <h2 id="account-title">Account</h2>
            <dl className="details-list">
              <dt>Name</dt>
              <dd>{a.name}</dd>
              <dt>E-mail</dt>
              <dd>{a.email}</dd>
              <dt>Two-factor sign-in</dt>
              <dd>{a.totpEnabled ? <Badge tone="success">On</Badge> : <Badge tone="secondary">Off</Badge>}</dd>
            </dl>
            <div className="form-actions">
              <ButtonLink to="/profile">Edit Profile</ButtonLink>
              {a.isAdmin ? (
                <ButtonLink to="/admin/dashboard" variant="outline">
                  Admin Dashboard
                </ButtonLink>
              ) : null}
            </div>
          </section>
          <section className="card" aria-labelledby="membership-title">
            <h2 id="membership-title">Membership</h2>
            {a.membership?.active ? (
              <p>
                <Badge tone="success">Member</Badge> Your membership runs until <strong>{a.membership.until}</strong>.
              </p>
            ) : a.membership ? (
              <p>
                <Badge tone="warning">Expired</Badge> Your membership ended on <strong>{a.membership.until}</strong>.
              </p>
            ) : (
              <p>You are not a member yet.</p>
            )}
            <p>
              Registering for the annual conference includes one year of membership. <Link to="/membership">About membership</Link>
            </p>
          </section>
        </div>
        <LinkTabs label="Author area" tabs={TABS} current={d.tab} hrefFor={(id) => `/dashboard?tab=${id}`} wide>
          {d.tab === "submissions" ? (
            <>
              {d.submitted ? <SubmittedBanner /> : null}
              {d.done === "deleted" ? <FormMessage tone="success">The submission was deleted.</FormMessage> : null}
              {d.done === "registered" ? <FormMessage tone="success">{REGISTERED_TEXT}</FormMessage> : null}
              {d.done === "registration-pending" ? <FormMessage tone="info">{PENDING_TEXT}</FormMessage> : null}
              <MySubmissionsList papers={d.papers} />
            </>
          ) : d.wizard ? (
            <SubmissionWizard view={d.wizard} />
          ) : null}
        </LinkTabs>
      </div>
    </>
  );
}
