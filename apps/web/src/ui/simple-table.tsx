import type { ReactNode } from 'react';
import { Table, type MantineSpacing } from '@mantine/core';

/**
 * A plain table of a settings screen (no paging or sorting; the dashboard's tabs use
 * ui/data-table): its column headings, its rows as children, scrolled sideways when the
 * screen is narrower than `minWidth` (a phone). Its scrolling part takes the keyboard focus
 * and is a region named `label`, so a narrow screen scrolls it with the arrow keys (WCAG 2.1 AA).
 */
/** A table's scroll area whose viewport takes the keyboard focus and is a named region. */
export function focusableScroll(label: string) {
  return { viewportProps: { tabIndex: 0, role: 'region', 'aria-label': label } };
}

export function SimpleTable({
  columns,
  label,
  minWidth,
  testId,
  verticalSpacing = 'sm',
  children,
}: {
  columns: { label: string; align?: 'right' }[];
  /** What the table lists, for screen readers. */
  label: string;
  minWidth: number;
  testId: string;
  verticalSpacing?: MantineSpacing;
  children: ReactNode;
}) {
  return (
    <Table.ScrollContainer minWidth={minWidth} scrollAreaProps={focusableScroll(label)}>
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
