import { EditorContent, useEditor, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useState } from "react";
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

/** Tiptap with the spec's settings; its HTML goes into a hidden input of the same name. */
export default function TiptapEditor({ name, labelId, describedBy, defaultValue, invalid }: { name: string; labelId: string; describedBy: string; defaultValue: string; invalid: boolean }) {
  // The page's CSP nonce (set from the document in entry.client.tsx): Tiptap's own <style> needs it.
  const nonce = getNonce() ?? undefined;
  const [html, setHtml] = useState(defaultValue);
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [1, 2, 3] }, undoRedo: { depth: 100, newGroupDelay: 1000 }, link: { openOnClick: false } })],
    content: defaultValue,
    immediatelyRender: false,
    injectNonce: nonce,
    editorProps: {
      attributes: {
        id: name,
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        "aria-describedby": describedBy,
        ...(invalid ? { "aria-invalid": "true" } : {}),
        class: "rich-editor-content prose",
      },
    },
    onUpdate: ({ editor: e }) => setHtml(e.isEmpty ? "" : e.getHTML()),
  });
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
