import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/** A console row's Edit and Delete links (and any others between them), named after the record for screen readers. */
export function RowActions({ editTo, deleteTo, name, children }: { editTo: string; deleteTo?: string | null; name: string; children?: ReactNode }) {
  return (
    <span className="row-actions">
      <Link to={editTo} preventScrollReset aria-label={`Edit ${name}`}>
        Edit
      </Link>
      {children}
      {deleteTo ? (
        <Link to={deleteTo} preventScrollReset aria-label={`Delete ${name}`}>
          Delete
        </Link>
      ) : null}
    </span>
  );
}
