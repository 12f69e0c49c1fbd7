import { useField } from "remix-validated-form";
import { useState } from "react";
import { SelectField } from "~/components/form/fields";
import { EXPERTISE_SLOTS } from "./schemas";
import { RESEARCH_CATEGORIES, topicsOf } from "./options";
import { useHydrated } from "~/components/hooks/use-hydrated";

const categories = RESEARCH_CATEGORIES.map((c) => c.name);
const allTopics = RESEARCH_CATEGORIES.map((c) => ({ label: c.name, options: c.topics }));

/**
 * One area of expertise: a category, then its topic. The topic shows once a category is chosen
 * (CSS `:has()`, so also without JavaScript, when it lists every topic grouped by category and
 * the server checks the pair); with JavaScript it lists only the category's topics and choosing
 * another category clears it.
 */
function ExpertiseSlot({ n }: { n: number }) {
  const { defaultValue } = useField(`primary${n}Category`);
  const [category, setCategory] = useState<string>(typeof defaultValue === "string" ? defaultValue : "");
  const [generation, setGeneration] = useState(0);
  const hydrated = useHydrated();
  const topics = topicsOf(category);
  return (
    <fieldset className="expertise-slot">
      <legend>Area of expertise {n}</legend>
      <div className="field-row">
        <SelectField
          name={`primary${n}Category`}
          label="Research category"
          required
          options={categories}
          className="category-field"
          onChange={(e) => {
            setCategory(e.target.value);
            setGeneration((g) => g + 1);
          }}
        />
        <SelectField
          // A new category remounts the topic select empty: the rule "choosing a category clears its topic".
          key={generation}
          name={`primary${n}`}
          label="Topic"
          required
          className="topic-field"
          {...(hydrated ? { options: topics } : { groups: allTopics })}
          {...(generation > 0 ? { defaultValue: "" } : {})}
        />
      </div>
    </fieldset>
  );
}

export function ExpertiseFields() {
  return (
    <>
      <p className="form-intro">Choose three areas of research, each a category and one of its topics.</p>
      {EXPERTISE_SLOTS.map((n) => (
        <ExpertiseSlot key={n} n={n} />
      ))}
    </>
  );
}
