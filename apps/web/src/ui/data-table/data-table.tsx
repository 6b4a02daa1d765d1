import type { ReactNode } from 'react';
import { Box, Checkbox, LoadingOverlay, Table } from '@mantine/core';
import { dataTableTexts } from '@verzendhuis/domain/orders-texts';
import type { DataTableColumn } from './data-table-column';
import { SortableHeader } from './sortable-header';
import type { RowSelection } from './use-row-selection';

/**
 * One page of a server-side list: sortable headers, row checkboxes, and an overlay
 * while another page, sort or search is fetched. Paging, search and the refresh
 * banner are separate parts (see docs/orders-web.md).
 */
export function DataTable<T>({
  rows,
  columns,
  getRowId,
  getRowLabel,
  sort,
  onSort,
  selection,
  busy = false,
  empty,
  testId,
}: {
  rows: readonly T[];
  columns: readonly DataTableColumn<T>[];
  getRowId: (row: T) => string;
  /** How a row is named in the checkbox's accessible label. */
  getRowLabel: (row: T) => string;
  sort: string;
  onSort: (key: string) => void;
  selection?: RowSelection;
  busy?: boolean;
  empty?: ReactNode;
  testId?: string;
}) {
  if (rows.length === 0 && empty) return <>{empty}</>;
  return (
    <Box pos="relative">
      <LoadingOverlay visible={busy} zIndex={5} overlayProps={{ blur: 1 }} loaderProps={{ size: 'sm' }} />
      <Table.ScrollContainer minWidth={900}>
        <Table striped highlightOnHover verticalSpacing="xs" data-testid={testId}>
          <Table.Thead>
            <Table.Tr>
              {selection ? (
                <Table.Th w={40}>
                  <Checkbox
                    aria-label={dataTableTexts.selectAll}
                    checked={selection.state === 'all'}
                    indeterminate={selection.state === 'some'}
                    onChange={selection.toggleAll}
                    data-testid="select-all"
                  />
                </Table.Th>
              ) : null}
              {columns.map((column) => (
                <SortableHeader
                  key={column.id}
                  header={column.header}
                  sortKey={column.sortKey}
                  sort={sort}
                  onSort={onSort}
                  width={column.width}
                />
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const id = getRowId(row);
              const selected = selection?.isSelected(id) ?? false;
              return (
                <Table.Tr key={id} bg={selected ? 'var(--mantine-primary-color-light)' : undefined} data-row-id={id}>
                  {selection ? (
                    <Table.Td>
                      <Checkbox
                        aria-label={dataTableTexts.selectRow(getRowLabel(row))}
                        checked={selected}
                        onChange={() => selection.toggle(id)}
                      />
                    </Table.Td>
                  ) : null}
                  {columns.map((column) => (
                    <Table.Td key={column.id}>{column.render(row)}</Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Box>
  );
}
