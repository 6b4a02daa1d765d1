import { Button, Group, Paper } from '@mantine/core';
import { orderFormTexts as texts } from '@verzendhuis/domain/orders-texts';
import type { DocumentsTarget } from '../documents/documents-menu';
import { PrintControls, type PrintAction } from '../labels/print-controls';

/**
 * Orders spec §2.8: save, cancel and the print controls (Label maken). A saved order also
 * gets the documents menu (packing slip); a new one has nothing to print yet.
 */
export function OrderFormFooter({
  saving,
  onCancel,
  labelAction,
  orderId,
}: {
  saving: boolean;
  onCancel: () => void;
  labelAction: PrintAction;
  orderId?: string;
}) {
  const documents: DocumentsTarget | undefined = orderId ? { orderIds: [orderId] } : undefined;
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
        <PrintControls action={labelAction} documents={documents} />
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
