import { useState } from 'react';
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Courier } from '@verzendhuis/contract/courier';
import { courierSettingsTexts as texts } from '@verzendhuis/domain/couriers-texts';
import { screenTitles } from '@verzendhuis/domain/frame-texts';
import { handleUnexpectedError } from '../../app/errors/handle-unexpected-error';
import { openConfirmDialog } from '../../ui/confirm-dialog';
import { LinkedServicesTable } from '../../ui/linked-services-table';
import { SettingsPageHeader } from '../../ui/settings-page-header';
import { formErrorsFromApi } from '../../ui/form/server-errors';
import { showSuccessToast } from '../../ui/toasts';
import { useCouriers } from '../orders/use-couriers';
import { CourierCounters } from './courier-counters';
import { CourierEditModal } from './courier-edit-modal';
import { CourierLinkModal } from './courier-link-modal';
import { CourierMark } from './courier-mark';
import { LabelPriceTable } from './label-price-table';
import { useCourierClasses, useCourierMutations } from './use-courier-settings';

interface Editing {
  courier: Courier;
  reactivate: boolean;
  errors: Record<string, string>;
}

/** /settings/services/courier: the linked couriers, linking, editing, deactivating and reactivating them. */
export function CourierSettings() {
  const couriers = useCouriers();
  const classes = useCourierClasses();
  const { update, reset } = useCourierMutations();
  const [linking, setLinking] = useState(false);
  const [editing, setEditing] = useState<Editing | null>(null);

  async function deactivate(courier: Courier) {
    const confirmed = await openConfirmDialog({ title: texts.deactivateTitle, message: texts.deactivateQuestion(courier.label), type: 'danger', confirmLabel: texts.deactivateConfirm });
    if (!confirmed) return;
    update.mutate({ id: courier.id, body: { is_active: false } }, { onSuccess: () => showSuccessToast(texts.deactivated), onError: handleUnexpectedError });
  }

  function reactivate(courier: Courier) {
    reset.mutate(courier.id, {
      onSuccess: () => showSuccessToast(texts.reactivated),
      onError: (error) => {
        // Credentials that no longer hold: enter them again; saving reactivates.
        const fields = formErrorsFromApi(error);
        if (fields) setEditing({ courier, reactivate: true, errors: fields });
        else handleUnexpectedError(error);
      },
    });
  }

  const classList = classes.data ?? [];
  const list = couriers.data ?? [];
  return (
    <Stack gap="lg">
      <SettingsPageHeader
        title={screenTitles.courierServices}
        intro={texts.intro}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setLinking(true)} disabled={!classes.data} data-testid="courier-link-button">
            {texts.linkCourier}
          </Button>
        }
      />
      <CourierCounters />
      <LinkedServicesTable
        label={screenTitles.courierServices}
        query={couriers}
        texts={texts}
        columns={[texts.columns.name, texts.columns.courier, texts.columns.contract, texts.columns.status, texts.columns.actions]}
        minWidth={700}
        testId="courier-list"
      >
        {list.map((courier) => (
          <Table.Tr key={courier.id} data-testid="courier-row" data-courier-id={courier.id} data-active={courier.is_active}>
            <Table.Td>
              <Group gap="sm" wrap="nowrap">
                <CourierMark name={courier.service_name} src={courier.meta.images.mark} />
                <Text fw={600} data-testid="courier-row-label">
                  {courier.label}
                </Text>
              </Group>
            </Table.Td>
            <Table.Td>{courier.service_name}</Table.Td>
            <Table.Td>
              <Badge variant="light" color={courier.proxied_id ? 'grape' : 'gray'} data-testid="courier-row-contract">
                {courier.proxied_id ? texts.contractPlatform : texts.contractOwn}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Badge variant="light" color={courier.is_active ? 'green' : 'red'} styles={{ label: { color: 'var(--mantine-color-gray-9)' } }} data-testid="courier-row-status">
                {courier.is_active ? texts.active : texts.inactive}
              </Badge>
            </Table.Td>
            <Table.Td>
              <Group gap="xs" justify="flex-end" wrap="nowrap">
                <Button size="xs" variant="default" onClick={() => setEditing({ courier, reactivate: false, errors: {} })} data-testid="courier-edit">
                  {texts.edit}
                </Button>
                {courier.is_active ? (
                  <Button size="xs" variant="light" color="red" onClick={() => void deactivate(courier)} data-testid="courier-deactivate">
                    {texts.deactivate}
                  </Button>
                ) : (
                  <Button size="xs" variant="light" onClick={() => reactivate(courier)} loading={reset.isPending && reset.variables === courier.id} data-testid="courier-reactivate">
                    {texts.reactivate}
                  </Button>
                )}
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </LinkedServicesTable>
      <LabelPriceTable classes={classList} />
      <CourierLinkModal opened={linking} onClose={() => setLinking(false)} classes={classList} />
      {editing ? (
        <CourierEditModal
          key={editing.courier.id}
          courier={editing.courier}
          courierClass={classList.find((c) => c.class === editing.courier.service_class)}
          reactivate={editing.reactivate}
          initialErrors={editing.errors}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Stack>
  );
}
