import { Button, Group, Paper } from '@mantine/core';
import { orderFormTexts as texts } from '@verzendhuis/domain/orders-texts';

/** Save and cancel; the print controls come with the labels. */
export function OrderFormFooter({ saving, onCancel }: { saving: boolean; onCancel: () => void }) {
  return (
    <Paper
      withBorder
      p="sm"
      pos="sticky"
      bottom={0}
      style={{ zIndex: 10 }}
      shadow="sm"
    >
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={saving} data-testid="order-cancel">
          {texts.cancel}
        </Button>
        <Button type="submit" loading={saving} data-testid="order-save">
          {texts.save}
        </Button>
      </Group>
    </Paper>
  );
}
