import { Stack, Text, Title } from '@mantine/core';
import { placeholderText } from '@verzendhuis/domain/frame-texts';

/** Stands in for a screen that is not built yet. */
export function PlaceholderPage({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <Stack gap="sm">
      <Title order={1}>{title}</Title>
      {subtitle ? (
        <Title order={2} size="h4" c="dimmed">
          {subtitle}
        </Title>
      ) : null}
      <Text c="dimmed" data-testid="placeholder-text">
        {placeholderText}
      </Text>
    </Stack>
  );
}
