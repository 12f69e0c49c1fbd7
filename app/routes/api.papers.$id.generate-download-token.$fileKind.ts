import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { fileReader } from "~/features/files/access.server";
import { downloadLinkFor, isPaperFileParam } from "~/features/papers/paper-files.server";
import { parseId } from "~/lib/params";
import { loads } from "~/server/answers.server";
import { API_UNAUTHORISED, apiError } from "~/server/api/guard.server";
import { notFound } from "~/server/errors.server";

const NOT_FOUND = "File not found.";

/**
 * A signed, expiring link to a paper's manuscript or blind copy (`{ downloadUrl }`), for its
 * authors and administrators (bearer token). A download token is no ground for a new link: a
 * link would otherwise renew itself for ever. Nobody signed in gets the API's 401; anyone else
 * signed in gets the 404 of a missing file.
 */
export const loader = loads("The download link could not be made. Please try again later.", async ({ request, params, context }: LoaderFunctionArgs) => {
  const paperId = parseId(params.id);
  const kind = params.fileKind ?? "";
  if (paperId === null || !isPaperFileParam(kind)) throw notFound(NOT_FOUND);
  const reader = { ...(await fileReader(context, request)), tokenFileId: null };
  if (reader.userId === null) throw apiError(401, API_UNAUTHORISED, undefined, { "WWW-Authenticate": 'Bearer realm="api"' });
  const downloadUrl = await downloadLinkFor(context, reader, new URL(context.env.SITE_URL).origin, paperId, kind);
  if (!downloadUrl) throw notFound(NOT_FOUND);
  return Response.json({ downloadUrl }, { headers: { "Cache-Control": "no-store" } });
});
