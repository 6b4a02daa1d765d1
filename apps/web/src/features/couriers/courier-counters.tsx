import { Group, Paper, Text } from '@mantine/core';
import { courierSettingsTexts as texts } from '@verzendhuis/domain/couriers-texts';
import { useCourierCounters } from './use-courier-settings';

function Counter({ label, value, testId }: { label: string; value: number | undefined; testId: string }) {
  return (
    <Paper withBorder p="sm" radius="md" miw={180}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} data-testid={testId}>
        {value ?? '–'}
      </Text>
    </Paper>
  );
}

/** couriercounters/: the active couriers with an own contract and via Verzendhuis. */
export function CourierCounters() {
  const counters = useCourierCounters();
  return (
    <Group gap="sm">
      <Counter label={texts.countersOwn} value={counters.data?.own_couriers} testId="courier-counter-own" />
      <Counter label={texts.countersProxy} value={counters.data?.proxy_couriers} testId="courier-counter-proxy" />
    </Group>
  );
}
