import { publicFileUrl } from "~/lib/file-names";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { useRef } from "react";
import { ValidatedForm } from "remix-validated-form";
import { EditorActions, FormAndPreview } from "~/components/admin/form-and-preview";
import { RichTextField } from "~/components/admin/rich-text-field";
import { RouteDialog } from "~/components/ui/route-dialog";
import { CsrfField } from "~/components/csrf-field";
import { InvalidFormMessage, SelectField, TextField, usePostedDefaults } from "~/components/form/fields";
import { FormMessage, useRefusal } from "~/components/form/messages";
import { RichText } from "~/components/rich-text";
import { formatKb } from "~/lib/format";
import { NEWS_CATEGORIES, NEWS_STATUS_OPTIONS, newsFormSchema, type NewsFormValues } from "~/features/news/news-form";
import { recordParam } from "~/lib/params";
import { loadNewsForEdit, previewNews, saveNews } from "~/features/news/news-admin.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { postedFiles, readInput, validateInput } from "~/server/forms.server";
import { acts, loads } from "~/server/answers.server";
import { consoleRefusalText } from "~/lib/refusal";
import { isTicked } from "~/lib/params";
import { z } from "zod";

const validator = withZod(newsFormSchema);

const EMPTY: NewsFormValues = { title: "", category: "", status: "draft", newsDate: "", content: "", details: "", contactInfo: "" };

const routeId = (param: string | undefined) => recordParam(param, "News item not found.");

export const loader = loads("This page could not be loaded. Please try again later.", async ({ request, params, context }: LoaderFunctionArgs) => {
  await requireAdmin(context, request);
  const id = routeId(params.id);
  if (id === null) return { id, values: EMPTY, featuredImage: null, files: [], csrf: context.csrf.token() };
  const item = await loadNewsForEdit(context, id);
  if (!item) throw new Response("News item not found.", { status: 404 });
  const file = (f: { id: number; filename: string; originalName: string; size: number }) => ({ id: f.id, filename: f.filename, originalName: f.originalName, size: f.size });
  return { id, values: item.values, featuredImage: item.featuredImage ? file(item.featuredImage) : null, files: item.files.map(file), csrf: context.csrf.token() };
});

type Preview = ReturnType<typeof previewNews> & { title: string };
/** A preview's answer: the values as typed and what the public page would show. */
type ActionData = { values: NewsFormValues; preview?: Preview };

/** What a post of the editor holds besides the checked fields: the button, and the featured image's removal. */
const postedValidator = withZod(
  z.object({
    ...(Object.fromEntries(Object.keys(EMPTY).map((k) => [k, z.string().max(200_000).catch("")])) as Record<keyof NewsFormValues, z.ZodCatch<z.ZodString>>),
    intent: z.enum(["save", "preview"]).catch("save"),
    removeFeatured: z.preprocess(isTicked, z.boolean()),
  }),
);

export const action = acts("please try again.", async ({ request, params, context }: ActionFunctionArgs) => {
  const admin = await requireAdmin(context, request);
  const id = routeId(params.id);
  const posted = await readInput(request);
  const { intent, removeFeatured, ...typed } = (await validateInput(posted, postedValidator)).data;
  if (intent === "preview") {
    // A preview shows what was typed, checked or not, sanitised as the public page will.
    const values = { ...EMPTY, ...typed } as NewsFormValues;
    return { values, preview: { title: values.title, ...previewNews(values) } } satisfies ActionData;
  }
  const { data, form } = await validateInput(posted, validator, { repopulate: true });
  const uploads = { files: postedFiles(form, "files"), featured: postedFiles(form, "featuredImage")[0] ?? null, removeFeatured };
  await saveNews(context, admin.id, id, data, uploads);
  return redirect(`/admin/news?done=${id === null ? "created" : "updated"}`);
});

function PreviewPane({ preview }: { preview: Preview }) {
  return (
    <div className="preview-pane" aria-label="Preview">
      <h2>{preview.title || "Untitled"}</h2>
      {preview.content ? <RichText html={preview.content} /> : <p className="empty-note">No content yet.</p>}
      {preview.details ? (
        <>
          <h3>Details</h3>
          <RichText html={preview.details} />
        </>
      ) : null}
      {preview.contactInfo ? (
        <>
          <h3>Contact Information</h3>
          <RichText html={preview.contactInfo} />
        </>
      ) : null}
    </div>
  );
}

export default function AdminNewsEditor() {
  const loaded = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>() as Partial<ActionData> | undefined;
  const formError = consoleRefusalText(useRefusal(), `Failed to ${loaded.id === null ? "create" : "update"} news`);
  const busy = useNavigation().state !== "idle";
  const formRef = useRef<HTMLFormElement>(null);
  const defaults = usePostedDefaults(loaded.values);

  const form = (
    <ValidatedForm
      validator={validator}
      defaultValues={defaults}
      method="post"
      encType="multipart/form-data"
      className="stack-form"
      noValidate
      formRef={formRef}
      id="news-editor"
    >
      <CsrfField />
      <InvalidFormMessage>Please correct the fields marked below.</InvalidFormMessage>
      <TextField name="title" label="Title" required maxLength={200} />
      <div className="field-row">
        <SelectField name="category" label="Category" options={NEWS_CATEGORIES} placeholder="None" />
        <SelectField name="status" label="Status" options={NEWS_STATUS_OPTIONS} placeholder="" />
        <TextField name="newsDate" label="News date" type="date" />
      </div>
      <RichTextField name="content" label="Content" required />
      <RichTextField name="details" label="Details" />
      <RichTextField name="contactInfo" label="Contact information" />
      <fieldset className="form-section">
        <legend>Featured image</legend>
        {loaded.featuredImage ? (
          <p>
            Now: <a href={publicFileUrl("news_file", loaded.featuredImage.filename)}>{loaded.featuredImage.originalName}</a>{" "}
            <label className="inline-check">
              <input type="checkbox" name="removeFeatured" /> Remove it
            </label>
          </p>
        ) : null}
        <div className="field">
          <label htmlFor="featuredImage">{loaded.featuredImage ? "Replace with" : "Image"} (jpg, png, gif, webp; up to 5 MB)</label>
          <input id="featuredImage" name="featuredImage" type="file" accept=".jpg,.jpeg,.png,.gif,.webp" />
        </div>
      </fieldset>
      <fieldset className="form-section">
        <legend>Files</legend>
        {loaded.files.length ? (
          <ul className="file-rows">
            {loaded.files.map((f) => (
              <li key={f.id}>
                <a href={publicFileUrl("news_file", f.filename, { download: true })}>{f.originalName}</a> <span className="size">{formatKb(f.size)}</span>
                <Link to={`/admin/news/${loaded.id}/files/${f.id}/delete`} aria-label={`Delete file ${f.originalName}`}>
                  Delete
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="empty-note">No files</p>
        )}
        <div className="field">
          <label htmlFor="files">Add files (up to 10: pdf, doc, docx, txt, ppt, pptx, xls, xlsx, jpg, png, gif; up to 10 MB each)</label>
          <input id="files" name="files" type="file" multiple accept=".pdf,.doc,.docx,.txt,.ppt,.pptx,.xls,.xlsx,.jpg,.jpeg,.png,.gif" />
        </div>
      </fieldset>
      <EditorActions busy={busy} createLabel="Create News" isNew={loaded.id === null} />
    </ValidatedForm>
  );

  return (
    <RouteDialog title={loaded.id === null ? "Add News" : `Edit News: ${loaded.values.title}`} closeTo="/admin/news" wide>
      {formError ? <FormMessage tone="error" answered>{formError}</FormMessage> : null}
      <FormAndPreview<Preview>
        label="News editor"
        form={form}
        formRef={formRef}
        fileFields={["files", "featuredImage"]}
        posted={posted?.preview}
        render={(p) => <PreviewPane preview={p} />}
      />
    </RouteDialog>
  );
}
