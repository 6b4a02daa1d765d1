import { Button, Group, Stack, Text } from '@mantine/core';
import { dialogTexts } from '@verzendhuis/domain/frame-texts';
import { TechnicalDetails } from './technical-details';

export function NoticeDialogBody({
  message,
  details,
  onClose,
}: {
  message: string;
  details?: string;
  onClose: () => void;
}) {
  return (
    <Stack>
      <Text size="sm">{message}</Text>
      {details ? <TechnicalDetails details={details} /> : null}
      <Group justify="flex-end">
        <Button onClick={onClose} data-autofocus>
          {dialogTexts.close}
        </Button>
      </Group>
    </Stack>
  );
}
