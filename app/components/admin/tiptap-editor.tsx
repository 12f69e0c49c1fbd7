import { EditorContent, useEditor, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { type KeyboardEvent, type MutableRefObject, useEffect, useRef, useState } from "react";
import { getNonce } from "get-nonce";
import { isSafeLink, LINK_RULE } from "~/lib/safe-url";

type Command = { label: string; run: (e: Editor) => void; active?: (e: Editor) => boolean };

const COMMANDS: Command[] = [
  { label: "H1", run: (e) => e.chain().focus().toggleHeading({ level: 1 }).run(), active: (e) => e.isActive("heading", { level: 1 }) },
  { label: "H2", run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(), active: (e) => e.isActive("heading", { level: 2 }) },
  { label: "H3", run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(), active: (e) => e.isActive("heading", { level: 3 }) },
  { label: "Bold", run: (e) => e.chain().focus().toggleBold().run(), active: (e) => e.isActive("bold") },
  { label: "Italic", run: (e) => e.chain().focus().toggleItalic().run(), active: (e) => e.isActive("italic") },
  { label: "Bulleted list", run: (e) => e.chain().focus().toggleBulletList().run(), active: (e) => e.isActive("bulletList") },
  { label: "Numbered list", run: (e) => e.chain().focus().toggleOrderedList().run(), active: (e) => e.isActive("orderedList") },
  { label: "Undo", run: (e) => e.chain().focus().undo().run() },
  { label: "Redo", run: (e) => e.chain().focus().redo().run() },
];

/**
 * Tiptap with the spec's settings; its HTML goes into a hidden input of the same name. `onChange`
 * runs once that input holds the new HTML (so a form check reads what the editor shows).
 */
export default function TiptapEditor({
  name,
  labelId,
  describedBy,
  defaultValue,
  invalid,
  required,
  onChange,
  onBlur,
  focusRef,
}: {
  name: string;
  labelId: string;
  describedBy: string;
  defaultValue: string;
  invalid: boolean;
  required?: boolean;
  onChange?: () => void;
  onBlur?: () => void;
  focusRef?: MutableRefObject<(() => void) | null>;
}) {
  // The page's CSP nonce (set from the document in entry.client.tsx): Tiptap's own <style> needs it.
  const nonce = getNonce() ?? undefined;
  const [html, setHtml] = useState(defaultValue);
  const edited = useRef(false);
  const changed = useRef(onChange);
  changed.current = onChange;
  useEffect(() => {
    if (edited.current) changed.current?.();
  }, [html]);
  const blurred = useRef(onBlur);
  blurred.current = onBlur;
  const attributes: Record<string, string> = {
    id: name,
    role: "textbox",
    "aria-multiline": "true",
    "aria-labelledby": labelId,
    "aria-describedby": describedBy,
    ...(invalid ? { "aria-invalid": "true" } : {}),
    ...(required ? { "aria-required": "true" } : {}),
    class: "rich-editor-content prose",
  };
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3] },
        undoRedo: { depth: 100, newGroupDelay: 1000 },
        // Links follow the sanitiser's rule, here as well as on the server.
        link: { openOnClick: false, isAllowedUri: (url) => isSafeLink(url) },
      }),
    ],
    content: defaultValue,
    immediatelyRender: false,
    injectNonce: nonce,
    editorProps: { attributes },
    onUpdate: ({ editor: e }) => {
      edited.current = true;
      setHtml(e.isEmpty ? "" : e.getHTML());
    },
    onBlur: () => blurred.current?.(),
  });
  if (focusRef) focusRef.current = () => editor?.commands.focus();
  // The field's error comes and goes as the form is checked: the editable element says so too.
  const attributesKey = JSON.stringify(attributes);
  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.setOptions({ editorProps: { attributes: JSON.parse(attributesKey) as Record<string, string> } });
  }, [editor, attributesKey]);
  const link = useLinkPanel(editor);
  return (
    <div className="rich-editor">
      <div className="rich-editor-toolbar" role="toolbar" aria-label="Formatting">
        {COMMANDS.map((c) => (
          <button key={c.label} type="button" className="btn btn-outline btn-small" aria-pressed={c.active && editor ? c.active(editor) : undefined} onClick={() => editor && c.run(editor)} disabled={!editor}>
            {c.label}
          </button>
        ))}
        <button
          type="button"
          className="btn btn-outline btn-small"
          aria-pressed={editor ? editor.isActive("link") : undefined}
          aria-expanded={link.open}
          aria-controls={`${name}-link-panel`}
          onClick={link.toggle}
          disabled={!editor}
        >
          Link
        </button>
      </div>
      {link.open ? (
        <div className="rich-editor-link" id={`${name}-link-panel`} role="group" aria-label="Link">
          <label htmlFor={`${name}-link`}>Link address</label>
          <div className="rich-editor-link-row">
            <input
              id={`${name}-link`}
              ref={link.input}
              type="text"
              inputMode="url"
              autoComplete="url"
              spellCheck={false}
              placeholder="https://…"
              value={link.href}
              onChange={(e) => link.setHref(e.target.value)}
              onKeyDown={link.onKeyDown}
              aria-invalid={link.error ? true : undefined}
              aria-describedby={`${name}-link-hint${link.error ? ` ${name}-link-error` : ""}`}
            />
            <button type="button" className="btn btn-primary btn-small" onClick={link.apply}>
              Apply
            </button>
            {link.editing ? (
              <button type="button" className="btn btn-outline btn-small" onClick={link.remove}>
                Remove link
              </button>
            ) : null}
            <button type="button" className="btn btn-outline btn-small" onClick={link.close}>
              Cancel
            </button>
          </div>
          <p className="field-hint" id={`${name}-link-hint`}>
            Select text first to link it; otherwise the address itself is inserted as the link. {LINK_RULE}
          </p>
          {link.error ? (
            <p className="field-error" id={`${name}-link-error`}>
              {link.error}
            </p>
          ) : null}
        </div>
      ) : null}
      <EditorContent editor={editor} />
      <input type="hidden" name={name} value={html} />
    </div>
  );
}

/**
 * The Link button's panel: an address field (not a form of its own: the editor sits inside the
 * record's form, so Enter applies instead of submitting), checked by the sanitiser's rule.
 */
function useLinkPanel(editor: Editor | null) {
  const [open, setOpen] = useState(false);
  const [href, setHref] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);
  const close = () => {
    setOpen(false);
    setError(null);
    editor?.commands.focus();
  };
  const toggle = () => {
    if (!editor) return;
    if (open) return close();
    const current = editor.isActive("link") ? String(editor.getAttributes("link").href ?? "") : "";
    setHref(current);
    setEditing(current !== "");
    setError(null);
    setOpen(true);
  };
  const apply = () => {
    if (!editor) return;
    const url = href.trim();
    if (!isSafeLink(url)) {
      setError(url ? LINK_RULE : "Enter the link's address.");
      input.current?.focus();
      return;
    }
    const chain = editor.chain().focus();
    if (editor.state.selection.empty && !editor.isActive("link")) {
      chain.insertContent({ type: "text", text: url, marks: [{ type: "link", attrs: { href: url } }] }).run();
    } else {
      chain.extendMarkRange("link").setLink({ href: url }).run();
    }
    setOpen(false);
    setError(null);
  };
  const remove = () => {
    editor?.chain().focus().extendMarkRange("link").unsetLink().run();
    setOpen(false);
    setError(null);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "Enter") {
      e.preventDefault();
      apply();
    }
  };
  return { open, href, setHref, error, editing, input, toggle, apply, remove, close, onKeyDown };
}
