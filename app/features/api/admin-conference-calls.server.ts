/**
 * `/api/admin/conferences…`: the console's Conferences tab as calls (spec: author-area-and-admin-console.md
 * section 7). Each call runs the functions the console's pages run (conference-admin.server.ts), and
 * a body is checked by the page's own validator: the payload uses the spec's field names
 * (`fees.standard`, `doctoralStudentTutorialsAndPresentations`, …), turned into the form's before
 * the check and named so again in a refusal's `fieldErrors`.
 *
 * A file or photo in a path is its id or its stored filename (the name in its public address): the
 * spec's client names files by filename, the console's pages by id, and a stored filename always has
 * an extension, so the two never read alike.
 */
import { z } from "zod";
import {
  CONFERENCE_FILE_RULE,
  CONFERENCE_PHOTO_RULE,
  deleteConference,
  deleteConferenceFile,
  listConferencesForAdmin,
  loadConferenceForEdit,
  parseConferenceQuery,
  saveConference,
  saveConferenceFees,
  setHeaderPhoto,
  type ConferenceFileKind,
} from "~/features/conferences/conference-admin.server";
import { CONFERENCE_SECTIONS, CONFERENCE_TEXT_FIELDS, CONFERENCES_PAGE_SIZE, EMPTY_CONFERENCE } from "~/features/conferences/conference-form";
import { conferenceValidator, feesValidator } from "~/features/conferences/conference-validators";
import { CONFERENCE_STATUSES, CURRENCIES } from "~/db/enums";
import { defineCall } from "~/server/api/call.server";
import { notFound } from "~/server/errors.server";
import { postedFiles } from "~/server/forms.server";
import { checkWithPageForm } from "./page-forms.server";
import { attachment } from "./public-calls.server";
import { conferenceAttachmentsAndFees, conferenceSummary, fileRefParam, id, idParam, idParams, messageAnswer } from "./shapes";

const TAG = "Administration: conferences";
const MISSING = "Conference not found.";
const SAVE_FAILED = "Failed to save conference";

/** The spec's names of the form's fields where they differ (its sections 3 and 7). */
const SPEC_NAME: Readonly<Record<string, string>> = {
  doctoralTutorials: "doctoralStudentTutorialsAndPresentations",
  submissionGuidelines: "paperAndThesisSubmissionGuidelines",
  registrationFeeInfo: "registrationFee",
  feeStandard: "fees.standard",
  feeStudent: "fees.student",
  feeAccompaniedPerson: "fees.accompaniedPerson",
  currency: "fees.currency",
  feeDescription: "fees.description",
};
const specName = (field: string) => SPEC_NAME[field] ?? field;

const RULES: Partial<Record<(typeof CONFERENCE_TEXT_FIELDS)[number], string>> = {
  title: "Required; at most 200 characters.",
  location: "Required; at most 200 characters.",
  startDate: "Required: YYYY-MM-DD.",
  endDate: "Required: YYYY-MM-DD, not before startDate.",
  status: `Required: one of ${CONFERENCE_STATUSES.join(", ")}.`,
  submissionDeadline: "The last moment to submit, in UTC, as YYYY-MM-DDTHH:MM; omitted or empty for none.",
  description: "Required: rich text (HTML), sanitised as on the pages.",
  feeStandard: "A whole amount, 0 or more; omitted or empty: not offered.",
  feeStudent: "A whole amount, 0 or more; omitted or empty: not offered.",
  feeAccompaniedPerson: "A whole amount, 0 or more; omitted or empty: not offered.",
  currency: `One of ${CURRENCIES.join(", ")}; EUR when omitted.`,
  feeDescription: "Plain text, at most 2000 characters.",
  registrationDeadline: "YYYY-MM-DD; omitted or empty for none.",
};

const trueOrFalse = (name: string) => z.enum(["true", "false"], { message: `Send ${name} as 'true' or 'false'.` });

/**
 * The conference form's payload: every text field under the spec's name, as text (the page's
 * schema checks it after), the two switches as 'true'/'false'. A save replaces every field, as
 * the console's form does: an omitted section is emptied.
 */
const conferenceBody = z.object({
  ...(Object.fromEntries(
    CONFERENCE_TEXT_FIELDS.map((field) => [specName(field), z.string().optional().describe(RULES[field] ?? "Rich text (HTML), sanitised as on the pages; omitted or empty: the section is not shown.")]),
  ) as Record<string, z.ZodOptional<z.ZodString>>),
  registrationEnabled: trueOrFalse("registrationEnabled"),
  paymentRequired: trueOrFalse("paymentRequired"),
});

const uploads = {
  files: { description: `Documents to add (${Object.keys(CONFERENCE_FILE_RULE.types).join(", ")}): at most ${CONFERENCE_FILE_RULE.maxFiles}, ${CONFERENCE_FILE_RULE.maxBytes / 1024 / 1024} MB each, checked by content`, multiple: true },
  photos: { description: `Photos to add (${Object.keys(CONFERENCE_PHOTO_RULE.types).join(", ")}): at most ${CONFERENCE_PHOTO_RULE.maxFiles}, ${CONFERENCE_PHOTO_RULE.maxBytes / 1024 / 1024} MB each, checked by content`, multiple: true },
};

/** The payload as the console's form posts it, for the page's validator. */
function formValues(body: z.output<typeof conferenceBody>) {
  const fields = body as Record<string, string | undefined>;
  const values: Record<string, string> = Object.fromEntries(CONFERENCE_TEXT_FIELDS.map((field) => [field, fields[specName(field)] ?? ""]));
  values.currency ||= EMPTY_CONFERENCE.currency;
  return { ...values, registrationEnabled: body.registrationEnabled, paymentRequired: body.paymentRequired };
}

export const adminConferenceShape = conferenceSummary.omit({ badge: true, description: true }).extend({
  submissionDeadline: z.string().nullable().describe("In UTC, as YYYY-MM-DDTHH:MM (as a save takes it)"),
  ...(Object.fromEntries(CONFERENCE_SECTIONS.map(([key, title]) => [specName(key), z.string().nullable().describe(`${title}: sanitised HTML`)])) as Record<string, z.ZodNullable<z.ZodString>>),
  ...conferenceAttachmentsAndFees,
  papers: z.number().int().describe("Papers submitted to it (a conference with papers or registrations cannot be deleted)"),
  registrations: z.number().int(),
});

const amount = (units: string) => (units === "" ? null : Number(units));

/** The conference as the console's editor loads it, in the spec's shape. */
async function adminConference(context: Parameters<typeof loadConferenceForEdit>[0], conferenceId: number) {
  const c = await loadConferenceForEdit(context, conferenceId);
  if (!c) throw notFound(MISSING);
  const v = c.values;
  const file = attachment("conference_file");
  const photo = attachment("conference_photo");
  const headerPhoto = c.photos.find((p) => p.id === c.headerPhotoId);
  return {
    _id: c.id,
    title: v.title,
    location: v.location,
    startDate: v.startDate,
    endDate: v.endDate,
    status: v.status,
    submissionDeadline: v.submissionDeadline || null,
    ...Object.fromEntries(CONFERENCE_SECTIONS.map(([key]) => [specName(key), v[key] || null])),
    files: c.files.map(file),
    photos: c.photos.map(photo),
    headerPhoto: headerPhoto ? photo(headerPhoto) : null,
    fees: { standard: amount(v.feeStandard), student: amount(v.feeStudent), accompaniedPerson: amount(v.feeAccompaniedPerson), currency: v.currency, description: v.feeDescription || null },
    registrationEnabled: v.registrationEnabled,
    paymentRequired: v.paymentRequired,
    registrationDeadline: v.registrationDeadline || null,
    papers: c.papers,
    registrations: c.registrations,
  };
}

const withMessage = adminConferenceShape.extend({ message: z.string() });

export const listAdminConferences = defineCall(
  {
    method: "GET",
    path: "/api/admin/conferences",
    tag: TAG,
    summary: "Every conference, whatever its status: the console's list, newest start first, a page at a time",
    description: `Filters as the console's list: \`q\` (title or location), \`status\`. Pages of ${CONFERENCES_PAGE_SIZE}: send \`next\` as \`after\` for the next page, \`previous\` as \`before\` for the one before (with \`start\`, the number of the page's first row, if you show it).`,
    access: "admin",
    query: z.object({
      q: z.string().max(100).optional(),
      status: z.enum(CONFERENCE_STATUSES).optional(),
      after: z.string().max(40).optional(),
      before: z.string().max(40).optional(),
      start: z.string().regex(/^\d{1,7}$/, "start is a whole number.").optional(),
    }),
    answer: z.object({
      conferences: z.array(z.object({ _id: id, title: z.string(), location: z.string(), startDate: z.string(), endDate: z.string(), status: z.string(), files: z.number().int(), photos: z.number().int() })),
      start: z.number().int(),
      previous: z.string().nullable(),
      next: z.string().nullable(),
    }),
    failure: "Failed to load conferences",
  },
  async ({ request, context }) => {
    const query = parseConferenceQuery(new URL(request.url), CONFERENCE_STATUSES);
    const { rows, previous, next } = await listConferencesForAdmin(context, query);
    return {
      conferences: rows.map((c) => ({ _id: c.id, title: c.title, location: c.location, startDate: c.startDate, endDate: c.endDate, status: c.status, files: Number(c.files), photos: Number(c.photos) })),
      start: query.start,
      previous,
      next,
    };
  },
);

export const readAdminConference = defineCall(
  {
    method: "GET",
    path: "/api/admin/conferences/{id}",
    tag: TAG,
    summary: "One conference as the console edits it: every field as stored, its files and photos by id, and what depends on it",
    access: "admin",
    params: idParams,
    answer: adminConferenceShape,
    refusals: { 404: MISSING },
    notFound: MISSING,
    failure: "This page could not be loaded. Please try again later.",
  },
  async ({ context, params }) => adminConference(context, params.id),
);

const SAVE_REFUSALS = {
  409: "That conference no longer exists (deleted meanwhile).",
  422: "A file or photo was refused (count, type, size, or content not matching its name); nothing was stored. fieldErrors names files or photos.",
};

export const createConference = defineCall(
  {
    method: "POST",
    path: "/api/admin/conferences",
    tag: TAG,
    summary: "Add a conference, with files and photos",
    description: "The console's Add Conference form. Rich text is sanitised as on the pages; each upload is checked by its content, and a refused one stores nothing.",
    access: "admin",
    body: { kind: "multipart", schema: conferenceBody, files: uploads },
    answer: withMessage,
    status: 201,
    refusals: { 422: SAVE_REFUSALS[422] },
    failure: SAVE_FAILED,
  },
  async ({ context, user, body, form }) => {
    const data = await checkWithPageForm(conferenceValidator, formValues(body), specName);
    const savedId = await saveConference(context, user.id, null, data, { files: postedFiles(form, "files"), photos: postedFiles(form, "photos") });
    return { message: "Conference created successfully!", ...(await adminConference(context, savedId)) };
  },
);

export const updateConference = defineCall(
  {
    method: "PUT",
    path: "/api/admin/conferences/{id}",
    tag: TAG,
    summary: "Replace a conference's fields and add files and photos",
    description: "The console's Edit Conference form: every field is replaced (an omitted section is emptied); files and photos sent are added to the ones it has.",
    access: "admin",
    params: idParams,
    body: { kind: "multipart", schema: conferenceBody, files: uploads },
    answer: withMessage,
    refusals: { 404: MISSING, ...SAVE_REFUSALS },
    notFound: MISSING,
    failure: SAVE_FAILED,
  },
  async ({ context, user, params, body, form }) => {
    const data = await checkWithPageForm(conferenceValidator, formValues(body), specName);
    await saveConference(context, user.id, params.id, data, { files: postedFiles(form, "files"), photos: postedFiles(form, "photos") });
    return { message: "Conference updated successfully!", ...(await adminConference(context, params.id)) };
  },
);

export const removeConference = defineCall(
  {
    method: "DELETE",
    path: "/api/admin/conferences/{id}",
    tag: TAG,
    summary: "Delete a conference with its files and photos",
    description: "Refused (409) while papers or registrations refer to it: set its status to ended instead.",
    access: "admin",
    params: idParams,
    answer: messageAnswer,
    refusals: { 404: "That conference no longer exists.", 409: "It has papers or registrations (the message counts them)." },
    notFound: MISSING,
    failure: "Failed to delete conference",
  },
  async ({ context, user, params }) => {
    await deleteConference(context, user.id, params.id);
    return { message: "Conference deleted successfully" };
  },
);

/** `DELETE …/files/{file}` and `…/photos/{file}`: a file of that kind only. */
function deleteAttachment(kind: ConferenceFileKind) {
  const photo = kind === "conference_photo";
  const FILE_MISSING = "That file no longer exists.";
  return defineCall(
    {
      method: "DELETE",
      path: photo ? "/api/admin/conferences/{id}/photos/{file}" : "/api/admin/conferences/{id}/files/{file}",
      tag: TAG,
      summary: photo ? "Delete one of a conference's photos (the header photo too, which is then unset)" : "Delete one of a conference's files",
      access: "admin",
      params: z.object({ id: idParam, file: fileRefParam }),
      answer: messageAnswer,
      refusals: { 404: `${FILE_MISSING} (Or it is not one of this conference's ${photo ? "photos" : "files"}.)` },
      notFound: FILE_MISSING,
      failure: photo ? "Failed to delete photo" : "Failed to delete file",
    },
    async ({ context, user, params }) => {
      await deleteConferenceFile(context, user.id, params.id, params.file, kind);
      return { message: photo ? "Photo deleted successfully" : "File deleted successfully" };
    },
  );
}

export const removeConferenceFile = deleteAttachment("conference_file");
export const removeConferencePhoto = deleteAttachment("conference_photo");

export const chooseHeaderPhoto = defineCall(
  {
    method: "PUT",
    path: "/api/admin/conferences/{id}/header-photo",
    tag: TAG,
    summary: "Make one of the conference's photos its header photo, or clear it",
    description: "Send `{ filename }` (the photo's stored filename) or `{ fileId }`; null clears the header photo.",
    access: "admin",
    params: idParams,
    body: {
      kind: "json",
      schema: z
        .object({
          filename: z.string().max(100).nullable().optional().describe("The photo's stored filename, as in its address"),
          fileId: id.nullable().optional().describe("The photo's id"),
        })
        .refine((b) => (b.filename === undefined) !== (b.fileId === undefined), { message: "Send filename or fileId (null to clear the header photo).", path: ["filename"] }),
    },
    answer: withMessage,
    refusals: { 404: MISSING, 409: "That photo is not one of this conference's photos (or the conference no longer exists)." },
    notFound: MISSING,
    failure: "Failed to set header photo",
  },
  async ({ context, user, params, body }) => {
    await setHeaderPhoto(context, user.id, params.id, body.filename ?? body.fileId ?? null);
    return { message: "Header photo set successfully", ...(await adminConference(context, params.id)) };
  },
);

/** The fees object's names of the fees form's fields. */
const FEES_NAME: Readonly<Record<string, string>> = { feeStandard: "standard", feeStudent: "student", feeAccompaniedPerson: "accompaniedPerson", currency: "currency", feeDescription: "description" };
const fee = z.number().nullable().optional().describe("A whole amount, 0 or more; null or omitted: not offered");
const text = (value: number | null | undefined) => (value === null || value === undefined ? "" : String(value));

export const updateConferenceFees = defineCall(
  {
    method: "PUT",
    path: "/api/admin/conferences/{id}/fees",
    tag: TAG,
    summary: "Replace a conference's fees (and, when sent, its registration settings)",
    description:
      "The body is the conference's fees object, replaced whole (an omitted fee is not offered; the currency is EUR when omitted). " +
      "`registrationEnabled`, `paymentRequired` and `registrationDeadline` change only when sent.",
    access: "admin",
    params: idParams,
    body: {
      kind: "json",
      schema: z.object({
        standard: fee,
        student: fee,
        accompaniedPerson: fee,
        currency: z.string().max(3).optional().describe(`One of ${CURRENCIES.join(", ")}; EUR when omitted`),
        description: z.string().nullable().optional(),
        registrationEnabled: z.boolean().optional(),
        paymentRequired: z.boolean().optional(),
        registrationDeadline: z.string().nullable().optional().describe("YYYY-MM-DD, or null for none"),
      }),
    },
    answer: withMessage,
    refusals: { 404: MISSING },
    notFound: MISSING,
    failure: "Failed to update fees",
  },
  async ({ context, user, params, body }) => {
    const current = await loadConferenceForEdit(context, params.id);
    if (!current) throw notFound(MISSING);
    const kept = current.values;
    const values = {
      feeStandard: text(body.standard),
      feeStudent: text(body.student),
      feeAccompaniedPerson: text(body.accompaniedPerson),
      currency: body.currency ?? EMPTY_CONFERENCE.currency,
      feeDescription: body.description ?? "",
      registrationEnabled: String(body.registrationEnabled ?? kept.registrationEnabled),
      paymentRequired: String(body.paymentRequired ?? kept.paymentRequired),
      registrationDeadline: body.registrationDeadline === undefined ? kept.registrationDeadline : (body.registrationDeadline ?? ""),
    };
    const data = await checkWithPageForm(feesValidator, values, (field) => FEES_NAME[field] ?? field);
    await saveConferenceFees(context, user.id, params.id, data);
    return { message: "Conference fees updated successfully", ...(await adminConference(context, params.id)) };
  },
);

export const ADMIN_CONFERENCE_CALLS = [
  listAdminConferences,
  createConference,
  readAdminConference,
  updateConference,
  removeConference,
  removeConferenceFile,
  removeConferencePhoto,
  chooseHeaderPhoto,
  updateConferenceFees,
];
