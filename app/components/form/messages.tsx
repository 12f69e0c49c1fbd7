/**
 * A form's messages and the refusal of the page's last post: plain React and Remix, without the
 * validated-form fields (`fields.tsx`), so a page whose form needs no field checks in the browser
 * (signing in) does not load them.
 */
import { useActionData } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { isRefusal, type Refusal } from "~/lib/refusal";

/**
 * A message for the whole form (the spec's step and submission messages), announced politely.
 * `answered`: the message answers the post just made, so the page opens at it: without
 * JavaScript the browser focuses it as the page loads (`autofocus`, scrolled into view), with it
 * the message takes the focus when the answer arrives. Every form's refusal is shown this way
 * (`InvalidFormMessage`, `RefusalMessage`), so no answer starts below the fold.
 */
export function FormMessage({ tone, children, id, answered = false }: { tone: "error" | "success" | "info" | "warning"; children: ReactNode; id?: string; answered?: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const answer = useActionData();
  useEffect(() => {
    if (answered) ref.current?.focus();
  }, [answered, answer]);
  return (
    <div ref={ref} id={id} className={`alert alert-${tone}`} role={tone === "error" ? "alert" : "status"} {...(answered ? { tabIndex: -1, autoFocus: true } : {})}>
      {children}
    </div>
  );
}

/** The refusal of this page's last post, if its last post was refused (`acts`). */
export function useRefusal(): Refusal | undefined {
  const answer = useActionData();
  return isRefusal(answer) ? answer : undefined;
}

/** The refusal of the last post if it belongs to the form `formId` (or the page has one form). */
export function useRefusalOf(formId?: string): Refusal | undefined {
  const refusal = useRefusal();
  return refusal && (!formId || !refusal.formId || refusal.formId === formId) ? refusal : undefined;
}

/** The refusal's sentence where a form shows its errors, or nothing. */
export function RefusalMessage({ formId }: { formId?: string }) {
  const refusal = useRefusalOf(formId);
  return refusal ? (
    <FormMessage tone="error" answered>
      {refusal.message}
    </FormMessage>
  ) : null;
}

/** The last post's refusal when it names no field (a limit, a conflict, a fault): what `InvalidFormMessage` leaves to the page. */
export function RefusalOfNoField({ formId }: { formId?: string }) {
  const refusal = useRefusalOf(formId);
  return refusal && !refusal.fieldErrors ? (
    <FormMessage tone="error" answered>
      {refusal.message}
    </FormMessage>
  ) : null;
}
