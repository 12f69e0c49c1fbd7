import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { ErrorState } from "~/components/error-state";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { ButtonLink } from "~/components/ui/button";
import { useNonce } from "~/components/hooks/nonce";
import { getPublicConfig } from "~/server/env.server";
import { displayName, optionalUser } from "~/server/auth/guards.server";
import styles from "~/styles/app.css?url";
import { loads } from "~/server/answers.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** The fallback title: routes set their own, an error page still gets one. */
export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: `${error ? "Error | " : ""}${data?.config.siteName ?? "Multinational Finance Society"}` },
];

export const loader = loads("This page could not be loaded. Please try again later.", async ({ context }: LoaderFunctionArgs) => {
  const user = await optionalUser(context);
  return {
    config: getPublicConfig(context.env),
    year: new Date().getUTCFullYear(),
    // Anonymous pages are cached and shared (decision 003): no per-visitor data unless signed in.
    account: user ? { label: displayName(user), isAdmin: user.role === "admin" } : null,
    csrf: user ? context.csrf.token() : undefined,
  };
});

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f2b4c" />
        <Meta />
        <Links />
      </head>
      <body>
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <SiteHeader siteName={data?.config.siteName ?? "Multinational Finance Society"} account={data?.account ?? null} />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        {data ? <SiteFooter config={data.config} year={data.year} /> : null}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useLoaderData<typeof loader>();
  return <Outlet />;
}

/** A refused page's heading: what kind of refusal it is, its message says why. */
const REFUSAL_TITLES: Record<number, string> = {
  403: "Access Denied",
  409: "Not Possible Now",
  410: "No Longer Available",
  413: "File Too Large",
  429: "Too Many Requests",
};

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <ErrorState title="Page Not Found" message="The page you are looking for does not exist or has moved.">
        <ButtonLink to="/">Return to Home</ButtonLink>
      </ErrorState>
    );
  }
  if (isRouteErrorResponse(error) && error.status < 500) {
    return (
      <ErrorState title={REFUSAL_TITLES[error.status] ?? "Request Not Understood"} message={typeof error.data === "string" && error.data ? error.data : "The request could not be processed."}>
        <ButtonLink to="/">Return to Home</ButtonLink>
      </ErrorState>
    );
  }
  // A page that could not load: the route's own words (`loads` answered it), never an error's.
  const failure = isRouteErrorResponse(error) && typeof error.data === "string" && error.data ? error.data : "An unexpected error occurred. Please try again later.";
  return (
    <ErrorState title="Something Went Wrong" message={failure}>
      <ButtonLink to="/">Return to Home</ButtonLink>
    </ErrorState>
  );
}
