import { photoUrl } from "./photo-gallery";
import { RichText } from "~/components/rich-text";

type Section = { key: string; title: string; html: string };

/**
 * The body of a conference page: its header photo and its filled rich sections, in the page's
 * order. The public page and the console's preview both render it, so the preview is the page.
 */
export function ConferenceSections({
  title,
  location,
  headerPhoto,
  sections,
}: {
  title: string;
  location: string;
  headerPhoto: { filename: string; altText?: string | null } | null;
  sections: Section[];
}) {
  return (
    <div>
      {headerPhoto ? (
        <img className="header-photo" src={photoUrl(headerPhoto.filename)} alt={headerPhoto.altText || `${title}, ${location}`} width={1200} height={450} fetchPriority="high" />
      ) : null}
      {sections.map((s) => (
        <section key={s.key} className="section" aria-labelledby={`section-${s.key}`}>
          <h2 id={`section-${s.key}`}>{s.title}</h2>
          <RichText html={s.html} />
        </section>
      ))}
    </div>
  );
}
