import type { ReactNode } from 'react';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { Button } from './controls.tsx';

export interface TableColumn<T> {
  id: string;
  name: string;
  render: (row: T) => ReactNode;
  /** The column that names the row (screen readers announce it); defaults to the first. */
  rowHeader?: boolean;
}

export interface RowAction<T> {
  label: string;
  onAction: (row: T) => void;
  variant?: 'danger';
}

/**
 * A table of rows with optional per-row action buttons. `onOpen` runs on a double-click (edit)
 * or, when `openOnClick` is set, on a single click or Enter (view-only screens).
 */
export function DataTable<T extends { id: string }>({
  label,
  columns,
  rows,
  actions = [],
  onOpen,
  openOnClick,
  emptyText = 'Nothing here yet.',
  rowName,
}: {
  label: string;
  columns: TableColumn<T>[];
  rows: T[];
  actions?: RowAction<T>[];
  onOpen?: (row: T) => void;
  openOnClick?: boolean;
  emptyText?: string;
  rowName: (row: T) => string;
}) {
  const headerId = (columns.find((c) => c.rowHeader) ?? columns[0])?.id;
  const all = actions.length > 0 ? [...columns, { id: 'actions', name: 'Actions', render: () => null }] : columns;
  return (
    <div className="adm-table-wrap">
      <Table
        aria-label={label}
        className="adm-table"
        {...(openOnClick && onOpen
          ? {
              onRowAction: (key) => {
                const row = rows.find((r) => r.id === key);
                if (row) onOpen(row);
              },
            }
          : {})}
      >
        <TableHeader columns={all}>
          {(column) => (
            <Column id={column.id} isRowHeader={column.id === headerId}>
              {column.name}
            </Column>
          )}
        </TableHeader>
        <TableBody
          items={rows}
          renderEmptyState={() => <p className="adm-empty">{emptyText}</p>}
          dependencies={[columns]}
        >
          {(row) => (
            <Row
              id={row.id}
              columns={all}
              className="adm-row"
              {...(onOpen && !openOnClick ? { onDoubleClick: () => onOpen(row) } : {})}
            >
              {(column) => (
                <Cell>
                  {column.id === 'actions' ? (
                    <div className="adm-row-actions">
                      {actions.map((action) => (
                        <Button
                          key={action.label}
                          variant={action.variant === 'danger' ? 'danger' : 'quiet'}
                          aria-label={`${action.label} ${rowName(row)}`}
                          onPress={() => action.onAction(row)}
                        >
                          {action.label}
                        </Button>
                      ))}
                    </div>
                  ) : (
                    column.render(row)
                  )}
                </Cell>
              )}
            </Row>
          )}
        </TableBody>
      </Table>
    </div>
  );
}
