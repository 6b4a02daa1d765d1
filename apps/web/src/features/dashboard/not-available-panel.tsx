import { Center, Stack, Text, Title } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { dashboardTexts } from '@verzendhuis/domain/orders-texts';

/** The panel of a tab whose list comes with a later release. */
export function NotAvailablePanel() {
  return (
    <Center py="xl" data-testid="tab-not-available">
      <Stack align="center" gap="xs">
        <IconClockHour4 size={36} color="var(--mantine-color-gray-5)" aria-hidden />
        <Title order={2} size="h4">
          {dashboardTexts.notAvailableTitle}
        </Title>
        <Text c="dimmed">{dashboardTexts.notAvailable}</Text>
      </Stack>
    </Center>
  );
}
