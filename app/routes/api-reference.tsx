import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PageHead } from "~/components/page-head";
import { TableWrap } from "~/components/ui/table-wrap";
import { apiDocument } from "~/features/api/calls.server";
import { API_DESCRIPTION } from "~/features/api/description";
import { rootData, seo } from "~/lib/seo";
import { loads } from "~/server/answers.server";
import { apiReference, type FieldRow } from "~/server/api/reference.server";

export const meta: MetaFunction = ({ matches }) =>
  seo(rootData(matches), {
    title: "API reference",
    description: "The society website's JSON API: every call, who may make it, what it takes and what it answers.",
    path: "/api-reference",
  });

/** The JSON API's readable reference, written from the same OpenAPI document as /api/openapi.json. */
export const loader = loads("The API reference could not be loaded. Please try again later.", async ({ context }: LoaderFunctionArgs) => ({
  sections: apiReference(apiDocument(context.env)),
}));

/** A description's `code` spans as code. */
function Prose({ text }: { text: string }) {
  return (
    <>
      {text.split("`").map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part))}
    </>
  );
}

function Fields({ rows, caption, call }: { rows: FieldRow[]; caption: string; call: string }) {
  if (rows.length === 0) return null;
  return (
    <TableWrap label={`${caption}: ${call}`}>
      <table className="data api-fields">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Type</th>
            <th scope="col">Description</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.name}>
              <th scope="row">
                <code>{r.name}</code>
                {r.required ? <span className="required-note"> required</span> : null}
              </th>
              <td>
                <code>{r.type}</code>
              </td>
              <td>
                <Prose text={r.description} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  );
}

export default function ApiReferenceRoute() {
  const { sections } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHead eyebrow="For developers" title="API reference">
        <Prose text={API_DESCRIPTION} />
      </PageHead>
      <div className="container api-reference">
        <p>
          The machine-readable description is the OpenAPI 3.1 document at <a href="/api/openapi.json">/api/openapi.json</a>.
        </p>
        <nav aria-label="Calls" className="card">
          <h2>Calls</h2>
          {sections.map((s) => (
            <div key={s.tag}>
              <h3>{s.tag}</h3>
              <ul className="api-index">
                {s.calls.map((c) => (
                  <li key={c.id}>
                    <a href={`#${c.id}`}>
                      <code>
                        {c.method} {c.path}
                      </code>
                    </a>{" "}
                    {c.summary}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        {sections.map((s) => (
          <section key={s.tag} aria-labelledby={`tag-${s.tag}`} className="section">
            <h2 id={`tag-${s.tag}`}>{s.tag}</h2>
            {s.calls.map((c) => (
              <article key={c.id} id={c.id} className="card api-call" aria-labelledby={`${c.id}-title`}>
                <h3 id={`${c.id}-title`}>
                  <code>
                    {c.method} {c.path}
                  </code>
                </h3>
                <p>
                  <strong>{c.summary}.</strong> <Prose text={c.description} />
                </p>
                <p className="api-access">Who may call it: {c.access}</p>
                <Fields rows={c.parameters} caption="Parameters" call={`${c.method} ${c.path}`} />
                {c.body ? <Fields rows={c.body.fields} caption={`Body (${c.body.contentType})`} call={`${c.method} ${c.path}`} /> : null}
                <Fields rows={c.answer.fields} caption={`Answer ${c.answer.status}${c.answer.contentType ? ` (${c.answer.contentType})` : ""}`} call={`${c.method} ${c.path}`} />
                {c.answer.fields.length === 0 ? (
                  <p>
                    Answer {c.answer.status}: {c.answer.description}
                  </p>
                ) : null}
                {c.refusals.length ? (
                  <>
                    <h4>Refusals</h4>
                    <dl className="api-refusals">
                      {c.refusals.map((r) => (
                        <div key={r.status}>
                          <dt>{r.status}</dt>
                          <dd>
                            <Prose text={r.description} />
                          </dd>
                        </div>
                      ))}
                    </dl>
                  </>
                ) : null}
              </article>
            ))}
          </section>
        ))}
      </div>
    </>
  );
}
