/**
 * A paper's keywords and JEL codes as My Submissions, the last look before Submit and the
 * console's paper details show them; nothing for a paper with neither.
 */
export function PaperKeywords({ keywords, jelCodes, className = "paper-keywords" }: { keywords: readonly string[]; jelCodes: readonly string[]; className?: string }) {
  if (!keywords.length && !jelCodes.length) return null;
  return (
    <dl className={className}>
      {keywords.length ? (
        <div>
          <dt>Keywords</dt>
          <dd>{keywords.join(", ")}</dd>
        </div>
      ) : null}
      {jelCodes.length ? (
        <div>
          <dt>JEL codes</dt>
          <dd>{jelCodes.join(", ")}</dd>
        </div>
      ) : null}
    </dl>
  );
}
