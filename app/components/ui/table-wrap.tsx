import type { MouseEventHandler, ReactNode } from "react";

/** A table that may scroll sideways on a phone: the scroll region is focusable and named,
 * so keyboard users can scroll it too (WCAG 2.1.1). */
export function TableWrap({ label, children, onClick }: { label: string; children: ReactNode; onClick?: MouseEventHandler<HTMLDivElement> }) {
  return (
    <div className="table-wrap" role="region" aria-label={label} tabIndex={0} onClick={onClick}>
      {children}
    </div>
  );
}

/**
 * A console data table: named scroll region, column headings, and the rows given as children.
 * `onClick` receives the clicks of the whole table (one handler for every row's links).
 */
export function DataTable({ label, columns, children, onClick }: { label: string; columns: readonly ReactNode[]; children: ReactNode; onClick?: MouseEventHandler<HTMLDivElement> }) {
  return (
    <TableWrap label={label} onClick={onClick}>
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
