import { useMatches } from "@remix-run/react";

/** The CSRF token the deepest route with one sent (every form route's loader sends it). */
export function useCsrfToken(): string {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const data = matches[i]!.data as { csrf?: unknown } | undefined;
    if (data && typeof data.csrf === "string") return data.csrf;
  }
  return "";
}

/** Goes inside every <form method="post">: the server refuses posts without it (decision 014). */
export function CsrfField() {
  return <input type="hidden" name="_csrf" value={useCsrfToken()} />;
}
