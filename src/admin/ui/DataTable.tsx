import type { ReactNode } from 'react';
import { Checkbox as AriaCheckbox, Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { Button } from './controls.tsx';
import { ScrollRegion } from './ScrollRegion.tsx';

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
  /** Rows this action is not offered for (a template the shop sends cannot be deleted). */
  isAvailable?: (row: T) => boolean;
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
  selection,
  loading,
  loadingText = 'Loading…',
}: {
  label: string;
  columns: TableColumn<T>[];
  rows: T[];
  actions?: RowAction<T>[];
  onOpen?: (row: T) => void;
  openOnClick?: boolean;
  emptyText?: string;
  rowName: (row: T) => string;
  /** The rows are being read: the table is busy, and an empty one says `loadingText` rather than `emptyText`. */
  loading?: boolean;
  loadingText?: string;
  /** Rows can be ticked (a checkbox per row and one for all), for actions on several at once. */
  selection?: { selected: ReadonlySet<string>; onChange: (selected: Set<string>) => void };
}) {
  const headerId = (columns.find((c) => c.rowHeader) ?? columns[0])?.id;
  const withActions =
    actions.length > 0 ? [...columns, { id: 'actions', name: 'Actions', render: () => null }] : columns;
  const all = selection ? [{ id: SELECT, name: 'Select', render: () => null }, ...withActions] : withActions;
  return (
    <div className="adm-table-block" aria-busy={loading ? true : undefined}>
      <ScrollRegion className="adm-table-wrap" label={label}>
        <Table
          aria-label={label}
          className="adm-table"
          {...(selection
            ? {
                selectionMode: 'multiple' as const,
                selectionBehavior: 'toggle' as const,
                selectedKeys: selection.selected,
                onSelectionChange: (keys) =>
                  selection.onChange(keys === 'all' ? new Set(rows.map((r) => r.id)) : new Set([...keys].map(String))),
              }
            : {})}
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
                {column.id === SELECT ? <SelectionBox /> : column.name}
              </Column>
            )}
          </TableHeader>
          <TableBody
            items={rows}
            renderEmptyState={() => <p className="adm-empty">{loading ? loadingText : emptyText}</p>}
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
                    {column.id === SELECT ? (
                      <SelectionBox />
                    ) : column.id === 'actions' ? (
                      <div className="adm-row-actions">
                        {actions
                          .filter((action) => action.isAvailable?.(row) ?? true)
                          .map((action) => (
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
      </ScrollRegion>
    </div>
  );
}

const SELECT = '__select';

/** The row's (or, in the header, every row's) selection checkbox; react-aria names it. */
function SelectionBox() {
  return (
    <AriaCheckbox slot="selection" className="adm-checkbox">
      <span className="adm-checkbox-box" aria-hidden="true" />
    </AriaCheckbox>
  );
}
