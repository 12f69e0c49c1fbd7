import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { type Option, Options } from "~/components/form/fields";

/**
 * A console list's search: a text query and one choice (status, role), sent as a GET form, so
 * the list's address holds them and they work without JavaScript.
 */
export function ListFilters({
  label,
  id,
  q,
  placeholder,
  filter,
}: {
  label: string;
  id: string;
  q: string;
  placeholder: string;
  filter: { name: string; label: string; value: string; choices: readonly Option[] };
}) {
  return (
    <Form method="get" className="filters" role="search" aria-label={label}>
      <div className="field">
        <label htmlFor={`${id}-q`}>Search</label>
        <input id={`${id}-q`} name="q" type="search" defaultValue={q} placeholder={placeholder} maxLength={100} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-${filter.name}`}>{filter.label}</label>
        <select id={`${id}-${filter.name}`} name={filter.name} defaultValue={filter.value}>
          <Options options={filter.choices} />
        </select>
      </div>
      <Button type="submit" variant="outline">
        Search
      </Button>
    </Form>
  );
}
