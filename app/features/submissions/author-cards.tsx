import { COUNTRIES } from "virtual:world-countries";
import { useSearchParams } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useField, useFormContext } from "remix-validated-form";
import { FieldError, FormMessage, Options } from "~/components/form/fields";
import { useHydrated } from "~/components/hooks/use-hydrated";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ACADEMIC_RANKS } from "~/features/accounts/options";
import { type AuthorRow, emptyAuthor, MAX_AUTHORS, missingAuthorFields, type Person, REQUIRED_AUTHOR_FIELDS, SUBMISSION_MESSAGES, submitterIndex } from "./submission-form";

const COUNTRY_NAMES = new Map(COUNTRIES);

type Keyed = AuthorRow & { key: number };
let nextKey = 1;
const keyed = (row: AuthorRow): Keyed => ({ ...row, key: nextKey++ });

type TextKey = Exclude<keyof AuthorRow, "isCorresponding" | "source">;
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
 * extraction left empty: the spec's 'missing from AI extraction' note.
 */
function AuthorField({ i, field, row, pinned, children }: { i: number; field: TextKey; row: Keyed; pinned?: string; children?: (props: Record<string, unknown>) => ReactNode }) {
  const { error } = useField(`authors[${i}].${field}`);
  const name = `authors[${i}][${field}]`;
  const id = `author-${row.key}-${field}`;
  const note = row.source === "extraction" && isRequired(field) && !row[field].trim();
  const described = [note ? `${id}-note` : "", pinned !== undefined ? `${id}-pinned` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  const props = {
    id,
    name,
    defaultValue: pinned ?? row[field],
    readOnly: pinned !== undefined || undefined,
    "aria-invalid": error ? true : undefined,
    "aria-required": isRequired(field) || undefined,
    "aria-describedby": described,
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
        <p className="field-note" id={`${id}-note`}>
          {SUBMISSION_MESSAGES.missingFromExtraction}
        </p>
      ) : null}
      {pinned !== undefined ? (
        <p className="field-note" id={`${id}-pinned`}>
          {SUBMISSION_MESSAGES.ownAddress}
        </p>
      ) : null}
      <FieldError name={id} error={error} />
    </div>
  );
}

/**
 * Step 5: the authors as cards, in order (authorOrder is the position, renumbered from 1 after
 * every change). Cards start minimised, except a new one and one that lacks something; a card
 * with a required field empty carries 'Missing Info'. Add, Remove, Move up / down and "Make
 * corresponding" are submit buttons: without JavaScript they post the whole step (kept, nothing
 * typed lost) and the server sends it back changed; with it they change the cards in place.
 */
/** Fields a form adds to each card (the office's editor: salutation, middle name, state, address), by where they stand. */
export type ExtraAuthorFields = (card: { i: number; row: AuthorRow & Record<string, unknown>; key: number }) => { beforeName?: ReactNode; afterFirstName?: ReactNode; afterCountry?: ReactNode; end?: ReactNode };

export function AuthorCards({ initial, me, blocked, formId, extraFields }: { initial: AuthorRow[]; me: Person | null; blocked: boolean; formId: string; extraFields?: ExtraAuthorFields }) {
  const hydrated = useHydrated();
  const form = useFormContext(formId);
  const [rows, setRows] = useState<Keyed[]>(() => initial.map(keyed));
  // A card just added without JavaScript comes back open (`added=1`), on the server and the client alike.
  const [params] = useSearchParams();
  const added = params.get("added") === "1";
  const [open, setOpen] = useState<Set<number>>(() => new Set(rows.filter((r, i) => missingAuthorFields(r).length > 0 || (added && i === rows.length - 1)).map((r) => r.key)));
  const [notice, setNotice] = useState<string | null>(null);
  const [announce, setAnnounce] = useState("");
  const [focusKey, setFocusKey] = useState<{ key: number; target: string } | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const blurTimers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const mine = me ? submitterIndex(rows, me) : -1;
  const meListed = me ? mine >= 0 : true;
  const tried = form.hasBeenSubmitted || blocked;

  // Errors are kept by field name, and a moved or removed card's fields change names: check again
  // once the cards are in place (after a refused submit), or drop the old errors.
  const firstRows = useRef(rows);
  useEffect(() => {
    if (rows === firstRows.current) return;
    if (form.hasBeenSubmitted) void form.validate().then((result) => result.error || form.clearAllErrors());
    else form.clearAllErrors();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows.map((r) => r.key).join()]);

  // A refused submit opens the cards that hold an error, so the author sees (and focus reaches) them.
  const errorRows = Object.keys(form.fieldErrors)
    .map((k) => /^authors\[(\d+)\]/.exec(k)?.[1])
    .filter((v): v is string => v !== undefined)
    .join();
  useEffect(() => {
    if (!errorRows) return;
    const keys = errorRows.split(",").map((i) => rows[Number(i)]?.key);
    setOpen((o) => new Set([...o, ...keys.filter((k): k is number => k !== undefined)]));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [errorRows]);

  useEffect(() => {
    if (!focusKey) return;
    const card = list.current?.querySelector<HTMLElement>(`[data-row="${focusKey.key}"]`);
    const target = focusKey.target === "first" ? card?.querySelector<HTMLElement>("input:not([type=hidden]), select") : card?.querySelector<HTMLElement>(`button[data-act="${focusKey.target}"]:not(:disabled)`);
    (target ?? card?.querySelector<HTMLElement>("button[data-act]:not(:disabled)"))?.focus();
  }, [focusKey]);

  const update = (key: number, change: Partial<AuthorRow>) => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const toggle = (key: number, value: boolean) => setOpen((o) => {
    const next = new Set(o);
    if (value) next.add(key);
    else next.delete(key);
    return next;
  });

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
  return (
    <div className="author-cards">
      <p className="form-intro">
        List every author in the order of the manuscript. Open a card to check or complete it; fields marked * are required for every author, and one author is the corresponding author.
      </p>
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
      <ol className="author-list" ref={list}>
        {rows.map((row, i) => {
          const missing = missingAuthorFields(row);
          const isMe = i === mine;
          const name = `${row.firstName} ${row.lastName}`.trim() || "New author";
          const isOpen = open.has(row.key);
          const where = `author ${i + 1}, ${name}`;
          const extra = extraFields?.({ i, row, key: row.key }) ?? {};
          return (
            <li
              key={row.key}
              id={`author-${i + 1}`}
              data-row={row.key}
              className={`author-card${missing.length ? " is-incomplete" : ""}`}
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
                // An open card folds 100 ms after focus leaves it, unless it still lacks something.
                const card = e.currentTarget;
                blurTimers.current.set(
                  row.key,
                  setTimeout(() => {
                    if (!card.contains(document.activeElement) && missingAuthorFields(rows.find((r) => r.key === row.key) ?? row).length === 0) toggle(row.key, false);
                  }, 100),
                );
              }}
            >
              <div className="author-card-head">
                <h3 className="author-card-title">
                  <span className="author-order">{i + 1}.</span> {name}
                </h3>
                <div className="author-badges">
                  {isMe ? <Badge tone="primary">You</Badge> : null}
                  {row.isCorresponding ? <Badge tone="success">Corresponding</Badge> : null}
                  {missing.length ? <Badge tone="warning">Missing Info</Badge> : null}
                </div>
                <div className="author-actions">
                  {button(`author:up:${i}`, `Move ${where} up`, "↑", () => act("up", i), { disabled: i === 0, act: "up" })}
                  {button(`author:down:${i}`, `Move ${where} down`, "↓", () => act("down", i), { disabled: i === rows.length - 1, act: "down" })}
                  {button(`author:remove:${i}`, `Remove ${where}`, "Remove", () => act("remove", i), { act: "remove" })}
                </div>
              </div>
              <p className="author-card-summary">{[row.email, row.institution, COUNTRY_NAMES.get(row.country)].filter(Boolean).join(" · ") || "No details yet."}</p>
              <details open={isOpen} onToggle={(e) => toggle(row.key, (e.currentTarget as HTMLDetailsElement).open)}>
                <summary>
                  {isOpen ? "Hide details" : "Edit details"}
                  <span className="visually-hidden"> of {where}</span>
                </summary>
                <div className="author-fields">
                  <input type="hidden" name={`authors[${i}][source]`} value={row.source} />
                  {extra.beforeName}
                  <AuthorField i={i} field="firstName" row={row} />
                  {extra.afterFirstName}
                  <AuthorField i={i} field="lastName" row={row} />
                  <AuthorField i={i} field="email" row={row} pinned={isMe ? me?.email : undefined} />
                  <AuthorField i={i} field="institution" row={row} />
                  <AuthorField i={i} field="department" row={row} />
                  <AuthorField i={i} field="country" row={row}>
                    {(props) => (
                      <select {...props} onChange={(e) => update(row.key, { country: e.target.value })}>
                        <option value="">Select…</option>
                        <Options options={COUNTRIES} />
                      </select>
                    )}
                  </AuthorField>
                  {extra.afterCountry}
                  <AuthorField i={i} field="rankTitle" row={row}>
                    {(props) => (
                      <select {...props} onChange={(e) => update(row.key, { rankTitle: e.target.value, ...(e.target.value === "Other" ? {} : { rankOther: "" }) })}>
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
