import type { ReactNode } from 'react';
import { Center, Paper, Stack, Text, Title } from '@mantine/core';

/** A page with only a message, for states outside the normal frame (maintenance, blocked, not found). */
export function FullPageMessage({
  title,
  message,
  actions,
  icon,
  headingTestId,
  inline = false,
}: {
  title: string;
  message?: ReactNode;
  actions?: ReactNode;
  icon?: ReactNode;
  headingTestId?: string;
  /** Inside the frame: no full height and no second main landmark. */
  inline?: boolean;
}) {
  return (
    <Center mih={inline ? 300 : '100vh'} p="md" component={inline ? 'div' : 'main'}>
      <Paper withBorder shadow="sm" p="xl" maw={520} w="100%">
        <Stack align="center" ta="center" gap="md">
          {icon}
          <Title order={1} size="h2" data-testid={headingTestId}>
            {title}
          </Title>
          {typeof message === 'string' ? <Text c="dimmed">{message}</Text> : message}
          {actions}
        </Stack>
      </Paper>
    </Center>
  );
}
