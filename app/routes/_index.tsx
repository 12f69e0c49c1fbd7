import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ConferenceMeta } from "~/features/conferences/conference-meta";
import { RichText } from "~/components/rich-text";
import { Badge } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { batchPrepared } from "~/db/prepared.server";
import { formatDateRange, todayIso } from "~/lib/dates";
import { richTextOrNull } from "~/server/rich-text.server";
import { rootData, seo } from "~/lib/seo";
import { conferenceStatusBadge, submissionAction } from "~/lib/status";
import { upcomingConference } from "~/features/conferences/conference.server";
import { LATEST_NEWS_COUNT, latestNews, presentNewsSummary } from "~/features/news/news.server";
import { NewsSummaryList } from "~/features/news/news-summary";
import { loads, settled } from "~/server/answers.server";

export const JOURNAL_FIGURES = [
  { value: "28", label: "Years of publishing" },
  { value: "500+", label: "Articles" },
  { value: "4.2", label: "Impact factor" },
] as const;

/** The home page stays up when its two lists cannot be read: each section says so instead. */
export const loader = loads("The home page could not be loaded. Please try again later.", async (args: LoaderFunctionArgs) => {
  const { db } = args.context;
  const loaded = await settled(args, "Home page lists could not be loaded.", () =>
    batchPrepared(db, [upcomingConference({ today: todayIso() }), latestNews({ limit: LATEST_NEWS_COUNT, offset: 0 })]),
  );
  if (!loaded.ok) return { failed: true, conference: null, news: [] };
  const [upcoming, latest] = loaded.value;
  const conference = upcoming[0];
  return {
    failed: false,
    conference: conference
      ? {
          ...conference,
          description: richTextOrNull(conference.description),
          dateRange: formatDateRange(conference.startDate, conference.endDate),
          badge: conferenceStatusBadge(conference.status),
          action: submissionAction(conference.status),
        }
      : null,
    news: latest.map(presentNewsSummary),
  };
});

export const meta: MetaFunction<typeof loader> = ({ matches }) => {
  const root = rootData(matches);
  return seo(root, {
    title: root?.config.siteName ?? "Home",
    description:
      "A non-profit academic society in finance and accounting, founded in 1995: the peer-reviewed, open-access Multinational Finance Journal and an annual international research conference.",
    path: "/",
  });
};

export default function HomeRoute() {
  const { conference, news, failed } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="container">
          <p className="eyebrow">Founded 15 June 1995</p>
          <h1 id="hero-title">Welcome to the Multinational Finance Society</h1>
          <p>
            An international community of scholars and practitioners in finance and accounting: a quarterly, peer-reviewed
            journal and an annual research conference that brings the field together.
          </p>
          <div className="actions">
            <ButtonLink to="/conferences" variant="gold">
              Our conferences
            </ButtonLink>
            <ButtonLink to="/membership" variant="outline">
              Become a member
            </ButtonLink>
          </div>
        </div>
      </section>

      <div className="container">
        <div className="home-grid">
          <div className="stack">
            <section className="card card-accent" aria-labelledby="upcoming-title">
              <h2 id="upcoming-title">Upcoming Conference</h2>
              {failed ? (
                <p className="alert alert-error">Failed to load conferences. Please try again later.</p>
              ) : conference ? (
                <UpcomingConference conference={conference} />
              ) : (
                <p className="muted">No upcoming conferences - Check back later for conference announcements</p>
              )}
            </section>

            <section className="card welcome" aria-labelledby="welcome-title">
              <h2 id="welcome-title">A Welcome from the Board</h2>
              <blockquote className="prose">
                <p>
                  For three decades our society has brought together researchers who study how capital moves across
                  borders, how firms finance themselves and how markets price risk. We welcome new members, authors and
                  conference participants from every country and every stage of an academic career.
                </p>
                <footer>— The Board of Directors</footer>
              </blockquote>
            </section>

            <section className="card" aria-labelledby="about-title">
              <h2 id="about-title">About the Society</h2>
              <p>
                The Multinational Finance Society is a non-profit academic association. It publishes the Multinational
                Finance Journal, organises an annual international conference, and supports doctoral students through
                tutorials and paper awards.
              </p>
              <Link to="/society">Learn more about the society</Link>
            </section>
          </div>

          <div className="stack">
            <section className="card" aria-labelledby="news-title">
              <h2 id="news-title">Latest News</h2>
              {failed ? (
                <p className="alert alert-error">Failed to load news. Please try again later.</p>
              ) : news.length === 0 ? (
                <p className="muted">No news available</p>
              ) : (
                <>
                  <NewsSummaryList items={news} />
                  <p className="card-more">
                    <Link to="/news">All news</Link>
                  </p>
                </>
              )}
            </section>

            <section className="card" aria-labelledby="journal-title">
              <h2 id="journal-title">Multinational Finance Journal</h2>
              <p>A peer-reviewed, open-access quarterly in finance and accounting, published since 1997.</p>
              <dl className="figures">
                {JOURNAL_FIGURES.map((f) => (
                  <div key={f.label}>
                    <dt className="visually-hidden">{f.label}</dt>
                    <dd>
                      <strong>{f.value}</strong>
                      <span aria-hidden="true">{f.label}</span>
                    </dd>
                  </div>
                ))}
              </dl>
              <div className="actions">
                <ButtonLink to="/journal" variant="primary" size="small">
                  Latest Issue
                </ButtonLink>
                <ButtonLink to="/journal?tab=submission" variant="outline" size="small">
                  Submit Article
                </ButtonLink>
              </div>
            </section>
          </div>
        </div>
      </div>
    </>
  );
}

type Upcoming = NonNullable<Awaited<ReturnType<typeof loader>>["conference"]>;

function UpcomingConference({ conference }: { conference: Upcoming }) {
  const { badge, action } = conference;
  return (
    <article>
      <div className="card-title">
        <h3>{conference.title}</h3>
        <Badge tone={badge.tone}>{badge.label}</Badge>
      </div>
      <ConferenceMeta location={conference.location} startDate={conference.startDate} dateRange={conference.dateRange} />
      {conference.description ? <RichText html={conference.description} className="clamp" /> : null}
      <div className="actions actions-spaced">
        {action.kind === "link" ? (
          <ButtonLink to={action.to}>{action.label}</ButtonLink>
        ) : (
          <Button disabled>{action.label}</Button>
        )}
        <ButtonLink to={`/conferences/${conference.id}`} variant="outline">
          Learn More<span className="visually-hidden"> about {conference.title}</span>
        </ButtonLink>
      </div>
    </article>
  );
}
