import type { ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';

/** The head of a settings screen: its title, a short introduction, and its actions on the right (below on a phone). */
export function SettingsPageHeader({ title, intro, actions }: { title: string; intro: string; actions: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start">
      <Stack gap={4} maw={720}>
        <Title order={1}>{title}</Title>
        <Text c="gray.7" size="sm">
          {intro}
        </Text>
      </Stack>
      {actions}
    </Group>
  );
}
