import type { ReactNode } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { dataTableTexts } from '@verzendhuis/domain/orders-texts';

/** The selection count with the bulk actions that apply to the selected rows. */
export function SelectionBar({ count, onClear, children }: { count: number; onClear: () => void; children: ReactNode }) {
  if (count === 0) return null;
  return (
    <Paper withBorder p="xs" bg="var(--mantine-primary-color-light)" data-testid="selection-bar">
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          <Text size="sm" fw={600} data-testid="selection-count">
            {dataTableTexts.selected(count)}
          </Text>
          <Button variant="subtle" size="compact-sm" onClick={onClear}>
            {dataTableTexts.clearSelection}
          </Button>
        </Group>
        <Group gap="xs">{children}</Group>
      </Group>
    </Paper>
  );
}
