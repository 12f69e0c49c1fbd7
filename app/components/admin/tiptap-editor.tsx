import { EditorContent, useEditor, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { type MutableRefObject, useEffect, useRef, useState } from "react";
import { getNonce } from "get-nonce";

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
    extensions: [StarterKit.configure({ heading: { levels: [1, 2, 3] }, undoRedo: { depth: 100, newGroupDelay: 1000 }, link: { openOnClick: false } })],
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
  return (
    <div className="rich-editor">
      <div className="rich-editor-toolbar" role="toolbar" aria-label="Formatting">
        {COMMANDS.map((c) => (
          <button key={c.label} type="button" className="btn btn-outline btn-small" aria-pressed={c.active && editor ? c.active(editor) : undefined} onClick={() => editor && c.run(editor)} disabled={!editor}>
            {c.label}
          </button>
        ))}
      </div>
      <EditorContent editor={editor} />
      <input type="hidden" name={name} value={html} />
    </div>
  );
}
