import { Form, useSubmit } from "@remix-run/react";
import { useHydrated } from "~/components/hooks/use-hydrated";
import { Button } from "~/components/ui/button";

/**
 * A console tab's choice of conference, a GET form so the tab's address holds it: with JavaScript
 * a change shows the conference at once; without, a button does.
 */
export function ConferencePicker({ id, conferences, current, button }: { id: string; conferences: Array<{ id: number; label: string }>; current: number; button: string }) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  return (
    <Form method="get" className="filters conference-picker" onChange={(e) => submit(e.currentTarget)}>
      <div className="field conference-field">
        <label htmlFor={id}>Conference</label>
        <select id={id} name="conference" defaultValue={String(current)}>
          {conferences.map((c) => (
            <option key={c.id} value={c.id}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
      {hydrated ? null : (
        <Button type="submit" variant="outline">
          {button}
        </Button>
      )}
    </Form>
  );
}
