import { redirect } from "@remix-run/cloudflare";

/** The conference page's "Submit Manuscript" (spec: /submissions) opens the author area's wizard. */
export const loader = () => redirect("/dashboard?tab=submit", 302);
