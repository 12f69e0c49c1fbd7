import type { ReactNode } from "react";

/** A table that may scroll sideways on a phone: the scroll region is focusable and named,
 * so keyboard users can scroll it too (WCAG 2.1.1). */
export function TableWrap({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
