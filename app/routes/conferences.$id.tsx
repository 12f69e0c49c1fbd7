import { publicFileUrl } from "~/lib/file-names";
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Breadcrumbs } from "~/components/breadcrumbs";
import {
  isRouteErrorResponse,
  type ShouldRevalidateFunction,
  useLoaderData,
  useNavigate,
  useRouteError,
  useSearchParams,
} from "@remix-run/react";
import { ConferenceMeta } from "~/features/conferences/conference-meta";
import { ConferenceSections } from "~/features/conferences/conference-sections";
import { ErrorState } from "~/components/error-state";
import { DownloadIcon } from "~/components/icons";
import { PhotoGallery, photoUrl } from "~/features/conferences/photo-gallery";
import { ShareLinks } from "~/components/share-links";
import { Badge } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { googleCalendarUrl, outlookCalendarUrl } from "~/features/conferences/calendar";
import { formatDateRange } from "~/lib/dates";
import { formatKb, htmlToText } from "~/lib/format";
import { parseId } from "~/lib/params";
import { rootData, seo } from "~/lib/seo";
import { conferenceStatusBadge } from "~/lib/status";
import { useHydrated } from "~/components/hooks/use-hydrated";
import { getConferenceDetail, submissionsState } from "~/features/conferences/conference.server";
import { loads } from "~/server/answers.server";
import { notFound } from "~/server/errors.server";

export const loader = loads("Failed to load conference details. Please try again later.", async ({ params, context }: LoaderFunctionArgs) => {
  const id = parseId(params.id);
  if (id === null) throw notFound("Conference Not Found");
  const conference = await getConferenceDetail(context, id);
  if (!conference) throw notFound("Conference Not Found");
  // The description is already among the sections; its plain text is all the page needs besides.
  const { descriptionText, updatedAt: _updatedAt, ...shown } = conference;
  const details = htmlToText(descriptionText, 300);
  const canonical = `${context.env.SITE_URL.replace(/\/$/, "")}/conferences/${conference.id}`;
  return {
    conference: shown,
    dateRange: formatDateRange(conference.startDate, conference.endDate),
    badge: conferenceStatusBadge(conference.status),
    submissions: submissionsState(conference.status, conference.submissionDeadline),
    summary: details,
    canonical,
    origin: context.requestInfo.origin,
  };
});

/** Moving through the gallery only changes the URL; the conference data stays as it is. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
  !formMethod && currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const root = rootData(matches);
  if (!data) return seo(root, { title: "Conference Not Found", description: "This conference does not exist.", path: "/conferences" });
  const c = data.conference;
  return seo(root, {
    title: c.title,
    description: data.summary || `${c.title}, ${c.location}.`,
    path: `/conferences/${c.id}`,
    image: c.headerPhoto ? photoUrl(c.headerPhoto.filename) : c.photos[0] ? photoUrl(c.photos[0].filename) : null,
    type: "article",
  });
};

export default function ConferenceRoute() {
  const { conference: c, canonical, origin, summary, dateRange, badge, submissions } = useLoaderData<typeof loader>();
  // Made here, not sent: two long addresses built from what the page already has.
  const event = { ...c, details: summary, url: canonical };
  // Gallery state lives in the URL only (the loader does not re-run for it).
  const [search] = useSearchParams();
  const slide = Number.parseInt(search.get("slide") ?? "1", 10) || 1;
  return (
    <>
      <div className="page-head">
        <div className="container">
          <Breadcrumbs trail={[{ to: "/conferences", label: "Conferences" }]} current={c.title} />
          <div className="detail-title">
            <h1>{c.title}</h1>
            <Badge tone={badge.tone}>{badge.label}</Badge>
          </div>
          <div className="actions-spaced">
            <ConferenceMeta location={c.location} startDate={c.startDate} dateRange={dateRange} />
          </div>
          {submissions.text ? <p className="submission-deadline">{submissions.text}</p> : null}
          {/* On narrow screens the side column comes last: its main actions are repeated here. */}
          <div className="actions narrow-only">
            {submissions.open ? <ButtonLink to="/submissions">Submit Manuscript</ButtonLink> : null}
            <a href="#conference-actions" className="btn btn-outline">
              Materials and calendar
            </a>
          </div>
        </div>
      </div>
      <div className="container layout-aside">
        <ConferenceSections title={c.title} location={c.location} headerPhoto={c.headerPhoto} sections={c.sections} />
        <aside aria-label="Conference materials and actions" id="conference-actions">
          {c.materials.length > 0 ? (
            <section className="card side-card" aria-labelledby="materials-title">
              <h2 id="materials-title">Conference Materials</h2>
              <ul className="file-list">
                {c.materials.map((f) => (
                  <li key={f.filename}>
                    <a href={publicFileUrl("conference_file", f.filename, { download: true })} download={f.originalName}>
                      <span>
                        <DownloadIcon className="visually-hidden" />
                        {f.originalName}
                      </span>
                      <span className="size">{formatKb(f.size)}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <section className="card side-card" aria-labelledby="actions-title">
            <h2 id="actions-title">Actions</h2>
            {submissions.open ? (
              <p>
                <ButtonLink to="/submissions">Submit Manuscript</ButtonLink>
              </p>
            ) : null}
            <h3 className="side-subhead">
              Add to calendar
            </h3>
            <ul className="link-list">
              <li>
                <a href={googleCalendarUrl(event)} target="_blank" rel="noopener noreferrer">
                  Google Calendar<span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
              <li>
                <a href={outlookCalendarUrl(event)} target="_blank" rel="noopener noreferrer">
                  Outlook Calendar<span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
              <li>
                <a href={`/conferences/${c.id}/calendar.ics`} download>
                  Download .ics file
                </a>
              </li>
            </ul>
            <h3 className="side-subhead">
              Share
            </h3>
            <ShareLinks url={canonical} title={c.title} />
          </section>
          {c.photos.length > 0 ? (
            <section className="card side-card" aria-labelledby="gallery-title">
              <h2 id="gallery-title">Photo Gallery</h2>
              <PhotoGallery photos={c.photos} title={c.title} slide={slide} selected={search.get("photo")} origin={origin} />
            </section>
          ) : null}
        </aside>
      </div>
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <ErrorState title="Conference Not Found" message="The conference you are looking for does not exist or has been removed.">
        <ButtonLink to="/">Return to Home</ButtonLink>
      </ErrorState>
    );
  }
  return (
    <ErrorState title="Error" message="Failed to load conference details. Please try again later.">
      {hydrated ? (
        <Button variant="outline" onClick={() => navigate(-1)}>
          Go Back
        </Button>
      ) : null}
      <ButtonLink to="/conferences">All conferences</ButtonLink>
    </ErrorState>
  );
}
