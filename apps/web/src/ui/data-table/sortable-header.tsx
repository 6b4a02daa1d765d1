import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { dataTableTexts } from '@verzendhuis/domain/orders-texts';
import { parseSort } from './list-params';

/** A column header; with a sort key it is a button that sorts on the server. */
export function SortableHeader({
  header,
  sortKey,
  sort,
  onSort,
  width,
}: {
  header: string;
  sortKey?: string;
  sort: string;
  onSort: (key: string) => void;
  width?: number | string;
}) {
  if (!sortKey) {
    return (
      <Table.Th w={width}>
        <Text fw={600} size="sm">
          {header}
        </Text>
      </Table.Th>
    );
  }
  const current = parseSort(sort);
  const active = current.key === sortKey;
  const Icon = !active ? IconSelector : current.descending ? IconChevronDown : IconChevronUp;
  return (
    <Table.Th w={width} aria-sort={active ? (current.descending ? 'descending' : 'ascending') : 'none'}>
      <UnstyledButton
        onClick={() => onSort(sortKey)}
        title={dataTableTexts.sortBy(header.toLowerCase())}
        data-testid={`sort-${sortKey}`}
      >
        <Group gap={4} wrap="nowrap">
          <Text fw={600} size="sm">
            {header}
          </Text>
          <Icon size={14} stroke={1.8} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
