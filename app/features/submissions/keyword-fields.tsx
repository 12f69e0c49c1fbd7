import type { ReactNode } from "react";
import { TextAreaField, TextField } from "~/components/form/fields";
import { MAX_JEL_CODES, MAX_KEYWORDS } from "./keywords";

/**
 * Step 3's keywords and JEL codes: two optional text fields, items separated by commas, each
 * pre-filled from the manuscript when it prints them. `hint` wraps a field's own hint with where
 * its value was found (the step's hint for pre-filled values).
 */
export function KeywordFields({ hint }: { hint: (field: "keywords" | "jelCodes", own: ReactNode) => ReactNode }) {
  return (
    <fieldset className="keyword-fields">
      <legend>Keywords and JEL codes (optional)</legend>
      <TextAreaField name="keywords" label="Keywords" rows={2} maxLength={2000} hint={hint("keywords", `Separate keywords with commas; at most ${MAX_KEYWORDS}.`)} />
      <TextField
        name="jelCodes"
        label="JEL codes"
        maxLength={500}
        autoComplete="off"
        spellCheck={false}
        hint={hint("jelCodes", `A letter and one or two digits each, such as G12, E44; at most ${MAX_JEL_CODES}.`)}
      />
    </fieldset>
  );
}
