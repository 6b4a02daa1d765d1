import { Button, Group, Paper } from '@mantine/core';
import { orderFormTexts as texts } from '@verzendhuis/domain/orders-texts';
import type { DocumentsTarget } from '../documents/documents-menu';
import { PrintControls, type PrintAction } from '../labels/print-controls';
import { useLabel } from '../labels/use-label';

/**
 * Orders spec §2.8: save, cancel and the print controls (Label maken). A saved order also
 * gets the documents menu: its packing slip, and once it has a label (its newest), the
 * extra label and the export document of that label too. A new order has nothing to print yet.
 */
export function OrderFormFooter({
  saving,
  onCancel,
  labelAction,
  orderId,
  labelId,
}: {
  saving: boolean;
  onCancel: () => void;
  labelAction: PrintAction;
  orderId?: string;
  /** The order's newest label, if it has one. */
  labelId?: string;
}) {
  const label = useLabel(orderId ? labelId : undefined);
  // A deleted label (404) or one still loading leaves the menu to the order's packing slip.
  const documents: DocumentsTarget | undefined = !orderId ? undefined : label.data?.is_active ? { label: label.data } : { orderIds: [orderId] };
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
