import { Button } from '@mantine/core';
import { IconPencil, IconRoute, IconTrash } from '@tabler/icons-react';
import { ordersTableTexts as texts } from '@verzendhuis/domain/orders-texts';

/** Orders spec §2.4: update (the bulk edit dialog), delete and re-apply shipping rules on the selection (the print controls sit beside them). */
export function OrdersBulkActions({
  busy,
  onUpdate,
  onDelete,
  onReset,
}: {
  busy: boolean;
  onUpdate: () => void;
  onDelete: () => void;
  onReset: () => void;
}) {
  return (
    <>
      <Button size="xs" variant="default" leftSection={<IconPencil size={14} />} onClick={onUpdate} disabled={busy}>
        {texts.bulkUpdate}
      </Button>
      <Button size="xs" variant="default" leftSection={<IconRoute size={14} />} onClick={onReset} disabled={busy}>
        {texts.bulkReset}
      </Button>
      <Button size="xs" color="red" variant="light" leftSection={<IconTrash size={14} />} onClick={onDelete} disabled={busy}>
        {texts.bulkDelete}
      </Button>
    </>
  );
}
