import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { useFormContext, ValidatedForm } from "remix-validated-form";
import { ConferenceAttachments, HeaderPhotoForm } from "~/features/conferences/conference-attachments";
import { BasicFields, FeeFields, RichSection } from "~/features/conferences/conference-fields";
import { EditorActions, FormAndPreview } from "~/components/admin/form-and-preview";
import { FormTabs } from "~/components/admin/form-tabs";
import { RouteDialog } from "~/components/ui/route-dialog";
import { ConferenceMeta } from "~/features/conferences/conference-meta";
import { ConferenceSections } from "~/features/conferences/conference-sections";
import { CsrfField } from "~/components/csrf-field";
import { InvalidFormMessage, usePostedDefaults } from "~/components/form/fields";
import { FormMessage, useRefusal } from "~/components/form/messages";
import { Badge } from "~/components/ui/badge";
import { CONFERENCE_TABS, conferenceTabOf, EMPTY_CONFERENCE, postedConferenceSchema, type ConferenceFormValues } from "~/features/conferences/conference-form";
import { conferenceValidator } from "~/features/conferences/conference-validators";
import { formatDateRange, isIsoDate } from "~/lib/dates";
import { listPath } from "~/lib/list-href";
import { recordParam } from "~/lib/params";
import { conferenceStatusBadge } from "~/lib/status";
import { loadConferenceForEdit, previewConference, saveConference } from "~/features/conferences/conference-admin.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { postedFiles, readInput, validateInput } from "~/server/forms.server";
import { acts, loads } from "~/server/answers.server";
import { withZod } from "@remix-validated-form/with-zod";
import { consoleRefusalText } from "~/lib/refusal";

/** Messages after a change made from inside the dialog without JavaScript (with it they come back from the fetcher). */
const DONE: Record<string, { ok: boolean; message: string }> = {
  header: { ok: true, message: "Header photo set successfully" },
  "file-deleted": { ok: true, message: "File deleted successfully" },
  "photo-deleted": { ok: true, message: "Photo deleted successfully" },
};

const routeId = (param: string | undefined) => recordParam(param, "Conference not found.");

export const loader = loads("This page could not be loaded. Please try again later.", async ({ request, params, context }: LoaderFunctionArgs) => {
  await requireAdmin(context, request);
  const id = routeId(params.id);
  const base = { origin: context.requestInfo.origin, csrf: context.csrf.token() };
  if (id === null) return { ...base, id, values: EMPTY_CONFERENCE, files: [], photos: [], headerPhotoId: null };
  const c = await loadConferenceForEdit(context, id);
  if (!c) throw new Response("Conference not found.", { status: 404 });
  return { ...base, id, values: c.values, files: c.files, photos: c.photos, headerPhotoId: c.headerPhotoId };
});

type Preview = {
  title: string;
  location: string;
  status: string;
  dateRange: string | null;
  startDate: string;
  sections: ReturnType<typeof previewConference>;
};
/** A preview's answer: the values as posted and what the public page would show. */
type ActionData = { values: ConferenceFormValues; preview?: Preview };
type UploadErrors = Partial<Record<"files" | "photos", string>>;

const SAVE_FAILED = "Failed to save conference";
const postedValidator = withZod(postedConferenceSchema);

export const action = acts(SAVE_FAILED, async ({ request, params, context }: ActionFunctionArgs) => {
  const admin = await requireAdmin(context, request);
  const id = routeId(params.id);
  const posted = await readInput(request);
  const { intent, ...values } = (await validateInput(posted, postedValidator)).data;
  if (intent === "preview") {
    const dated = isIsoDate(values.startDate) && isIsoDate(values.endDate) && values.endDate >= values.startDate;
    return {
      values,
      preview: {
        title: values.title,
        location: values.location,
        status: values.status,
        startDate: values.startDate,
        dateRange: dated ? formatDateRange(values.startDate, values.endDate) : null,
        sections: previewConference(values),
      },
    } satisfies ActionData;
  }
  // A refused save shows the fields as posted again (`repopulate`), whatever refused it.
  const { data, form } = await validateInput(posted, conferenceValidator, { repopulate: () => values });
  const uploads = { files: postedFiles(form, "files"), photos: postedFiles(form, "photos") };
  await saveConference(context, admin.id, id, data, uploads);
  return redirect(listPath("/admin/conferences", new URL(request.url).search, id === null ? "created" : "updated"));
});

function PreviewPane({ preview, headerPhoto }: { preview: Preview; headerPhoto: { filename: string } | null }) {
  const badge = conferenceStatusBadge(preview.status);
  return (
    <div className="preview-pane" aria-label="Preview">
      <div className="detail-title">
        <h2>{preview.title || "Untitled conference"}</h2>
        <Badge tone={badge.tone}>{badge.label}</Badge>
      </div>
      {preview.dateRange ? <ConferenceMeta location={preview.location} startDate={preview.startDate} dateRange={preview.dateRange} /> : <p>{preview.location}</p>}
      {preview.sections.length ? (
        <ConferenceSections title={preview.title} location={preview.location} headerPhoto={headerPhoto} sections={preview.sections} />
      ) : (
        <p className="empty-note">No content yet.</p>
      )}
    </div>
  );
}

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;

/** The form's six sub-tabs; a tab with a refused field (in the browser or by the server) says so. */
function ConferenceTabs({ loaded, uploadErrors }: { loaded: Loaded; uploadErrors: UploadErrors | undefined }) {
  const { fieldErrors } = useFormContext();
  const invalid = new Set([...Object.keys(fieldErrors).map(conferenceTabOf), ...(uploadErrors?.files || uploadErrors?.photos ? ["files"] : [])]);
  return (
    <FormTabs
      label="Sections of the conference"
      tabs={CONFERENCE_TABS.map((t) => ({
        id: t.id,
        title: t.title,
        invalid: invalid.has(t.id),
        content:
          t.id === "basic" ? (
            <BasicFields />
          ) : t.id === "files" ? (
            <ConferenceAttachments
              conferenceId={loaded.id}
              files={loaded.files}
              photos={loaded.photos}
              headerPhotoId={loaded.headerPhotoId}
              origin={loaded.origin}
              fileError={uploadErrors?.files}
              photoError={uploadErrors?.photos}
            />
          ) : (
            <>
              {t.id === "fees" ? <FeeFields /> : null}
              {t.sections.map((s) => (
                <RichSection key={s} name={s} />
              ))}
            </>
          ),
      }))}
    />
  );
}

export default function AdminConferenceEditor() {
  const loaded = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>() as Partial<ActionData> | undefined;
  const refusal = useRefusal();
  const uploadErrors: UploadErrors | undefined = refusal?.fieldErrors && { files: refusal.fieldErrors.files, photos: refusal.fieldErrors.photos };
  // A save refused for its files, or by the office's rules, or a fault: the form's fields show theirs.
  const formError = uploadErrors?.files || uploadErrors?.photos ? SAVE_FAILED : consoleRefusalText(refusal, SAVE_FAILED);
  const { search } = useLocation();
  const busy = useNavigation().state === "submitting";
  const formRef = useRef<HTMLFormElement>(null);
  const defaults = usePostedDefaults(loaded.values);
  const done = DONE[new URLSearchParams(search).get("done") ?? ""];
  const closeTo = listPath("/admin/conferences", search);
  const headerPhoto = loaded.photos.find((p) => p.id === loaded.headerPhotoId) ?? null;

  const form = (
    <ValidatedForm
      validator={conferenceValidator}
      defaultValues={defaults as never /* the fields as text, not the checked output */}
      method="post"
      encType="multipart/form-data"
      className="stack-form"
      noValidate
      formRef={formRef}
      id="conference-editor"
    >
      <CsrfField />
      <InvalidFormMessage>Please correct the fields marked below.</InvalidFormMessage>
      <ConferenceTabs loaded={loaded} uploadErrors={uploadErrors} />
      <EditorActions busy={busy} createLabel="Create Conference" isNew={loaded.id === null} />
    </ValidatedForm>
  );

  return (
    <RouteDialog title={loaded.id === null ? "Add Conference" : `Edit Conference: ${loaded.values.title}`} closeTo={closeTo} wide>
      {formError ? <FormMessage tone="error" answered>{formError}</FormMessage> : null}
      {done ? <FormMessage tone={done.ok ? "success" : "error"}>{done.message}</FormMessage> : null}
      <FormAndPreview<Preview>
        label="Conference editor"
        form={form}
        formRef={formRef}
        fileFields={["files", "photos"]}
        posted={posted?.preview}
        render={(preview) => <PreviewPane preview={preview} headerPhoto={headerPhoto} />}
      />
      {loaded.id !== null ? <HeaderPhotoForm conferenceId={loaded.id} /> : null}
    </RouteDialog>
  );
}
