import { COUNTRIES } from "virtual:world-countries";
import { countryName } from "~/lib/countries";
import { useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useField, useFormContext } from "remix-validated-form";
import { FieldError, Options } from "~/components/form/fields";
import { FormMessage, useRefusal } from "~/components/form/messages";
import { useHydrated } from "~/components/hooks/use-hydrated";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ACADEMIC_RANKS } from "~/features/accounts/options";
import { ProvenanceHint } from "./provenance-hint";
import {
  type AuthorRow,
  type AuthorsRead,
  type AuthorTextField,
  emptyAuthor,
  type ExtractedAuthor,
  MAX_AUTHORS,
  missingAuthorFields,
  type Person,
  REQUIRED_AUTHOR_FIELDS,
  SUBMISSION_MESSAGES,
  submitterIndex,
} from "./submission-form";


/** A card's row with a key that stays with it through moves; the first keys are the rows' places, the same on the server and in the page. */
type Keyed = AuthorRow & { key: number };

type TextKey = AuthorTextField;
const LABELS: Record<TextKey, string> = {
  firstName: "First name",
  lastName: "Last name",
  email: "E-mail",
  institution: "Affiliation",
  department: "Department",
  rankTitle: "Academic rank",
  rankOther: "Rank (if Other)",
  country: "Country",
};
const isRequired = (f: string) => (REQUIRED_AUTHOR_FIELDS as readonly string[]).includes(f);

/**
 * One field of an author's card, posted as `authors[2][email]` (the form library reads it as row
 * 2's email and reports its error under `authors[2].email`). Under a required field the
 * extraction left empty: the spec's 'missing from AI extraction' note, which is then the field's
 * one message (a refused submit marks it as the error instead of adding '… is required.'). Under
 * a value still as the manuscript gave it: where it was read and how sure.
 */
function AuthorField({ i, field, row, read, pinned, children }: { i: number; field: TextKey; row: Keyed; read?: ExtractedAuthor; pinned?: string; children?: (props: Record<string, unknown>) => ReactNode }) {
  const { error, validate } = useField(`authors[${i}].${field}`);
  const form = useFormContext();
  const name = `authors[${i}][${field}]`;
  const id = `author-${row.key}-${field}`;
  const note = row.source === "extraction" && isRequired(field) && !row[field].trim();
  const noteIsError = note && error !== undefined && error.endsWith(" is required.");
  const shownError = noteIsError ? undefined : error;
  const readValue = read?.values[field];
  const hint = read && readValue && pinned === undefined ? { ...read, value: readValue } : null;
  const hintShown = hint !== null && row[field].trim() === readValue!.trim();
  const described = [note ? `${id}-note` : "", hintShown ? `${id}-read` : "", pinned !== undefined ? `${id}-pinned` : "", shownError ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  // A field with an error, or in a form already refused, is checked again as it changes: its message goes once it is right.
  const recheck = () => {
    if (error || form.hasBeenSubmitted) validate();
  };
  const props = {
    id,
    name,
    defaultValue: pinned ?? row[field],
    readOnly: pinned !== undefined || undefined,
    "aria-invalid": error ? true : undefined,
    "aria-required": isRequired(field) || undefined,
    "aria-describedby": described,
    onBlur: recheck,
    onChange: recheck,
  };
  return (
    <div className={`field author-${field}${error ? " has-error" : ""}`}>
      <label htmlFor={id}>
        {LABELS[field]}
        {isRequired(field) ? (
          <span className="required" aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {children ? children(props) : <input {...props} type={field === "email" ? "email" : "text"} maxLength={field === "email" ? 254 : 200} autoComplete="off" />}
      {note ? (
        <p className={noteIsError ? "field-error" : "field-note"} id={`${id}-note`}>
          {SUBMISSION_MESSAGES.missingFromExtraction}
        </p>
      ) : null}
      {hintShown ? (
        <p className="field-hint" id={`${id}-read`}>
          <ProvenanceHint provenance={hint} current={row[field]} short />
        </p>
      ) : null}
      {pinned !== undefined ? (
        <p className="field-note" id={`${id}-pinned`}>
          {SUBMISSION_MESSAGES.ownAddress}
        </p>
      ) : null}
      <FieldError name={id} error={shownError} />
    </div>
  );
}

/** "pages 1 and 2" */
const pagesText = (pages: number[]) => (pages.length === 0 ? "" : pages.length === 1 ? `page ${pages[0]}` : `pages ${pages.slice(0, -1).join(", ")} and ${pages.at(-1)}`);

/** How many people the manuscript named and where; who did not fit, by name; and how to drop those who are not authors. */
function AuthorsReadNotice({ read }: { read: AuthorsRead }) {
  const where = read.pages.length ? ` on ${pagesText(read.pages)}` : "";
  const people = `${read.count} ${read.count === 1 ? "person" : "people"}`;
  return (
    <div className="alert alert-info authors-read" role="status">
      <p>
        <strong>{`${people} read from your manuscript${where}; ${read.shown} shown.`}</strong>
        {read.leftOut.length
          ? ` A paper has at most ${MAX_AUTHORS} authors, so ${read.leftOut.length} ${read.leftOut.length === 1 ? "was" : "were"} left out: ${read.leftOut.join(", ")}. If one of them is an author, remove someone who is not and add them.`
          : null}
      </p>
      {read.count > 5 ? <p>Names in a note (thanks, acknowledgements) are read too: tick those who are not authors and press Remove selected, or use a card&apos;s Remove all below.</p> : null}
    </div>
  );
}

/**
 * Step 5: the authors as cards, in order (authorOrder is the position, renumbered from 1 after
 * every change). Cards start minimised, except a new one, one that lacks something and one a
 * refused submit found wrong (marked, and named in a list of links to its fields); a card with a
 * required field empty carries 'Missing Info'. Each card read from the manuscript says where and
 * how sure. Add, Remove, Move up / down and "Make corresponding" are submit buttons, and so are
 * Remove selected and Remove all below (`bulkRemove`): without JavaScript they post the whole
 * step (kept, nothing typed lost) and the server sends it back changed; with it they change the
 * cards in place and `onRowsChange` has the draft saved.
 */
/** Fields a form adds to each card (the office's editor: salutation, middle name, state, address), by where they stand. */
export type ExtraAuthorFields = (card: { i: number; row: AuthorRow & Record<string, unknown>; key: number }) => { beforeName?: ReactNode; afterFirstName?: ReactNode; afterCountry?: ReactNode; end?: ReactNode };

export function AuthorCards({
  initial,
  me,
  blocked,
  formId,
  extraFields,
  extracted,
  authorsRead,
  bulkRemove = false,
  onRowsChange,
}: {
  initial: AuthorRow[];
  me: Person | null;
  blocked: boolean;
  formId: string;
  extraFields?: ExtraAuthorFields;
  /** The authors as the manuscript gave them, which the cards name by `ref`. */
  extracted?: ExtractedAuthor[] | null;
  authorsRead?: AuthorsRead | null;
  bulkRemove?: boolean;
  /** Called after cards were added, removed, moved or made corresponding in the page. */
  onRowsChange?: () => void;
}) {
  const hydrated = useHydrated();
  const form = useFormContext(formId);
  const [rows, setRows] = useState<Keyed[]>(() => initial.map((row, i) => ({ ...row, key: i + 1 })));
  const nextKey = useRef(initial.length + 1);
  const keyed = (row: AuthorRow): Keyed => ({ ...row, key: nextKey.current++ });
  // A card just added without JavaScript comes back open (`added=1`), on the server and the client alike;
  // so does a card a refused submit found wrong.
  const [params] = useSearchParams();
  const added = params.get("added") === "1";
  const rowsWithErrors = (errors: Record<string, string>) => new Set(Object.keys(errors).flatMap((k) => /^authors\[(\d+)\]/.exec(k)?.[1] ?? []).map(Number));
  const [open, setOpen] = useState<Set<number>>(() => {
    const wrong = rowsWithErrors(form.fieldErrors);
    return new Set(rows.filter((r, i) => missingAuthorFields(r).length > 0 || wrong.has(i) || (added && i === rows.length - 1)).map((r) => r.key));
  });
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const [notice, setNotice] = useState<string | null>(null);
  const removedCount = Number(params.get("removed") ?? "");
  // Without JavaScript, Remove selected and Remove all below come back with what they did.
  const [removedNotice] = useState(() => (params.has("removed") && Number.isInteger(removedCount) ? removedText(removedCount, params.get("kept") === "1", rows.length) : null));
  const [announce, setAnnounce] = useState("");
  const [focusKey, setFocusKey] = useState<{ key: number; target: string } | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const blurTimers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const mine = me ? submitterIndex(rows, me) : -1;
  const meListed = me ? mine >= 0 : true;
  // Tried: submitted in the page, or refused by the server (a post without JavaScript).
  const refusal = useRefusal();
  const tried = form.hasBeenSubmitted || blocked || Boolean(refusal?.fieldErrors);

  // Errors are kept by field name, and a moved or removed card's fields change names: check again
  // once the cards are in place (after a refused submit), or drop the old errors. A change of the
  // corresponding author is checked again too (the list's own message). Every such change is kept.
  const shape = rows.map((r) => `${r.key}${r.isCorresponding ? "*" : ""}`).join();
  const firstShape = useRef(shape);
  useEffect(() => {
    if (shape === firstShape.current) return;
    firstShape.current = shape;
    if (form.hasBeenSubmitted || Object.keys(form.fieldErrors).length) void form.validate().then((result) => result.error || form.clearAllErrors());
    onRowsChange?.();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shape]);

  // A refused submit opens the cards that hold an error, so the author sees (and focus reaches) them.
  const errorRows = [...rowsWithErrors(form.fieldErrors)].join();
  useEffect(() => {
    if (!errorRows) return;
    const keys = errorRows.split(",").map((i) => rows[Number(i)]?.key);
    setOpen((o) => new Set([...o, ...keys.filter((k): k is number => k !== undefined)]));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [errorRows]);

  useEffect(() => {
    if (!focusKey) return;
    if (focusKey.target === "list") return void list.current?.focus();
    const card = list.current?.querySelector<HTMLElement>(`[data-row="${focusKey.key}"]`);
    const target = focusKey.target === "first" ? card?.querySelector<HTMLElement>("input:not([type=hidden]):not([type=checkbox]), select") : card?.querySelector<HTMLElement>(`button[data-act="${focusKey.target}"]:not(:disabled)`);
    (target ?? card?.querySelector<HTMLElement>("button[data-act]:not(:disabled)"))?.focus();
  }, [focusKey]);

  const update = (key: number, change: Partial<AuthorRow>) => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const toggle = (key: number, value: boolean) =>
    setOpen((o) => {
      const next = new Set(o);
      if (value) next.add(key);
      else next.delete(key);
      return next;
    });

  /** Removes the cards at `indexes` but the signed-in author's; focus goes to the card now where the first one was. */
  const removeMany = (indexes: number[]) => {
    setNotice(null);
    const drop = new Set(indexes.filter((i) => i !== mine));
    const next = rows.filter((_, j) => !drop.has(j));
    setRows(next);
    setSelected(new Set());
    setAnnounce(removedText(drop.size, indexes.includes(mine), next.length));
    const first = Math.min(...indexes);
    const neighbour = next[Math.min(first, next.length - 1)];
    setFocusKey(neighbour ? { key: neighbour.key, target: "remove" } : { key: 0, target: "list" });
  };

  const act = (verb: "up" | "down" | "remove" | "corresponding", i: number) => {
    const row = rows[i]!;
    setNotice(null);
    if (verb === "remove") {
      if (i === mine) {
        setNotice(SUBMISSION_MESSAGES.cannotRemoveCurrentUser);
        return;
      }
      const next = rows.filter((_, j) => j !== i);
      setRows(next);
      setSelected((sel) => new Set([...sel].filter((k) => k !== row.key)));
      setAnnounce(`Author removed. ${next.length} author${next.length === 1 ? "" : "s"} left.`);
      const neighbour = next[Math.min(i, next.length - 1)];
      if (neighbour) setFocusKey({ key: neighbour.key, target: "remove" });
      return;
    }
    if (verb === "corresponding") {
      setRows(rows.map((r, j) => ({ ...r, isCorresponding: j === i })));
      return;
    }
    const to = verb === "up" ? i - 1 : i + 1;
    if (to < 0 || to >= rows.length) return;
    const next = [...rows];
    [next[i], next[to]] = [next[to]!, next[i]!];
    setRows(next);
    setAnnounce(`Author moved to position ${to + 1} of ${rows.length}.`);
    // Focus stays on the button pressed, on the card where it now is (the other one once it is disabled at an end).
    setFocusKey({ key: row.key, target: verb });
  };

  const button = (intent: string, label: string, text: string, onClick: () => void, extra: { disabled?: boolean; act?: string } = {}) => (
    <Button
      type="submit"
      name="intent"
      value={intent}
      variant="outline"
      size="small"
      formNoValidate
      disabled={extra.disabled}
      data-act={extra.act}
      aria-label={label}
      onClick={(e) => {
        if (!hydrated) return;
        e.preventDefault();
        onClick();
      }}
    >
      {text}
    </Button>
  );

  const listError = useField("authors").error;
  // Every card's field a refused submit found wrong, as links to the field: the message says where.
  const wrongFields = tried
    ? rows.flatMap((row, i) =>
        Object.entries(form.fieldErrors)
          .filter(([k]) => k.startsWith(`authors[${i}].`))
          .map(([k, message]) => {
            const field = k.slice(`authors[${i}].`.length) as TextKey;
            return { href: `#author-${row.key}-${field}`, text: `Author ${i + 1} (${`${row.firstName} ${row.lastName}`.trim() || "new author"}), ${LABELS[field] ?? field}: ${message}` };
          }),
      )
    : [];
  const selectedIndexes = rows.flatMap((r, i) => (selected.has(r.key) ? [i] : []));
  return (
    <div className="author-cards">
      <p className="form-intro">
        List every author in the order of the manuscript. Open a card to check or complete it; fields marked * are required for every author, and one author is the corresponding author.
      </p>
      {authorsRead && authorsRead.count > 0 ? <AuthorsReadNotice read={authorsRead} /> : null}
      {removedNotice ? <FormMessage tone="success">{removedNotice}</FormMessage> : null}
      {!meListed ? (
        tried ? (
          <div className="alert alert-error" role="alert">
            <strong className="blocked-title">{SUBMISSION_MESSAGES.blocked}</strong> {SUBMISSION_MESSAGES.currentUserMissing}
          </div>
        ) : (
          <FormMessage tone="warning">{SUBMISSION_MESSAGES.currentUserMissing}</FormMessage>
        )
      ) : null}
      {notice ? (
        <div className="alert alert-error" role="alert">
          {notice}
        </div>
      ) : null}
      {wrongFields.length ? (
        <div className="author-errors" aria-labelledby="author-errors-title">
          <p id="author-errors-title" className="field-error">
            To correct before submitting:
          </p>
          <ul>
            {wrongFields.map((w) => (
              <li key={w.href}>
                <a href={w.href}>{w.text}</a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {bulkRemove && rows.length > 1 ? (
        <div className="author-bulk">
          {button(`author:remove-selected`, hydrated ? `Remove selected (${selectedIndexes.length})` : "Remove selected", hydrated ? `Remove selected (${selectedIndexes.length})` : "Remove selected", () => removeMany(selectedIndexes), {
            disabled: hydrated && selectedIndexes.length === 0,
          })}
        </div>
      ) : null}
      <ol className="author-list" ref={list} tabIndex={-1} aria-label="Authors">
        {rows.map((row, i) => {
          const missing = missingAuthorFields(row);
          const isMe = i === mine;
          const name = `${row.firstName} ${row.lastName}`.trim() || "New author";
          const isOpen = open.has(row.key);
          const where = `author ${i + 1}, ${name}`;
          const extra = extraFields?.({ i, row, key: row.key }) ?? {};
          const read = row.ref !== "" ? (extracted?.[Number(row.ref)] ?? undefined) : undefined;
          const wrong = wrongFields.some((w) => w.href.startsWith(`#author-${row.key}-`));
          return (
            <li
              key={row.key}
              id={`author-${i + 1}`}
              data-row={row.key}
              className={`author-card${missing.length ? " is-incomplete" : ""}${wrong ? " has-error" : ""}`}
              onInput={(e) => {
                const t = e.target as HTMLInputElement;
                const field = /\]\[(\w+)\]$/.exec(t.name)?.[1] as TextKey | undefined;
                if (field && field in LABELS) update(row.key, { [field]: t.value });
              }}
              onFocus={() => {
                const timer = blurTimers.current.get(row.key);
                if (timer) clearTimeout(timer);
              }}
              onBlur={(e) => {
                // An open card folds 100 ms after focus leaves it, unless it still lacks something or holds an error.
                const card = e.currentTarget;
                blurTimers.current.set(
                  row.key,
                  setTimeout(() => {
                    if (!card.contains(document.activeElement) && !card.classList.contains("has-error") && missingAuthorFields(rows.find((r) => r.key === row.key) ?? row).length === 0) toggle(row.key, false);
                  }, 100),
                );
              }}
            >
              <div className="author-card-head">
                {bulkRemove ? (
                  <input
                    type="checkbox"
                    className="author-select"
                    name="selected"
                    value={i}
                    aria-label={`Select ${where}`}
                    disabled={isMe || undefined}
                    {...(hydrated ? { checked: selected.has(row.key), onChange: (e: React.ChangeEvent<HTMLInputElement>) => setSelected((sel) => new Set(e.target.checked ? [...sel, row.key] : [...sel].filter((k) => k !== row.key))) } : {})}
                  />
                ) : null}
                <h3 className="author-card-title">
                  <span className="author-order">{i + 1}.</span> {name}
                </h3>
                <div className="author-badges">
                  {isMe ? <Badge tone="primary">You</Badge> : null}
                  {row.isCorresponding ? <Badge tone="success">Corresponding</Badge> : null}
                  {missing.length ? <Badge tone="warning">Missing Info</Badge> : null}
                  {wrong ? <Badge tone="danger">Check this card</Badge> : null}
                </div>
                <div className="author-actions">
                  {button(`author:up:${i}`, `Move ${where} up`, "↑", () => act("up", i), { disabled: i === 0, act: "up" })}
                  {button(`author:down:${i}`, `Move ${where} down`, "↓", () => act("down", i), { disabled: i === rows.length - 1, act: "down" })}
                  {button(`author:remove:${i}`, `Remove ${where}`, "Remove", () => act("remove", i), { act: "remove" })}
                  {bulkRemove && i < rows.length - 1
                    ? button(`author:remove-below:${i}`, `Remove all below ${where}`, "Remove all below", () => removeMany(rows.map((_, j) => j).filter((j) => j > i)), { act: "below" })
                    : null}
                </div>
              </div>
              <p className="author-card-summary">{[row.email, row.institution, row.country && countryName(row.country)].filter(Boolean).join(" · ") || "No details yet."}</p>
              <p className="author-card-source">
                {read ? (
                  <ProvenanceHint provenance={read} short />
                ) : row.source === "profile" ? (
                  "From your profile."
                ) : row.source === "extraction" ? (
                  "Read from the manuscript."
                ) : null}
              </p>
              <details open={isOpen} onToggle={(e) => toggle(row.key, (e.currentTarget as HTMLDetailsElement).open)}>
                <summary>
                  {isOpen ? "Hide details" : "Edit details"}
                  <span className="visually-hidden"> of {where}</span>
                </summary>
                <div className="author-fields">
                  <input type="hidden" name={`authors[${i}][source]`} value={row.source} />
                  {row.ref !== "" ? <input type="hidden" name={`authors[${i}][ref]`} value={row.ref} /> : null}
                  {extra.beforeName}
                  <AuthorField i={i} field="firstName" row={row} read={read} />
                  {extra.afterFirstName}
                  <AuthorField i={i} field="lastName" row={row} read={read} />
                  <AuthorField i={i} field="email" row={row} read={read} pinned={isMe ? me?.email : undefined} />
                  <AuthorField i={i} field="institution" row={row} read={read} />
                  <AuthorField i={i} field="department" row={row} read={read} />
                  <AuthorField i={i} field="country" row={row} read={read}>
                    {(props) => (
                      <select
                        {...props}
                        onChange={(e) => {
                          update(row.key, { country: e.target.value });
                          (props.onChange as () => void)();
                        }}
                      >
                        <option value="">Select…</option>
                        <Options options={COUNTRIES} />
                      </select>
                    )}
                  </AuthorField>
                  {extra.afterCountry}
                  <AuthorField i={i} field="rankTitle" row={row}>
                    {(props) => (
                      <select
                        {...props}
                        onChange={(e) => {
                          update(row.key, { rankTitle: e.target.value, ...(e.target.value === "Other" ? {} : { rankOther: "" }) });
                          (props.onChange as () => void)();
                        }}
                      >
                        <option value="">Select…</option>
                        <Options options={ACADEMIC_RANKS} />
                      </select>
                    )}
                  </AuthorField>
                  {/* Without JavaScript the free text is always there (used only when rank is Other). */}
                  {!hydrated || row.rankTitle === "Other" ? <AuthorField key={row.rankTitle === "Other" ? "other" : "none"} i={i} field="rankOther" row={row} /> : null}
                  {extra.end}
                  <div className="field-check author-corresponding">
                    <label className="inline-check">
                      <input
                        type="checkbox"
                        name={`authors[${i}][isCorresponding]`}
                        value="on"
                        {...(hydrated
                          ? {
                              checked: row.isCorresponding,
                              // Ticking one author unticks the others; unticking is allowed.
                              onChange: (e) => setRows(rows.map((r) => ({ ...r, isCorresponding: r.key === row.key ? e.target.checked : e.target.checked ? false : r.isCorresponding }))),
                            }
                          : { defaultChecked: row.isCorresponding })}
                      />{" "}
                      Corresponding author
                    </label>
                    {!hydrated && !row.isCorresponding ? button(`author:corresponding:${i}`, `Make ${where} the corresponding author`, "Make corresponding", () => act("corresponding", i)) : null}
                  </div>
                </div>
              </details>
            </li>
          );
        })}
      </ol>
      <FieldError name="authors" error={listError} />
      <p className="visually-hidden" role="status">
        {announce}
      </p>
      <div>
        {button(
          "author:add",
          "Add an author",
          "Add author",
          () => {
            const row = keyed(emptyAuthor("added"));
            setRows([...rows, row]);
            toggle(row.key, true);
            setFocusKey({ key: row.key, target: "first" });
            setAnnounce(`Author ${rows.length + 1} added.`);
          },
          { disabled: rows.length >= MAX_AUTHORS },
        )}
      </div>
    </div>
  );
}

/** What a removal of several cards says (to a screen reader, and after a post without JavaScript). */
function removedText(removed: number, keptMine: boolean, left: number) {
  return `${removed} author${removed === 1 ? "" : "s"} removed; ${left} left.${keptMine ? " Your own card stays: the person who submits is always an author." : ""}`;
}
