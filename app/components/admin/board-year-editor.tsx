import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { CsrfField } from "~/components/csrf-field";
import { SaveErrors } from "~/components/form/fields";
import { Button } from "~/components/ui/button";
import { BOARD_SECTION_COLUMNS, BOARD_SECTION_KEYS, BOARD_SECTION_TITLES, type BoardSectionKey, type BoardYearForm, MEMBER_COLUMN_TITLES, type MemberRow } from "~/lib/board";
import { useHydrated } from "~/lib/use-hydrated";

type Keyed = MemberRow & { key: number };
let nextKey = 1;
const keyed = (rows: MemberRow[]): Keyed[] => rows.map((r) => ({ ...r, key: nextKey++ }));

/**
 * The board year form: period, menu text, sponsor and one editable table per section. Add and
 * remove are submit buttons: without JavaScript they post the form (`add:directors`,
 * `remove:directors:2`) and the server sends it back with the row added or gone, nothing saved;
 * with it they change the rows in place.
 */
export function BoardYearEditor({ year, locked, errors }: { year: BoardYearForm; locked: boolean; errors: Record<string, string> }) {
  const hydrated = useHydrated();
  const busy = useNavigation().state !== "idle";
  const [rows, setRows] = useState(() => Object.fromEntries(BOARD_SECTION_KEYS.map((s) => [s, keyed(year.members[s])])) as Record<BoardSectionKey, Keyed[]>);
  const add = (section: BoardSectionKey) => setRows((r) => ({ ...r, [section]: [...r[section], { key: nextKey++ }] }));
  const remove = (section: BoardSectionKey, index: number) => setRows((r) => ({ ...r, [section]: r[section].filter((_, i) => i !== index) }));

  return (
    <Form method="post" className="stack-form board-editor" noValidate>
      <CsrfField />
      <SaveErrors fieldErrors={errors} />
      <div className="field-row">
        <div className={`field${errors.period ? " has-error" : ""}`}>
          <label htmlFor="period">
            Period<span className="required" aria-hidden="true"> *</span>
          </label>
          <input
            id="period"
            name="period"
            defaultValue={year.period}
            placeholder="2024-2025"
            readOnly={locked}
            required
            maxLength={9}
            aria-invalid={errors.period ? true : undefined}
            aria-describedby={errors.period ? "period-error" : locked ? "period-hint" : undefined}
          />
          {locked ? (
            <p className="field-hint" id="period-hint">
              The period of a saved year cannot change.
            </p>
          ) : null}
          {errors.period ? (
            <p className="field-error" id="period-error">
              {errors.period}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor="title">Navigation Menu Text</label>
          <input id="title" name="title" defaultValue={year.title} maxLength={100} aria-describedby="title-hint" />
          <p className="field-hint" id="title-hint">
            Shown in the period menu; the period when empty.
          </p>
        </div>
      </div>
      <div className="field">
        <label htmlFor="sponsoringInstitution">Sponsoring Institution</label>
        <input id="sponsoringInstitution" name="sponsoringInstitution" defaultValue={year.sponsoringInstitution} maxLength={300} />
      </div>

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
                        {columns.map((c) => {
                          const name = `${section}[${i}][${c}]`;
                          const error = errors[name];
                          return (
                            <td key={c}>
                              <input
                                name={name}
                                defaultValue={row[c] ?? ""}
                                aria-label={`${MEMBER_COLUMN_TITLES[c]}, row ${i + 1}, ${BOARD_SECTION_TITLES[section]}`}
                                aria-invalid={error ? true : undefined}
                                aria-describedby={error ? `${name}-error` : undefined}
                                maxLength={300}
                              />
                              {error ? (
                                <p className="field-error" id={`${name}-error`}>
                                  {error}
                                </p>
                              ) : null}
                            </td>
                          );
                        })}
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
    </Form>
  );
}
