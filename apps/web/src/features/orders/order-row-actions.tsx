import { Link } from 'react-router';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconCopy, IconPencil, IconTrash } from '@tabler/icons-react';
import { ordersTableTexts as texts } from '@verzendhuis/domain/orders-texts';
import { paths } from '../../app/paths';

/** Orders spec §2.3: edit, duplicate and delete per order. */
export function OrderRowActions({ orderId, onDelete }: { orderId: string; onDelete: () => void }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={texts.edit} withArrow>
        <ActionIcon component={Link} to={paths.order(orderId)} variant="subtle" aria-label={texts.edit} data-testid="order-edit">
          <IconPencil size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={texts.duplicate} withArrow>
        <ActionIcon
          component={Link}
          to={paths.orderDuplicate(orderId)}
          variant="subtle"
          aria-label={texts.duplicate}
          data-testid="order-duplicate"
        >
          <IconCopy size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={texts.delete} withArrow>
        <ActionIcon variant="subtle" color="red" aria-label={texts.delete} onClick={onDelete} data-testid="order-delete">
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
