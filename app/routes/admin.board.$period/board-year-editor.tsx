import { useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useField, ValidatedForm, type Validator } from "remix-validated-form";
import { CsrfField } from "~/components/csrf-field";
import { FieldError, InvalidFormMessage, TextField } from "~/components/form/fields";
import { Button } from "~/components/ui/button";
import { BOARD_SECTION_COLUMNS, BOARD_SECTION_KEYS, BOARD_SECTION_TITLES, type BoardSectionKey, type BoardYearForm, MEMBER_COLUMN_TITLES, type MemberRow } from "~/features/board/board";
import { useHydrated } from "~/components/hooks/use-hydrated";

type Keyed = MemberRow & { key: number };
let nextKey = 1;
const keyed = (rows: MemberRow[]): Keyed[] => rows.map((r) => ({ ...r, key: nextKey++ }));

/**
 * One cell of a member table: its label is the column, row and section; its error is the form's.
 * Posted as `directors[0][name]` (the form library reads that as row 0's name, as it reports
 * errors under `directors[0].name`).
 */
function MemberCell({ field, label, defaultValue }: { field: string; label: string; defaultValue: string }) {
  const { error, getInputProps } = useField(field);
  const name = field.replace(/\.(\w+)$/, "[$1]");
  return (
    <>
      <input
        {...getInputProps({ maxLength: 300 })}
        name={name}
        defaultValue={defaultValue}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${name}-error` : undefined}
      />
      <FieldError name={name} error={error} />
    </>
  );
}

/**
 * The board year form: period, menu text, sponsor and one editable table per section, checked by
 * the year's schema as the admin types and again on the server. Add and remove are submit
 * buttons: without JavaScript they post the form (`add:directors`, `remove:directors:2`) and the
 * server sends it back with the row added or gone, nothing saved; with it they change the rows in place.
 */
export function BoardYearEditor({ year, locked, validator }: { year: BoardYearForm; locked: boolean; validator: Validator<BoardYearForm> }) {
  const hydrated = useHydrated();
  const busy = useNavigation().state !== "idle";
  const [rows, setRows] = useState(() => Object.fromEntries(BOARD_SECTION_KEYS.map((s) => [s, keyed(year.members[s])])) as Record<BoardSectionKey, Keyed[]>);
  const add = (section: BoardSectionKey) => setRows((r) => ({ ...r, [section]: [...r[section], { key: nextKey++ }] }));
  const remove = (section: BoardSectionKey, index: number) => setRows((r) => ({ ...r, [section]: r[section].filter((_, i) => i !== index) }));

  return (
    <ValidatedForm
      validator={validator}
      defaultValues={{ period: year.period, title: year.title, sponsoringInstitution: year.sponsoringInstitution } as never}
      method="post"
      className="stack-form board-editor"
      noValidate
      id="board-year"
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
          <fieldset key={section} className="member-section">
            <legend>{BOARD_SECTION_TITLES[section]}</legend>
            {list.length === 0 ? (
              <p className="empty-note">No entries</p>
            ) : (
              <div className="member-table">
                <table className="data">
                  <thead>
                    <tr>
                      {columns.map((c) => (
                        <th key={c} scope="col">
                          {MEMBER_COLUMN_TITLES[c]}
                        </th>
                      ))}
                      <th scope="col">
                        <span className="visually-hidden">Remove</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {list.map((row, i) => (
                      <tr key={row.key}>
                        {columns.map((c) => (
                          <td key={c}>
                            <MemberCell field={`${section}[${i}].${c}`} label={`${MEMBER_COLUMN_TITLES[c]}, row ${i + 1}, ${BOARD_SECTION_TITLES[section]}`} defaultValue={row[c] ?? ""} />
                          </td>
                        ))}
                        <td>
                          <Button
                            type="submit"
                            name="intent"
                            value={`remove:${section}:${i}`}
                            variant="outline"
                            size="small"
                            formNoValidate
                            aria-label={`Remove row ${i + 1} of ${BOARD_SECTION_TITLES[section]}`}
                            onClick={(e) => {
                              if (!hydrated) return;
                              e.preventDefault();
                              remove(section, i);
                            }}
                          >
                            Remove
                          </Button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
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
      <div className="form-actions">
        <Button type="submit" name="intent" value="save" aria-disabled={busy || undefined}>
          {busy ? "Saving..." : "Save"}
        </Button>
      </div>
    </ValidatedForm>
  );
}
