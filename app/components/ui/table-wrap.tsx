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

/** A console data table: named scroll region, column headings, and the rows given as children. */
export function DataTable({ label, columns, children }: { label: string; columns: readonly ReactNode[]; children: ReactNode }) {
  return (
    <TableWrap label={label}>
      <table className="data">
        <thead>
          <tr>
            {columns.map((c, i) => (
              <th key={i} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </TableWrap>
  );
}
