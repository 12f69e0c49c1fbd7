import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { FormMessage } from "~/components/form/messages";

/**
 * A console tab's error state, shown inside the console so its tabs stay: the refusal or the
 * spec's failure text the loader was answered with (`loads`), never an error's own words.
 */
export function ConsoleError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error) && typeof error.data === "string" && error.data ? error.data : "Something went wrong. Please try again later.";
  return <FormMessage tone="error">{message}</FormMessage>;
}
