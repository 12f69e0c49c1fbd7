import { useFetcher, useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type RefObject } from "react";

/**
 * Keeps a wizard step's fields in its server-side draft while the author types (with JavaScript):
 * a second after the last change the form is posted to `action` with `intent=save`, which the
 * server keeps unchecked (wizardStepPost). Without JavaScript every button of the step already
 * posts what it holds. Returns when the draft was last saved, for a quiet status line, and
 * `saveSoon` for a change the page makes without an input event (a card removed or moved).
 *
 * Saves go one at a time: a save due while the previous one is still on its way waits for it and
 * then posts what the form holds by then. Posting it at once would abort the first request in the
 * browser but not on the server, where the two could land in either order and the older draft win.
 */
export function useAutosave(formRef: RefObject<HTMLFormElement | null>, action: string, delayMs = 1000) {
  const fetcher = useFetcher<{ saved?: boolean }>();
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const busy = useRef(false);
  const due = useRef(false);
  busy.current = fetcher.state !== "idle";
  const submit = fetcher.submit;
  const navigating = useNavigation().state !== "idle";

  // A step that is being posted (Next, Previous, a card) carries what it holds: no save after it.
  useEffect(() => {
    if (!navigating) return;
    if (timer.current) clearTimeout(timer.current);
    due.current = false;
  }, [navigating]);

  const saveNow = useCallback(() => {
    const form = formRef.current;
    if (!form) return;
    if (busy.current) {
      due.current = true;
      return;
    }
    due.current = false;
    busy.current = true;
    const data = new FormData(form);
    data.set("intent", "save");
    submit(data, { method: "post", action });
  }, [formRef, action, submit]);

  /** Saves `wait` ms after the last call (typing waits a second; a card removed is saved at once). */
  const saveSoon = useCallback(
    (wait = delayMs) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(saveNow, wait);
    },
    [delayMs, saveNow],
  );

  // The save that waited for the previous one goes as soon as that one is answered.
  useEffect(() => {
    if (fetcher.state === "idle" && due.current) saveNow();
  }, [fetcher.state, saveNow]);

  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const schedule = () => saveSoon();
    form.addEventListener("input", schedule);
    form.addEventListener("change", schedule);
    return () => {
      form.removeEventListener("input", schedule);
      form.removeEventListener("change", schedule);
      if (timer.current) clearTimeout(timer.current);
    };
  }, [formRef, saveSoon]);

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.saved) setSavedAt(new Date());
  }, [fetcher.state, fetcher.data]);
  return { savedAt, saveSoon };
}

/** A save the page made in the background need not reload the page's data. */
export const isAutosave = (formData: FormData | undefined) => formData?.get("intent") === "save";
