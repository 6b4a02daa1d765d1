import { useState } from 'react';
import { Alert, Badge, Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { Courier } from '@verzendhuis/contract/courier';
import { courierSettingsTexts as texts } from '@verzendhuis/domain/couriers-texts';
import { screenTitles } from '@verzendhuis/domain/frame-texts';
import { handleUnexpectedError } from '../../app/errors/handle-unexpected-error';
import { openConfirmDialog } from '../../ui/confirm-dialog';
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
      <Group justify="space-between" align="flex-start">
        <Stack gap={4} maw={720}>
          <Title order={1}>{screenTitles.courierServices}</Title>
          <Text c="dimmed" size="sm">
            {texts.intro}
          </Text>
        </Stack>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setLinking(true)} disabled={!classes.data} data-testid="courier-link-button">
          {texts.linkCourier}
        </Button>
      </Group>
      <CourierCounters />
      {couriers.isPending ? <Loader /> : null}
      {couriers.isError ? <Alert color="red">{texts.loadFailed}</Alert> : null}
      {couriers.data && list.length === 0 ? <Text c="dimmed">{texts.empty}</Text> : null}
      {list.length > 0 ? (
        <Table.ScrollContainer minWidth={700}>
          <Table verticalSpacing="sm" data-testid="courier-list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{texts.columns.name}</Table.Th>
                <Table.Th>{texts.columns.courier}</Table.Th>
                <Table.Th>{texts.columns.contract}</Table.Th>
                <Table.Th>{texts.columns.status}</Table.Th>
                <Table.Th ta="right">{texts.columns.actions}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
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
                    <Badge variant="light" color={courier.is_active ? 'green' : 'red'} data-testid="courier-row-status">
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
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
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
