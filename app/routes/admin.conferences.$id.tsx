import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useRef } from "react";
import { ConferenceAttachments, HeaderPhotoForm } from "~/components/admin/conference-attachments";
import { BasicFields, FeeFields, RichSection, type FieldErrors } from "~/components/admin/conference-fields";
import { EditorActions, FormAndPreview } from "~/components/admin/form-and-preview";
import { FormTabs } from "~/components/admin/form-tabs";
import { RouteDialog } from "~/components/admin/route-dialog";
import { ConferenceMeta } from "~/components/conference-meta";
import { ConferenceSections } from "~/components/conference-sections";
import { CsrfField } from "~/components/csrf-field";
import { FormMessage, SaveErrors } from "~/components/form/fields";
import { Badge } from "~/components/ui/badge";
import {
  CONFERENCE_TABS,
  conferenceFormSchema,
  conferenceTabOf,
  dateOrderError,
  EMPTY_CONFERENCE,
  postedValues,
  readConferenceForm,
  type ConferenceFormValues,
} from "~/lib/conference-form";
import { formatDateRange, isIsoDate } from "~/lib/dates";
import { fieldErrorsOf } from "~/lib/field-errors";
import { attempt } from "~/server/errors.server";
import { listPath } from "~/lib/list-href";
import { recordParam } from "~/lib/params";
import { conferenceStatusBadge } from "~/lib/status";
import { loadConferenceForEdit, previewConference, saveConference } from "~/models/conference-admin.server";
import { postedFiles, UploadRejected } from "~/models/uploads.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { readForm } from "~/server/forms.server";

/** Messages after a change made from inside the dialog without JavaScript (with it they come back from the fetcher). */
const DONE: Record<string, { ok: boolean; message: string }> = {
  header: { ok: true, message: "Header photo set successfully" },
  "header-failed": { ok: false, message: "Failed to set header photo" },
  "file-deleted": { ok: true, message: "File deleted successfully" },
  "photo-deleted": { ok: true, message: "Photo deleted successfully" },
};

const routeId = (param: string | undefined) => recordParam(param, "Conference not found.");

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireAdmin(context, request);
  const id = routeId(params.id);
  const base = { origin: context.requestInfo.origin, csrf: context.csrf.token() };
  if (id === null) return { ...base, id, values: EMPTY_CONFERENCE, files: [], photos: [], headerPhotoId: null };
  const c = await loadConferenceForEdit(context, id);
  if (!c) throw new Response("Conference not found.", { status: 404 });
  return { ...base, id, values: c.values, files: c.files, photos: c.photos, headerPhotoId: c.headerPhotoId };
}

type Preview = {
  title: string;
  location: string;
  status: string;
  dateRange: string | null;
  startDate: string;
  sections: ReturnType<typeof previewConference>;
};
type ActionData = { values: ConferenceFormValues; errors?: FieldErrors; formError?: string; preview?: Preview };

export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context, request);
  const id = routeId(params.id);
  const form = await readForm(request);
  const raw = readConferenceForm(form);
  const values = postedValues(raw);
  const reply = (data: ActionData, status = 200) => Response.json(data, { status });
  if (form.get("intent") === "preview") {
    const dated = isIsoDate(values.startDate) && isIsoDate(values.endDate) && values.endDate >= values.startDate;
    return reply({
      values,
      preview: {
        title: values.title,
        location: values.location,
        status: values.status,
        startDate: values.startDate,
        dateRange: dated ? formatDateRange(values.startDate, values.endDate) : null,
        sections: previewConference(values),
      },
    });
  }
  const parsed = conferenceFormSchema.safeParse(raw);
  if (!parsed.success) {
    const errors: FieldErrors = fieldErrorsOf(parsed.error);
    const order = dateOrderError(values.startDate, values.endDate);
    if (order) errors.endDate ??= order;
    return reply({ values, errors }, 400);
  }
  const uploads = { files: postedFiles(form, "files"), photos: postedFiles(form, "photos") };
  const refused = await attempt("admin conferences: saving", "Failed to save conference", () => saveConference(context, admin.id, id, parsed.data, uploads));
  if (refused instanceof UploadRejected) return reply({ values, formError: "Failed to save conference", errors: { [refused.field ?? "files"]: refused.message } }, 422);
  if (refused) return reply({ values, formError: refused.expected ? `Failed to save conference: ${refused.message}` : refused.message }, refused.status);
  return redirect(listPath("/admin/conferences", new URL(request.url).search, id === null ? "created" : "updated"));
}

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

export default function AdminConferenceEditor() {
  const loaded = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>() as ActionData | undefined;
  const { search } = useLocation();
  const busy = useNavigation().state === "submitting";
  const formRef = useRef<HTMLFormElement>(null);
  const values = posted?.values ?? loaded.values;
  const errors = posted?.errors ?? {};
  const done = DONE[new URLSearchParams(search).get("done") ?? ""];
  const closeTo = listPath("/admin/conferences", search);
  const invalid = new Set(Object.keys(errors).map((f) => (f === "files" || f === "photos" ? "files" : conferenceTabOf(f))));
  const headerPhoto = loaded.photos.find((p) => p.id === loaded.headerPhotoId) ?? null;
  const p = { values, errors };

  const form = (
    <Form method="post" encType="multipart/form-data" className="stack-form" noValidate ref={formRef} key={JSON.stringify(posted?.values ?? null)}>
      <CsrfField />
      <FormTabs
        label="Sections of the conference"
        tabs={CONFERENCE_TABS.map((t) => ({
          id: t.id,
          title: t.title,
          invalid: invalid.has(t.id),
          content:
            t.id === "basic" ? (
              <BasicFields {...p} />
            ) : t.id === "files" ? (
              <ConferenceAttachments
                conferenceId={loaded.id}
                files={loaded.files}
                photos={loaded.photos}
                headerPhotoId={loaded.headerPhotoId}
                origin={loaded.origin}
                fileError={errors.files}
                photoError={errors.photos}
              />
            ) : (
              <>
                {t.id === "fees" ? <FeeFields {...p} /> : null}
                {t.sections.map((s) => (
                  <RichSection key={s} name={s} {...p} />
                ))}
              </>
            ),
        }))}
      />
      <EditorActions busy={busy} createLabel="Create Conference" isNew={loaded.id === null} />
    </Form>
  );

  return (
    <RouteDialog title={loaded.id === null ? "Add Conference" : `Edit Conference: ${loaded.values.title}`} closeTo={closeTo} wide>
      <SaveErrors formError={posted?.formError} fieldErrors={errors} />
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
