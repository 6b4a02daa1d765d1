import { useState } from 'react';
import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { duplicateDialogTexts as texts } from '@verzendhuis/domain/orders-texts';
import type { DuplicateChoices } from './form-rules';

/** Orders spec §2.8: whether to carry over the order number and the shipment settings. */
export function DuplicateDialog({
  initial,
  onConfirm,
  onCancel,
}: {
  initial: DuplicateChoices;
  onConfirm: (choices: DuplicateChoices) => void;
  onCancel: () => void;
}) {
  const [choices, setChoices] = useState(initial);
  return (
    <Modal opened onClose={onCancel} title={texts.title} data-testid="duplicate-dialog">
      <Stack gap="md">
        <Text size="sm">{texts.intro}</Text>
        <Checkbox
          label={texts.transferOrderNumber}
          checked={choices.transferOrderNumber}
          onChange={(event) => setChoices({ ...choices, transferOrderNumber: event.currentTarget.checked })}
          data-testid="duplicate-order-number"
        />
        <Checkbox
          label={texts.transferShipmentSettings}
          checked={choices.transferShipmentSettings}
          onChange={(event) => setChoices({ ...choices, transferShipmentSettings: event.currentTarget.checked })}
          data-testid="duplicate-shipment-settings"
        />
        <Text size="xs" c="dimmed">
          {texts.remembered}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {texts.cancel}
          </Button>
          <Button onClick={() => onConfirm(choices)} data-autofocus data-testid="duplicate-confirm">
            {texts.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
