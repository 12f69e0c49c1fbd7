import type { ReactNode } from "react";
import type { BadgeTone } from "~/lib/status";

/** A coloured count or status; `title` is its tooltip, where the badge's own words need one. */
export function Badge({ tone, title, children }: { tone: BadgeTone; title?: string; children: ReactNode }) {
  return (
    <span className={`badge badge-${tone}`} title={title}>
      {children}
    </span>
  );
}
