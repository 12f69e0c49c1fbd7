import { useField } from "remix-validated-form";
import { useState } from "react";
import { FieldShell, SelectField } from "~/components/form/fields";
import { EXPERTISE_SLOTS, splitTopicPair, TOPIC_PAIR_SEPARATOR } from "./schemas";
import { RESEARCH_CATEGORIES, topicsOf } from "./options";
import { useHydrated } from "~/components/hooks/use-hydrated";

const categories = RESEARCH_CATEGORIES.map((c) => c.name);
const pairGroups = RESEARCH_CATEGORIES.map((c) => ({ label: c.name, topics: c.topics }));

/**
 * One area of expertise, a category and one of its topics.
 *
 * Without JavaScript (and as the server renders it) the area is one select of every topic grouped
 * under its category, each option posting the pair: the category and topic cannot disagree.
 * Once the page is interactive it becomes the two selects the spec describes: the topic shows
 * once a category is chosen and lists only that category's topics; another category clears it.
 * Both start from the stored pair, so hydration keeps what the server rendered.
 */
export function ResearchAreaField({ category: categoryName, topic: topicName, legend, required = true }: { category: string; topic: string; legend: string; required?: boolean }) {
  const categoryField = useField(categoryName);
  const topicField = useField(topicName);
  const stored = splitTopicPair(categoryField.defaultValue, topicField.defaultValue);
  const hydrated = useHydrated();
  return (
    <fieldset className="expertise-slot">
      <legend>{legend}</legend>
      {hydrated ? (
        <CategoryThenTopic categoryName={categoryName} topicName={topicName} required={required} stored={stored} />
      ) : (
        <FieldShell
          name={topicName}
          label="Category and topic"
          required={required}
          hint="Topics are listed under their research category."
          error={categoryField.error ?? topicField.error}
        >
          <select
            id={topicName}
            name={topicName}
            defaultValue={stored.category && stored.topic ? stored.category + TOPIC_PAIR_SEPARATOR + stored.topic : ""}
            aria-required={required || undefined}
            aria-invalid={categoryField.error || topicField.error ? true : undefined}
            aria-describedby={`${topicName}-hint${categoryField.error || topicField.error ? ` ${topicName}-error` : ""}`}
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

function CategoryThenTopic({ categoryName, topicName, required, stored }: { categoryName: string; topicName: string; required: boolean; stored: { category: string; topic: string } }) {
  const [category, setCategory] = useState(stored.category);
  // A new category remounts the topic select with nothing chosen: "choosing a category clears its topic".
  const [generation, setGeneration] = useState(0);
  const topics = topicsOf(category);
  return (
    <div className="field-row">
      <SelectField
        name={categoryName}
        label="Research category"
        required={required}
        options={categories}
        className="category-field"
        defaultValue={stored.category}
        onChange={(e) => {
          setCategory(e.target.value);
          setGeneration((g) => g + 1);
        }}
      />
      {/* The topic appears once a category is chosen. */}
      {category ? (
        <SelectField
          key={generation}
          name={topicName}
          label="Topic"
          required={required}
          className="topic-field"
          options={topics}
          defaultValue={generation === 0 ? stored.topic : ""}
        />
      ) : null}
    </div>
  );
}

export function ExpertiseFields() {
  return (
    <>
      <p className="form-intro">Choose three areas of research, each a category and one of its topics.</p>
      {EXPERTISE_SLOTS.map((n) => (
        <ResearchAreaField key={n} category={`primary${n}Category`} topic={`primary${n}`} legend={`Area of expertise ${n}`} />
      ))}
    </>
  );
}
