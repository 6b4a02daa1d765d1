import type { ReactNode } from 'react';
import { Table, type MantineSpacing } from '@mantine/core';

/**
 * A plain table of a settings screen (no paging or sorting; the dashboard's tabs use
 * ui/data-table): its column headings, its rows as children, scrolled sideways when the
 * screen is narrower than `minWidth` (a phone).
 */
export function SimpleTable({
  columns,
  minWidth,
  testId,
  verticalSpacing = 'sm',
  children,
}: {
  columns: { label: string; align?: 'right' }[];
  minWidth: number;
  testId: string;
  verticalSpacing?: MantineSpacing;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table verticalSpacing={verticalSpacing} data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.label} ta={c.align}>
                {c.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
