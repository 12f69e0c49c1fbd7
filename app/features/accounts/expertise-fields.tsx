import { useField } from "remix-validated-form";
import { useState } from "react";
import { FieldShell, SelectField } from "~/components/form/fields";
import { EXPERTISE_SLOTS, splitTopicPair, TOPIC_PAIR_SEPARATOR } from "./schemas";
import { RESEARCH_CATEGORIES, topicsOf } from "./options";
import { useHydrated } from "~/components/hooks/use-hydrated";

const categories = RESEARCH_CATEGORIES.map((c) => c.name);
const pairGroups = RESEARCH_CATEGORIES.map((c) => ({ label: c.name, topics: c.topics }));

/**
 * One area of expertise, a category and one of its topics (issue 14).
 *
 * Without JavaScript (and as the server renders it) the area is one select of every topic grouped
 * under its category, each option posting the pair: the category and topic cannot disagree.
 * Once the page is interactive it becomes the two selects the spec describes: the topic shows
 * once a category is chosen and lists only that category's topics; another category clears it.
 * Both start from the stored pair, so hydration keeps what the server rendered.
 */
function ExpertiseSlot({ n }: { n: number }) {
  const categoryField = useField(`primary${n}Category`);
  const topicField = useField(`primary${n}`);
  const stored = splitTopicPair(categoryField.defaultValue, topicField.defaultValue);
  const hydrated = useHydrated();
  return (
    <fieldset className="expertise-slot">
      <legend>Area of expertise {n}</legend>
      {hydrated ? (
        <CategoryThenTopic n={n} stored={stored} />
      ) : (
        <FieldShell
          name={`primary${n}`}
          label="Category and topic"
          required
          hint="Topics are listed under their research category."
          error={categoryField.error ?? topicField.error}
        >
          <select
            id={`primary${n}`}
            name={`primary${n}`}
            defaultValue={stored.category && stored.topic ? stored.category + TOPIC_PAIR_SEPARATOR + stored.topic : ""}
            aria-required
            aria-invalid={categoryField.error || topicField.error ? true : undefined}
            aria-describedby={`primary${n}-hint${categoryField.error || topicField.error ? ` primary${n}-error` : ""}`}
          >
            <option value="">Select…</option>
            {pairGroups.map((g) => (
              <optgroup key={g.label} label={g.label}>
                {g.topics.map((t) => (
                  <option key={t} value={g.label + TOPIC_PAIR_SEPARATOR + t}>
                    {t}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </FieldShell>
      )}
    </fieldset>
  );
}

function CategoryThenTopic({ n, stored }: { n: number; stored: { category: string; topic: string } }) {
  const [category, setCategory] = useState(stored.category);
  // A new category remounts the topic select with nothing chosen: "choosing a category clears its topic".
  const [generation, setGeneration] = useState(0);
  const topics = topicsOf(category);
  return (
    <div className="field-row">
      <SelectField
        name={`primary${n}Category`}
        label="Research category"
        required
        options={categories}
        className="category-field"
        defaultValue={stored.category}
        onChange={(e) => {
          setCategory(e.target.value);
          setGeneration((g) => g + 1);
        }}
      />
      <SelectField
        key={generation}
        name={`primary${n}`}
        label="Topic"
        required
        className="topic-field"
        options={topics}
        defaultValue={generation === 0 ? stored.topic : ""}
      />
    </div>
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
