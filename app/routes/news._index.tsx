import { type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { ErrorState } from "~/components/error-state";
import { ButtonLink } from "~/components/ui/button";
import { StepNav } from "~/components/ui/step-nav";
import { NewsSummaryList } from "~/features/news/news-summary";
import { publishedNewsPage } from "~/features/news/news.server";
import { rootData, seo } from "~/lib/seo";
import { loads } from "~/server/answers.server";
import { notFound } from "~/server/errors.server";

/** "?page=N": absent is page 1; anything but a page that exists is a 404 with a plain message. */
function pageParam(raw: string | null) {
  if (raw === null) return 1;
  return /^[1-9]\d{0,4}$/.test(raw) ? Number(raw) : null;
}

const NO_SUCH_PAGE = "There is no such page of news.";

export const loader = loads("Failed to load news. Please try again later.", async ({ request, context }: LoaderFunctionArgs) => {
  const page = pageParam(new URL(request.url).searchParams.get("page"));
  if (page === null) throw notFound(NO_SUCH_PAGE);
  const result = await publishedNewsPage(context, page);
  if (page > result.pages) throw notFound(NO_SUCH_PAGE);
  return { page, ...result };
});

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  seo(rootData(matches), {
    title: data && data.page > 1 ? `News, page ${data.page}` : "News",
    description: "News from the society: conferences, the journal, calls for papers, awards and announcements.",
    path: data && data.page > 1 ? `/news?page=${data.page}` : "/news",
  });

const pageHref = (n: number) => (n === 1 ? "/news" : `/news?page=${n}`);

export default function NewsListRoute() {
  const { items, page, pages } = useLoaderData<typeof loader>();
  return (
    <>
      <div className="page-head">
        <div className="container">
          <Breadcrumbs trail={[]} current={"News"} />
          <h1>News</h1>
          <p>Conferences, the journal, calls for papers, awards and announcements, newest first.</p>
        </div>
      </div>
      <div className="container page-body">
        {items.length === 0 ? (
          <div className="empty">
            <h2>No news available</h2>
            <p>News from the society will appear here.</p>
          </div>
        ) : (
          <div className="card">
            <NewsSummaryList items={items} heading="h2" />
          </div>
        )}
        {pages > 1 ? (
          <StepNav label="News pages" previous={page > 1 ? { to: pageHref(page - 1), label: "‹ Newer" } : null} next={page < pages ? { to: pageHref(page + 1), label: "Older ›" } : null}>
            <span>
              Page {page} of {pages}
            </span>
          </StepNav>
        ) : null}
      </div>
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <ErrorState title={notFound ? "Page Not Found" : "Error"} message={notFound ? NO_SUCH_PAGE : "Failed to load news. Please try again later."}>
      <ButtonLink to="/news">{notFound ? "Go to the first page" : "Try again"}</ButtonLink>
    </ErrorState>
  );
}
