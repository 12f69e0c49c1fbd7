import * as Tabs from "@radix-ui/react-tabs";
import { useFetcher } from "@remix-run/react";
import { type ReactNode, useState } from "react";
import { useCsrfToken } from "~/components/csrf-field";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/components/hooks/use-hydrated";

/**
 * A console editor's Form and Preview tabs. The preview asks the server (the form posted with
 * `intent=preview`, without its files), so it shows the text sanitised exactly as the public
 * page will. Without JavaScript the form alone, with a Preview button (`EditorActions`) that posts
 * the same way; the page then shows that preview (`posted`) above the form.
 */
export function FormAndPreview<P>({
  label,
  form,
  formRef,
  fileFields,
  posted,
  render,
}: {
  label: string;
  form: ReactNode;
  formRef: React.RefObject<HTMLFormElement | null>;
  /** File inputs to leave out of a preview. */
  fileFields: string[];
  /** A preview the page's own post returned (without JavaScript). */
  posted?: P;
  render: (preview: P) => ReactNode;
}) {
  const hydrated = useHydrated();
  const [tab, setTab] = useState("form");
  const fetcher = useFetcher<{ preview?: P }>();
  const csrf = useCsrfToken();
  if (!hydrated) {
    return (
      <>
        {posted ? (
          <section aria-labelledby="preview-title">
            <h3 id="preview-title">Preview</h3>
            {render(posted)}
            <p className="field-hint">Files you chose are not kept by a preview: choose them again before saving.</p>
          </section>
        ) : null}
        {form}
      </>
    );
  }
  return (
    <Tabs.Root
      value={tab}
      onValueChange={(next) => {
        setTab(next);
        if (next === "preview" && formRef.current) {
          const data = new FormData(formRef.current);
          data.set("intent", "preview");
          data.set("_csrf", csrf);
          for (const f of fileFields) data.delete(f);
          fetcher.submit(data, { method: "post" });
        }
      }}
      className="tabs-inline"
    >
      <Tabs.List aria-label={label}>
        <Tabs.Trigger value="form">Form</Tabs.Trigger>
        <Tabs.Trigger value="preview">Preview</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="form" forceMount hidden={tab !== "form"}>
        {form}
      </Tabs.Content>
      <Tabs.Content value="preview">
        {fetcher.state !== "idle" || !fetcher.data?.preview ? <p className="loading">Preparing the preview…</p> : render(fetcher.data.preview)}
      </Tabs.Content>
    </Tabs.Root>
  );
}

/** An editor's buttons: save (named for a new or an existing record), and Preview without JavaScript. */
export function EditorActions({ busy, createLabel, isNew }: { busy: boolean; createLabel: string; isNew: boolean }) {
  return (
    <div className="form-actions">
      <Button type="submit" name="intent" value="save" aria-disabled={busy || undefined}>
        {busy ? "Saving..." : isNew ? createLabel : "Save Changes"}
      </Button>
      <noscript>
        <Button type="submit" name="intent" value="preview" variant="outline">
          Preview
        </Button>
      </noscript>
    </div>
  );
}
