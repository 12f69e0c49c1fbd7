/**
 * The file class of the request policy (decision 026): who asks for a stored file, and the
 * answer when they may not have it. The rules themselves live with the files' model
 * (`findPublicFile`, `findPaperFile`); this only gathers the reader and shapes the refusal.
 */
import { type AppLoadContext, redirect } from "@remix-run/cloudflare";
import { findPaperFile, findPublicFile, PAPER_FILE_KINDS, type FileReader, type PublicFileKind } from "~/models/file.server";
import { parseId } from "~/lib/params";
import { actsAsAdmin, loginUrl } from "~/server/auth/guards.server";
import { readApiSession } from "~/server/auth/session.server";
import { fileNotFound, serveStoredFile } from "~/server/file-response.server";
import { verifyDownloadToken } from "~/server/files/download-token.server";

type Ctx = Pick<AppLoadContext, "db" | "files" | "env" | "waitUntil" | "session">;

/** The signed-in user by cookie (a browser) or bearer token (a program), and the file a token names. */
export async function fileReader(context: Ctx, request: Request): Promise<FileReader & { tokenPresented: boolean }> {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  const tokenFileId = token ? await verifyDownloadToken(context.env.SESSION_SECRET, token, "download") : null;
  const browser = await context.session();
  const session = browser && !browser.secondFactorPending ? browser : await readApiSession(context.db, request, context.waitUntil, context.env.SESSION_SECRET);
  return { userId: session?.user.id ?? null, admin: session ? actsAsAdmin(session.user, context.env) : false, tokenFileId, tokenPresented: token !== null };
}

/** A public page's file by its generated name. */
export async function servePublicFile(context: Ctx, request: Request, kind: PublicFileKind, filename: string) {
  const readable = await findPublicFile(context, kind, filename, await fileReader(context, request));
  return readable ? serveStoredFile(request, context.files, readable) : fileNotFound();
}

/**
 * A paper's manuscript or blind copy (`/api/papers/{id}/download/{fullManuscript|blindCopyManuscript}`,
 * the newest; or one version of it, `…/{fileId}`).
 * Nobody signed in and no valid token: a browser goes to sign in and comes back, a program gets
 * 401; a download link that does not hold (expired, altered, for another file) gets 403 saying
 * so. Signed in but not an author nor an administrator: the same 404 as for a paper that does
 * not exist, so the answer tells nothing about other people's papers.
 */
export async function servePaperFile(context: Ctx, request: Request, params: { id?: string; fileKind?: string; fileId?: string }) {
  const paperId = parseId(params.id);
  const param = params.fileKind ?? "";
  const kind = Object.hasOwn(PAPER_FILE_KINDS, param) ? PAPER_FILE_KINDS[param as keyof typeof PAPER_FILE_KINDS] : null;
  // A version's own address names its file too (`…/download/{kind}/{fileId}`).
  const fileId = params.fileId === undefined ? undefined : parseId(params.fileId);
  if (paperId === null || !kind || fileId === null) return fileNotFound();
  const reader = await fileReader(context, request);
  const readable = await findPaperFile(context, paperId, kind, reader, fileId);
  if (readable) return serveStoredFile(request, context.files, readable);
  if (reader.userId !== null) return fileNotFound();
  const noStore = { "Cache-Control": "no-store" };
  if (reader.tokenPresented) {
    return Response.json({ message: "This download link has expired or is not valid. Ask for a new one." }, { status: 403, headers: noStore });
  }
  const wantsPage = (request.headers.get("Accept") ?? "").includes("text/html");
  if (wantsPage) return redirect(loginUrl(request), { headers: { "Cache-Control": "no-store" } });
  return Response.json(
    { message: "Sign in to download this file." },
    { status: 401, headers: { "Cache-Control": "no-store", "WWW-Authenticate": 'Bearer realm="api"' } },
  );
}
