/**
 * Reading a posted form. A body that is not a well-formed form (a multipart body cut short or
 * garbled, a wrong Content-Type) is the sender's fault: a 400 with a plain explanation, never
 * a 500. A body cut off at the size limit is answered 413 by the Worker, whatever this says.
 */
export const UNREADABLE_FORM = "The form could not be read: it arrived incomplete or malformed. Nothing was saved. Reload the page and try again.";

export async function readForm(request: Pick<Request, "formData">): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw new Response(UNREADABLE_FORM, { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
}
