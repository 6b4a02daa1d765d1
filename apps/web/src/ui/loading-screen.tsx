import { Center, Loader, Stack, Text } from '@mantine/core';
import { authScreenTexts } from '@verzendhuis/domain/frame-texts';

/** A spinner with a text; full height outside the frame, compact inside it. */
export function LoadingScreen({ label = authScreenTexts.loading, inline = false }: { label?: string; inline?: boolean }) {
  return (
    <Center mih={inline ? 200 : '100vh'} role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader />
        <Text c="dimmed">{label}</Text>
      </Stack>
    </Center>
  );
}
