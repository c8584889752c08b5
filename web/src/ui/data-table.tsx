import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

export type DataColumn<T> = {
  /** React key of the column */
  key: string;
  header: ReactNode;
  /** classes of the header cell (width, alignment, responsive `hidden md:table-cell`…) */
  headerClassName?: string;
  /** classes of every body cell of the column */
  className?: string;
  /** test hook on every body cell of the column */
  testId?: string;
  cell: (item: T) => ReactNode;
};

/** `data-*` attributes of a row (e2e selectors such as `data-name`). */
export type RowData = Record<`data-${string}`, string>;

export type DataTableProps<T> = {
  items: readonly T[];
  columns: readonly DataColumn<T>[];
  /** the last column, right-aligned, headed "Ações" */
  actions?: (item: T) => ReactNode;
  /** width class of the actions column (default `w-28`) */
  actionsClassName?: string;
  /** extra classes of every actions cell (a dense table's padding) */
  actionsCellClassName?: string;
  rowKey: (item: T) => string | number;
  rowTestId?: string;
  rowData?: (item: T) => RowData;
  testId?: string;
  /** extra classes of the table (`table-sm` for dense tables) */
  className?: string;
};

/**
 * The table of a list screen (users, groups, queues, quick answers, tags, categories, contacts): pinned header,
 * hoverable rows, the row actions in the last column. Columns carry their own cells; per-screen content stays in
 * the screen.
 */
export function DataTable<T>({
  items,
  columns,
  actions,
  actionsClassName = 'w-28',
  actionsCellClassName,
  rowKey,
  rowTestId,
  rowData,
  testId,
  className,
}: DataTableProps<T>) {
  return (
    <table className={`table table-pin-rows ${className ?? ''}`} data-testid={testId}>
      <thead>
        <tr>
          {columns.map((col) => (
            <th key={col.key} className={col.headerClassName}>
              {col.header}
            </th>
          ))}
          {actions ? (
            <th className={`${actionsClassName} text-right`}>
              <Trans>Ações</Trans>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={rowKey(item)} className="hover:bg-base-200/50" data-testid={rowTestId} {...rowData?.(item)}>
            {columns.map((col) => (
              <td key={col.key} className={col.className} data-testid={col.testId}>
                {col.cell(item)}
              </td>
            ))}
            {actions ? (
              <td className={`text-right ${actionsCellClassName ?? ''}`}>
                <div className="inline-flex gap-1">{actions(item)}</div>
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
