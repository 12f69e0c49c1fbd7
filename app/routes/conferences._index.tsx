import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ConferenceMeta } from "~/features/conferences/conference-meta";
import { RichText } from "~/components/rich-text";
import { Badge } from "~/components/ui/badge";
import { ButtonLink } from "~/components/ui/button";
import { conferencePhase, formatDateRange, todayIso } from "~/lib/dates";
import { rootData, seo } from "~/lib/seo";
import { conferencePhaseBadge } from "~/lib/status";
import { listConferences } from "~/features/conferences/conference.server";
import { loads } from "~/server/answers.server";

export const loader = loads("Failed to load conferences. Please try again later.", async ({ context }: LoaderFunctionArgs) => {
  const today = todayIso();
  const conferences = (await listConferences(context)).map((c) => ({
    ...c,
    dateRange: formatDateRange(c.startDate, c.endDate),
    badge: conferencePhaseBadge(conferencePhase(c.startDate, c.endDate, today)),
  }));
  return { conferences };
});

export const meta: MetaFunction = ({ matches }) =>
  seo(rootData(matches), {
    title: "Conferences",
    description: "The society's annual international research conferences in finance and accounting: upcoming, ongoing and past.",
    path: "/conferences",
  });

export default function ConferencesRoute() {
  const { conferences } = useLoaderData<typeof loader>();
  return (
    <>
      <div className="page-head">
        <div className="container">
          <p className="eyebrow">Annual international research conference</p>
          <h1>Conferences</h1>
          <p>Where the society's members present new research, discuss papers and meet colleagues from around the world.</p>
        </div>
      </div>
      <div className="container">
        {conferences.length === 0 ? (
          <div className="empty">
            <h2>No Conferences Available</h2>
            <p>Conference announcements will appear here.</p>
          </div>
        ) : (
          <ul className="card-list">
            {conferences.map((c) => {
              const { badge } = c;
              return (
                <li key={c.id}>
                  <article className="card conf-card">
                    <div>
                      <Badge tone={badge.tone}>{badge.label}</Badge>
                    </div>
                    <h2>{c.title}</h2>
                    <ConferenceMeta location={c.location} startDate={c.startDate} dateRange={c.dateRange} />
                    {c.description ? <RichText html={c.description} className="clamp" /> : null}
                    <div className="actions">
                      <ButtonLink to={`/conferences/${c.id}`} variant="outline" size="small">
                        View Details<span className="visually-hidden"> of {c.title}</span>
                      </ButtonLink>
                    </div>
                  </article>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </>
  );
}
