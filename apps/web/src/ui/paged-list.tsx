import type { ReactNode } from 'react';
import { Button, Group, Loader, Pagination, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';

/**
 * The states of one page of a list from the API, the same on every settings screen that
 * pages through a list (invoices, tickets, the support inbox): a loader, a failure with
 * "try again", the empty text, or the rows (drawn by `children`) with pagination when
 * there is more than one page.
 */
export function PagedList<T>({
  query,
  page,
  pageSize,
  onPageChange,
  label,
  empty,
  emptyTestId,
  texts,
  children,
}: {
  query: UseQueryResult<{ data: T[]; meta: { total: number } }>;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** What the loader stands for (its accessible name). */
  label: string;
  empty: string;
  emptyTestId: string;
  texts: { loadFailed: string; retry: string };
  children: (rows: T[]) => ReactNode;
}) {
  if (query.isPending) return <Loader aria-label={label} />;
  if (query.isError) {
    return (
      <Group>
        <Text>{texts.loadFailed}</Text>
        <Button variant="default" onClick={() => void query.refetch()}>
          {texts.retry}
        </Button>
      </Group>
    );
  }
  if (query.data.data.length === 0) return <Text data-testid={emptyTestId}>{empty}</Text>;
  const pages = Math.max(1, Math.ceil(query.data.meta.total / pageSize));
  return (
    <>
      {children(query.data.data)}
      {pages > 1 ? <Pagination total={pages} value={page} onChange={onPageChange} /> : null}
    </>
  );
}
