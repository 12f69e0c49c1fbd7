import { Link } from "@remix-run/react";

/** A console row's Edit and Delete links, named after the record for screen readers. */
export function RowActions({ editTo, deleteTo, name }: { editTo: string; deleteTo?: string | null; name: string }) {
  return (
    <span className="row-actions">
      <Link to={editTo} preventScrollReset aria-label={`Edit ${name}`}>
        Edit
      </Link>
      {deleteTo ? (
        <Link to={deleteTo} preventScrollReset aria-label={`Delete ${name}`}>
          Delete
        </Link>
      ) : null}
    </span>
  );
}
