import { publicFileUrl } from "~/lib/file-names";
import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { ErrorState } from "~/components/error-state";
import { RichText } from "~/components/rich-text";
import { ShareLinks } from "~/components/share-links";
import { Badge } from "~/components/ui/badge";
import { ButtonLink } from "~/components/ui/button";
import { todayIso } from "~/lib/dates";
import { NewsDates } from "~/features/news/news-summary";
import { formatKb, htmlToText } from "~/lib/format";
import { parseId } from "~/lib/params";
import { rootData, seo } from "~/lib/seo";
import { getPublicNewsItem } from "~/features/news/news.server";
import { loads } from "~/server/answers.server";
import { notFound } from "~/server/errors.server";

const newsFileUrl = (filename: string) => publicFileUrl("news_file", filename);

export const loader = loads("Failed to load news details. Please try again later.", async ({ params, context }: LoaderFunctionArgs) => {
  const id = parseId(params.id);
  if (id === null) throw notFound("News Not Found");
  const item = await getPublicNewsItem(context, id);
  if (!item) throw notFound("News Not Found");
  return {
    item,
    summary: htmlToText(item.contentHtml ?? "", 200),
    canonical: `${context.env.SITE_URL.replace(/\/$/, "")}/news/${item.id}`,
    // The Register button shows only while the announced date is still ahead.
    showRegister: !!item.newsDate && item.newsDate > todayIso(),
  };
});

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const root = rootData(matches);
  if (!data) return seo(root, { title: "News Not Found", description: "This news item does not exist.", path: "/" });
  return seo(root, {
    title: data.item.title,
    description: data.summary || data.item.title,
    path: `/news/${data.item.id}`,
    image: data.item.featuredImage ? newsFileUrl(data.item.featuredImage.filename) : null,
    type: "article",
  });
};

export default function NewsRoute() {
  const { item, canonical, showRegister } = useLoaderData<typeof loader>();
  return (
    <>
      <div className="page-head">
        <div className="container">
          <Breadcrumbs trail={[{ to: "/news", label: "News" }]} current={item.title} />
          <div className="detail-title">
            <h1>{item.title}</h1>
            {item.category ? <Badge tone="info">{item.category}</Badge> : null}
            {item.status === "archived" ? <Badge tone="warning">Archived</Badge> : null}
          </div>
          <div className="space-above-sm">
            <NewsDates shownAt={item.shownAt} newsDate={item.newsDate} icons />
          </div>
        </div>
      </div>
      <div className="container layout-aside">
        <article>
          {item.featuredImage ? (
            <img
              className="header-photo"
              src={newsFileUrl(item.featuredImage.filename)}
              alt={item.featuredImage.altText || item.title}
              width={1200}
              height={450}
            />
          ) : null}
          {item.contentHtml ? <RichText html={item.contentHtml} className="section" /> : null}
          {item.detailsHtml ? (
            <section className="section" aria-labelledby="details-title">
              <h2 id="details-title">Details</h2>
              <RichText html={item.detailsHtml} />
            </section>
          ) : null}
        </article>
        <aside aria-label="Files, registration and sharing">
          {item.files.length > 0 ? (
            <section className="card side-card" aria-labelledby="files-title">
              <h2 id="files-title">Files</h2>
              <ul className="file-list">
                {item.files.map((f) => (
                  <li key={f.filename}>
                    <a href={`${newsFileUrl(f.filename)}?download`} download={f.originalName}>
                      <span>{f.originalName}</span>
                      <span className="size">{formatKb(f.size)}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          {showRegister ? (
            <section className="card side-card" aria-labelledby="register-title">
              <h2 id="register-title">Take part</h2>
              <ButtonLink to="/register">Register</ButtonLink>
            </section>
          ) : null}
          <section className="card side-card" aria-labelledby="share-title">
            <h2 id="share-title">Share</h2>
            <ShareLinks url={canonical} title={item.title} />
          </section>
          {item.contactHtml ? (
            <section className="card side-card" aria-labelledby="contact-title">
              <h2 id="contact-title">Contact Information</h2>
              <RichText html={item.contactHtml} />
            </section>
          ) : null}
        </aside>
      </div>
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <ErrorState title="News Not Found" message="The news item you are looking for does not exist or is no longer available.">
        <ButtonLink to="/">Return to Home</ButtonLink>
      </ErrorState>
    );
  }
  return (
    <ErrorState title="Error" message="Failed to load news details. Please try again later.">
      <ButtonLink to="/">Return to Home</ButtonLink>
    </ErrorState>
  );
}
