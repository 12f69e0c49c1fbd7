/** HTML that a loader has already sanitised with the allow-list (see rich-text.server.ts). */
export function RichText({ html, className }: { html: string; className?: string }) {
  return <div className={["prose", className].filter(Boolean).join(" ")} dangerouslySetInnerHTML={{ __html: html }} />;
}
