import { useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type CSSProperties } from "react";
import { useField, useFormContext, ValidatedForm, type Validator } from "remix-validated-form";
import { CsrfField } from "~/components/csrf-field";
import { FieldError, InvalidFormMessage, TextField } from "~/components/form/fields";
import { Button } from "~/components/ui/button";
import { BOARD_SECTION_COLUMNS, BOARD_SECTION_KEYS, BOARD_SECTION_TITLES, type BoardSectionKey, type BoardYearForm, MEMBER_COLUMN_TITLES, type MemberColumn, type MemberRow } from "~/features/board/board";
import { useHydrated } from "~/components/hooks/use-hydrated";

type Keyed = MemberRow & { key: number };
let nextKey = 1;
const keyed = (rows: MemberRow[]): Keyed[] => rows.map((r) => ({ ...r, key: nextKey++ }));

/**
 * One field of a member row: a visible column label (shown on a phone, where rows reflow into
 * cards; on a wide screen the section's column heads stand in for it) whose full text names the
 * column, row and section; its error is the form's. Posted as `directors[0][name]` (the form
 * library reads that as row 0's name, as it reports errors under `directors[0].name`).
 */
function MemberCell({ field, column, where, defaultValue }: { field: string; column: MemberColumn; where: string; defaultValue: string }) {
  const { error, getInputProps } = useField(field);
  const name = field.replace(/\.(\w+)$/, "[$1]");
  return (
    <div className={`member-cell member-${column}`}>
      <label htmlFor={name}>
        <span className="member-cell-title">{MEMBER_COLUMN_TITLES[column]}</span>
        <span className="visually-hidden">, {where}</span>
      </label>
      <input
        {...getInputProps({ maxLength: 300, id: name })}
        name={name}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${name}-error` : undefined}
      />
      <FieldError name={name} error={error} />
    </div>
  );
}

/** Grid tracks of a section's row: names and affiliations get the room real ones need. */
const TRACK: Record<MemberColumn, string> = { position: "minmax(8rem, 0.8fr)", name: "minmax(12rem, 1.3fr)", term: "6.5rem", affiliation: "minmax(12rem, 1.5fr)" };
const tracks = (columns: readonly MemberColumn[]) => `${columns.map((c) => TRACK[c]).join(" ")} 11.75rem`;

/**
 * The board year form: period, menu text, sponsor and the rows of each section in the order the
 * public page shows them, checked by the year's schema as the admin types and again on the
 * server. Add, Remove and Move up / down are submit buttons: without JavaScript they post the form
 * (`add:directors`, `remove:directors:2`, `up:directors:2`) and the server sends it back changed,
 * nothing saved; with it they change the rows in place (typed values move with their row).
 */
export function BoardYearEditor({ year, locked, validator }: { year: BoardYearForm; locked: boolean; validator: Validator<BoardYearForm> }) {
  const hydrated = useHydrated();
  const busy = useNavigation().state !== "idle";
  const [rows, setRows] = useState(() => Object.fromEntries(BOARD_SECTION_KEYS.map((s) => [s, keyed(year.members[s])])) as Record<BoardSectionKey, Keyed[]>);
  const add = (section: BoardSectionKey) => setRows((r) => ({ ...r, [section]: [...r[section], { key: nextKey++ }] }));
  const remove = (section: BoardSectionKey, index: number) => setRows((r) => ({ ...r, [section]: r[section].filter((_, i) => i !== index) }));
  // After a move, focus stays on the moved row's button (or its other one, at an end), and a
  // polite status says where the row went.
  const [moved, setMoved] = useState<{ key: number; direction: "up" | "down"; message: string } | null>(null);
  const editor = useRef<HTMLFormElement>(null);
  const move = (section: BoardSectionKey, index: number, direction: "up" | "down") => {
    const to = direction === "up" ? index - 1 : index + 1;
    const list = rows[section];
    if (to < 0 || to >= list.length) return;
    const next = [...list];
    [next[index], next[to]] = [next[to]!, next[index]!];
    setRows((r) => ({ ...r, [section]: next }));
    setMoved({ key: list[index]!.key, direction, message: `Row moved to position ${to + 1} of ${list.length} in ${BOARD_SECTION_TITLES[section]}.` });
  };
  // Errors are kept by field name, and a moved or removed row's fields change names: check the
  // rows again once they are in place (after a refused save), or drop the old errors (before one).
  const form = useFormContext("board-year");
  const firstRows = useRef(rows);
  useEffect(() => {
    if (rows === firstRows.current) return;
    // (validate() sets errors when there are some and leaves the old ones when there are none.)
    if (form.hasBeenSubmitted) void form.validate().then((result) => result.error || form.clearAllErrors());
    else form.clearAllErrors();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rows]);
  useEffect(() => {
    if (!moved) return;
    const row = editor.current?.querySelector(`[data-row="${moved.key}"]`);
    const same = row?.querySelector<HTMLButtonElement>(`button[data-move="${moved.direction}"]:not(:disabled)`);
    (same ?? row?.querySelector<HTMLButtonElement>("button[data-move]:not(:disabled)"))?.focus();
  }, [moved]);

  return (
    <ValidatedForm
      validator={validator}
      defaultValues={{ period: year.period, title: year.title, sponsoringInstitution: year.sponsoringInstitution } as never}
      method="post"
      className="stack-form board-editor"
      noValidate
      id="board-year"
      formRef={editor}
    >
      <CsrfField />
      <InvalidFormMessage>Please correct the fields marked below.</InvalidFormMessage>
      <div className="field-row">
        <TextField name="period" label="Period" required placeholder="2024-2025" readOnly={locked} maxLength={9} hint={locked ? "The period of a saved year cannot change." : undefined} />
        <TextField name="title" label="Navigation Menu Text" maxLength={100} hint="Shown in the period menu; the period when empty." />
      </div>
      <TextField name="sponsoringInstitution" label="Sponsoring Institution" maxLength={300} />

      {BOARD_SECTION_KEYS.map((section) => {
        const columns = BOARD_SECTION_COLUMNS[section];
        const list = rows[section];
        return (
          <fieldset key={section} className="member-section" style={{ "--tracks": tracks(columns) } as CSSProperties}>
            <legend>{BOARD_SECTION_TITLES[section]}</legend>
            {list.length === 0 ? (
              <p className="empty-note">No entries</p>
            ) : (
              <>
                <div className="member-head" aria-hidden="true">
                  {columns.map((c) => (
                    <span key={c}>{MEMBER_COLUMN_TITLES[c]}</span>
                  ))}
                  <span />
                </div>
                <ol className="member-rows">
                  {list.map((row, i) => {
                    const where = `row ${i + 1}, ${BOARD_SECTION_TITLES[section]}`;
                    const action = (intent: string, label: string, onClick: () => void, extra: { disabled?: boolean; move?: string } = {}) => (
                      <Button
                        type="submit"
                        name="intent"
                        value={`${intent}:${section}:${i}`}
                        variant="outline"
                        size="small"
                        formNoValidate
                        disabled={extra.disabled}
                        data-move={extra.move}
                        aria-label={`${label} row ${i + 1} of ${BOARD_SECTION_TITLES[section]}`}
                        onClick={(e) => {
                          if (!hydrated) return;
                          e.preventDefault();
                          onClick();
                        }}
                      >
                        {intent === "up" ? "↑" : intent === "down" ? "↓" : "Remove"}
                      </Button>
                    );
                    return (
                      <li key={row.key} data-row={row.key} className="member-row">
                        {columns.map((c) => (
                          <MemberCell key={c} field={`${section}[${i}].${c}`} column={c} where={where} defaultValue={row[c] ?? ""} />
                        ))}
                        <div className="member-actions">
                          {action("up", "Move up", () => move(section, i, "up"), { disabled: i === 0, move: "up" })}
                          {action("down", "Move down", () => move(section, i, "down"), { disabled: i === list.length - 1, move: "down" })}
                          {action("remove", "Remove", () => remove(section, i))}
                        </div>
                      </li>
                    );
                  })}
                </ol>
              </>
            )}
            <div>
              <Button
                type="submit"
                name="intent"
                value={`add:${section}`}
                variant="outline"
                size="small"
                formNoValidate
                aria-label={`Add a row to ${BOARD_SECTION_TITLES[section]}`}
                onClick={(e) => {
                  if (!hydrated) return;
                  e.preventDefault();
                  add(section);
                }}
              >
                Add
              </Button>
            </div>
          </fieldset>
        );
      })}
      <p className="visually-hidden" role="status">
        {moved?.message ?? ""}
      </p>
      <div className="form-actions">
        <Button type="submit" name="intent" value="save" aria-disabled={busy || undefined}>
          {busy ? "Saving..." : "Save"}
        </Button>
      </div>
    </ValidatedForm>
  );
}
