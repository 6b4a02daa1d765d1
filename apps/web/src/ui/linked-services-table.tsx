import type { ReactNode } from 'react';
import { Alert, Loader, Table, Text } from '@mantine/core';
import { focusableScroll } from './simple-table';

/**
 * The list of a settings screen's links (couriers, shops): a loader, the load failure, the
 * empty text, or a table with these column heads (the last, the actions, right-aligned)
 * over `rows`; it scrolls sideways below `minWidth`, in a focusable region named `label`.
 */
export function LinkedServicesTable({
  query,
  texts,
  columns,
  label,
  minWidth,
  testId,
  children,
}: {
  query: { isPending: boolean; isError: boolean; data?: readonly unknown[] | undefined };
  texts: { loadFailed: string; empty: string };
  columns: readonly string[];
  /** What the table lists, for screen readers. */
  label: string;
  minWidth: number;
  testId: string;
  children: ReactNode;
}) {
  const actions = columns.at(-1);
  return (
    <>
      {query.isPending ? <Loader /> : null}
      {query.isError ? <Alert color="red">{texts.loadFailed}</Alert> : null}
      {query.data && query.data.length === 0 ? <Text c="gray.7">{texts.empty}</Text> : null}
      {query.data && query.data.length > 0 ? (
        <Table.ScrollContainer minWidth={minWidth} scrollAreaProps={focusableScroll(label)}>
          <Table verticalSpacing="sm" data-testid={testId}>
            <Table.Thead>
              <Table.Tr>
                {columns.slice(0, -1).map((column) => (
                  <Table.Th key={column}>{column}</Table.Th>
                ))}
                <Table.Th ta="right">{actions}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{children}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </>
  );
}
