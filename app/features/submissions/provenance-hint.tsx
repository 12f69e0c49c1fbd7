import { confidenceLevel, type ConfidenceLevel, type Provenance } from "./submission-form";

/** Each level's mark and words: told apart by the mark's shape and the words, never by colour alone. */
const LEVELS: Record<ConfidenceLevel, { mark: string; words: string }> = {
  high: { mark: "✔", words: "high confidence" },
  medium: { mark: "◐", words: "medium confidence" },
  low: { mark: "⚠", words: "low confidence: likely wrong, please check it" },
};

/**
 * Whether a pre-filled value is still the one the manuscript gave. A provenance without the value
 * read (kept before drafts stored it) counts as unchanged.
 */
export const stillAsRead = (provenance: Provenance, current: string | undefined) => provenance.value === undefined || current === undefined || current.trim() === provenance.value.trim();

/**
 * Where a pre-filled value came from and how sure the extraction is of it: "Filled in from your
 * manuscript (page 2), ✔ high confidence". Gone once the author changed the value (`current`,
 * compared with the value read: the server renders it from the draft, the page from what is typed).
 * `short` gives the card's and the field's form ("page 1 · ◐ medium confidence").
 */
export function ProvenanceHint({ provenance, current, short = false, id }: { provenance: Provenance | null | undefined; current?: string; short?: boolean; id?: string }) {
  if (!provenance || !stillAsRead(provenance, current)) return null;
  const level = confidenceLevel(provenance.confidence);
  const { mark, words } = LEVELS[level];
  const where = short ? (provenance.page ? `Read from page ${provenance.page}` : "Read from the manuscript") : `Filled in from your manuscript${provenance.page ? ` (page ${provenance.page})` : ""}`;
  return (
    <span className={`provenance provenance-${level}`} id={id} data-level={level}>
      {`${where}, `}
      <span className="provenance-level">
        <span className="provenance-mark" aria-hidden="true">
          {mark}
        </span>
        {` ${words}${short ? "" : "."}`}
      </span>
    </span>
  );
}
