import { Button, Group, Paper } from '@mantine/core';
import { orderFormTexts as texts } from '@verzendhuis/domain/orders-texts';
import { PrintControls, type PrintAction } from '../labels/print-controls';

/** Orders spec §2.8: save, cancel and the print controls (Label maken). */
export function OrderFormFooter({ saving, onCancel, labelAction }: { saving: boolean; onCancel: () => void; labelAction: PrintAction }) {
  return (
    <Paper
      withBorder
      p="sm"
      pos="sticky"
      bottom={0}
      style={{ zIndex: 10 }}
      shadow="sm"
    >
      <Group justify="space-between" gap="sm">
        <PrintControls action={labelAction} />
        <Group gap="sm">
          <Button variant="default" onClick={onCancel} disabled={saving} data-testid="order-cancel">
            {texts.cancel}
          </Button>
          <Button type="submit" loading={saving} data-testid="order-save">
            {texts.save}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
