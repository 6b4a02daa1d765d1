import { Group, Pagination, Select, Text } from '@mantine/core';
import { dataTableTexts } from '@verzendhuis/domain/orders-texts';
import { pageSizeOptions } from './list-params';

/** Server-side paging: "26–50 van 312", the page buttons and the page size. */
export function DataTablePagination({
  page,
  pageSize,
  total,
  totalIsLowerBound = false,
  onPageChange,
  onPageSizeChange,
}: {
  page: number;
  pageSize: number;
  total: number;
  totalIsLowerBound?: boolean;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}) {
  if (total === 0) return null;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <Group justify="space-between" gap="sm">
      <Text size="sm" c="dimmed" data-testid="list-range">
        {dataTableTexts.range(Math.min(from, total), to, total, totalIsLowerBound)}
      </Text>
      <Group gap="sm">
        <Select
          aria-label={dataTableTexts.pageSize}
          data={pageSizeOptions.map((n) => String(n))}
          value={String(pageSize)}
          onChange={(value) => value && onPageSizeChange(Number(value))}
          allowDeselect={false}
          w={80}
          size="xs"
        />
        {pages > 1 || page > 1 ? (
          <Pagination
            total={Math.max(pages, page)}
            value={page}
            onChange={onPageChange}
            size="sm"
            aria-label={dataTableTexts.pagination}
          />
        ) : null}
      </Group>
    </Group>
  );
}
