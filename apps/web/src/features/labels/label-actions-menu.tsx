import { Link, useNavigate } from 'react-router';
import { ActionIcon, Button, Menu } from '@mantine/core';
import { IconCircleCheck, IconCopy, IconDots, IconFlag, IconSearch, IconTrash } from '@tabler/icons-react';
import type { Label } from '@verzendhuis/contract/label';
import { labelActionTexts as texts, labelMarkerTexts, labelMarkers } from '@verzendhuis/domain/label-screens-texts';
import { paths } from '../../app/paths';
import { useAppConfig } from '../../app/use-app-config';
import { canMarkDelivered, investigationAction, investigationPaths } from './label-action-rules';
import { useLabelActions } from './use-label-actions';

/**
 * Orders spec §2.5 and §2.7: what else can be done with one label. Dupliceren naar
 * bestellingen opens the order form in duplicate mode for the label's order;
 * Verwijderen and Markeren als bezorgd ask first (neither can be undone); the
 * investigation is requested, or opened when it exists; a return label can be marked.
 * "Printen" to a printer sits beside PDF downloaden in the row (label-columns.tsx).
 */
export function LabelActionsMenu({ label, variant = 'icon', onDeleted }: { label: Label; variant?: 'icon' | 'button'; onDeleted?: () => void }) {
  const navigate = useNavigate();
  const config = useAppConfig();
  const actions = useLabelActions();
  const investigation = investigationAction(label, { development: config.environment === 'development' });
  const target =
    variant === 'icon' ? (
      <ActionIcon variant="subtle" aria-label={texts.moreActions} loading={actions.busy} data-testid="label-actions">
        <IconDots size={18} />
      </ActionIcon>
    ) : (
      <Button variant="default" rightSection={<IconDots size={16} />} loading={actions.busy} data-testid="label-actions">
        {texts.moreActions}
      </Button>
    );
  return (
    <Menu position="bottom-end" withArrow shadow="md" withinPortal>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown data-testid="label-actions-menu">
        <Menu.Item leftSection={<IconCopy size={16} />} component={Link} to={paths.orderDuplicate(label.order_id)} data-testid="label-action-duplicate">
          {texts.duplicate}
        </Menu.Item>
        {canMarkDelivered(label) ? (
          <Menu.Item leftSection={<IconCircleCheck size={16} />} onClick={() => void actions.deliverOne(label.id)} data-testid="label-action-deliver">
            {texts.markDelivered}
          </Menu.Item>
        ) : null}
        {investigation ? (
          <Menu.Item
            leftSection={<IconSearch size={16} />}
            onClick={() => void navigate(investigation.kind === 'open' ? investigationPaths.ticket(investigation.ticketId) : investigationPaths.create(label.id))}
            data-testid="label-action-investigation"
          >
            {investigation.kind === 'open' ? texts.openInvestigation : texts.requestInvestigation}
          </Menu.Item>
        ) : null}
        {label.is_return ? (
          <>
            <Menu.Divider />
            <Menu.Label>{texts.mark}</Menu.Label>
            {labelMarkers.map((marker) => (
              <Menu.Item
                key={marker}
                leftSection={<IconFlag size={16} />}
                onClick={() => void actions.markReturn(label.id, marker)}
                disabled={label.marker === marker}
                data-testid={`label-action-mark-${marker}`}
              >
                {labelMarkerTexts[marker]}
              </Menu.Item>
            ))}
          </>
        ) : null}
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconTrash size={16} />}
          onClick={() => void actions.deleteOne(label.id).then((deleted) => deleted && onDeleted?.())}
          data-testid="label-action-delete"
        >
          {texts.delete}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
