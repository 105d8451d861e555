import type { ReactNode } from 'react';
import { EmptyState } from './empty-state.tsx';

/** One column of an AdminTable: its header and what each row shows in it. */
export interface AdminColumn<Row> {
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Extra classes for the column's cells (e.g. `whitespace-nowrap text-fg-2`). */
  className?: string;
}

/**
 * The console's table (every /admin list page: content, reports, audit, people, banners, booklets,
 * withdrawals…): a header row, one row per item, scrolling sideways on a narrow screen, and an
 * empty state when there is nothing. It lives in app/ui because pages of several features use it.
 */
export function AdminTable<Row>({
  rows,
  columns,
  rowKey,
  empty,
  rowProps,
  label,
}: {
  rows: readonly Row[];
  columns: readonly AdminColumn<Row>[];
  rowKey: (row: Row) => string;
  /** What the empty state says. */
  empty: string;
  /** Attributes for a row's <tr>, e.g. a data-* id for tests. */
  rowProps?: (row: Row) => Record<string, string | undefined>;
  /** The table's accessible name. */
  label?: string;
}) {
  if (rows.length === 0) return <EmptyState text={empty} />;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" aria-label={label}>
        <thead className="text-fg-3">
          <tr>
            {columns.map((column, i) => (
              <th
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for a page
                key={i}
                scope="col"
                className={`py-2 font-normal ${i < columns.length - 1 ? 'pr-3' : ''}`}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-line border-t align-top" {...rowProps?.(row)}>
              {columns.map((column, i) => (
                <td
                  // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for a page
                  key={i}
                  className={`py-2 ${i < columns.length - 1 ? 'pr-3' : ''} ${column.className ?? ''}`}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
