import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Group, List, Loader, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus } from '@tabler/icons-react';
import type { ShipmentLogicRule } from '@verzendhuis/contract/shipment-logic';
import { screenTitles } from '@verzendhuis/domain/frame-texts';
import { shipmentLogicPageTexts as texts } from '@verzendhuis/domain/shipping-rules-texts';
import { handleUnexpectedError } from '../../app/errors/handle-unexpected-error';
import { openConfirmDialog } from '../../ui/confirm-dialog';
import { formErrorsFromApi } from '../../ui/form/server-errors';
import { SimpleTable } from '../../ui/simple-table';
import { showSuccessToast } from '../../ui/toasts';
import { useCouriers } from '../orders/use-couriers';
import { useShops } from '../orders/use-shops';
import { DryRunPanel } from './dry-run-panel';
import { describeActions, describeConditions } from './rule-form';
import { RuleFormModal } from './rule-form-modal';
import { useShipmentLogicMutations, useShipmentLogicRules } from './use-shipment-logic';

/** /settings/shipmentlogic: the rules in order, moved up and down, created and edited in a modal, (de)activated, deleted; the dry run. */
export function ShipmentLogicSettings() {
  const rules = useShipmentLogicRules();
  const couriers = useCouriers();
  const shops = useShops();
  const { update, remove, reorder } = useShipmentLogicMutations();
  const [editing, setEditing] = useState<{ rule: ShipmentLogicRule | null; errors?: Record<string, string> } | null>(null);
  const list = rules.data ?? [];
  const courierList = couriers.data ?? [];
  const shopList = shops.data ?? [];
  const shopName = (id: string) => shopList.find((s) => s.id === id)?.label ?? id;

  function move(index: number, by: -1 | 1) {
    const ids = list.map((r) => r.id);
    const [moved] = ids.splice(index, 1);
    if (!moved) return;
    ids.splice(index + by, 0, moved);
    reorder.mutate(ids, {
      onSuccess: () => {
        showSuccessToast(texts.moved);
        // Keep the keyboard on the rule that moved.
        requestAnimationFrame(() => document.querySelector<HTMLButtonElement>(`[data-rule-id="${moved}"] [data-move="${by === -1 ? 'up' : 'down'}"]:not([disabled])`)?.focus());
      },
      onError: handleUnexpectedError,
    });
  }

  function toggle(rule: ShipmentLogicRule) {
    update.mutate(
      { id: rule.id, body: { is_active: !rule.is_active } },
      {
        onSuccess: () => showSuccessToast(rule.is_active ? texts.deactivated : texts.activated),
        onError: (error) => {
          // An active rule must be applicable: the edit form shows why it is not.
          const fields = formErrorsFromApi(error);
          if (fields && !rule.is_active) setEditing({ rule: { ...rule, is_active: true }, errors: fields });
          else handleUnexpectedError(error);
        },
      },
    );
  }

  async function del(rule: ShipmentLogicRule) {
    const confirmed = await openConfirmDialog({ title: texts.deleteTitle, message: texts.deleteQuestion(rule.name), type: 'danger', confirmLabel: texts.deleteConfirm });
    if (!confirmed) return;
    remove.mutate(rule.id, { onSuccess: () => showSuccessToast(texts.deleted), onError: handleUnexpectedError });
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4} maw={720}>
          <Title order={1}>{screenTitles.shipmentLogic}</Title>
          <Text c="gray.7" size="sm">
            {texts.intro}
          </Text>
        </Stack>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ rule: null })} disabled={!couriers.data} data-testid="rule-new">
          {texts.newRule}
        </Button>
      </Group>
      {rules.isPending ? <Loader aria-label={screenTitles.shipmentLogic} /> : null}
      {rules.isError ? <Alert color="red">{texts.loadFailed}</Alert> : null}
      {rules.data && list.length === 0 ? <Text c="gray.7">{texts.empty}</Text> : null}
      {list.length > 0 ? (
        <SimpleTable
          label={screenTitles.shipmentLogic}
          minWidth={760}
          testId="rule-list"
          columns={[
            { label: texts.columns.position },
            { label: texts.columns.name },
            { label: texts.columns.conditions },
            { label: texts.columns.actions },
            { label: texts.columns.status },
            { label: texts.columns.actions_column, align: 'right' },
          ]}
        >
              {list.map((rule, index) => (
                <Table.Tr key={rule.id} data-testid="rule-row" data-rule-id={rule.id} data-active={rule.is_active}>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Text size="sm" w={20}>
                        {index + 1}
                      </Text>
                      <Tooltip label={texts.moveUp(rule.name)}>
                        <ActionIcon variant="default" aria-label={texts.moveUp(rule.name)} disabled={index === 0 || reorder.isPending} onClick={() => move(index, -1)} data-move="up">
                          <IconArrowUp size={16} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={texts.moveDown(rule.name)}>
                        <ActionIcon variant="default" aria-label={texts.moveDown(rule.name)} disabled={index === list.length - 1 || reorder.isPending} onClick={() => move(index, 1)} data-move="down">
                          <IconArrowDown size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text fw={600} data-testid="rule-row-name">
                      {rule.name}
                    </Text>
                    {rule.continue ? (
                      <Text size="xs" c="gray.7">
                        {texts.continues}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{describeConditions(rule, shopName)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <List size="sm" listStyleType="none" spacing={2}>
                      {describeActions(rule, courierList).map((part) => (
                        <List.Item key={part}>{part}</List.Item>
                      ))}
                    </List>
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={4} align="flex-start">
                      <Badge variant={rule.is_active ? 'filled' : 'outline'} color={rule.is_active ? 'indigo.8' : 'gray.7'} data-testid="rule-row-status">
                        {rule.is_active ? texts.active : texts.inactive}
                      </Badge>
                      {rule.errors.length > 0 ? (
                        <>
                          <Badge variant="filled" color="red.9" data-testid="rule-row-error">
                            {texts.hasErrors}
                          </Badge>
                          {rule.errors.map((e) => (
                            <Text key={e.field + e.message} size="xs" c="red.9">
                              {e.message}
                            </Text>
                          ))}
                        </>
                      ) : null}
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button size="xs" variant="default" onClick={() => setEditing({ rule })} data-testid="rule-edit">
                        {texts.edit}
                      </Button>
                      <Button size="xs" variant="default" onClick={() => toggle(rule)} loading={update.isPending && update.variables.id === rule.id} data-testid="rule-toggle">
                        {rule.is_active ? texts.deactivate : texts.activate}
                      </Button>
                      <Button size="xs" variant="outline" color="red.9" onClick={() => void del(rule)} data-testid="rule-delete">
                        {texts.delete}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
        </SimpleTable>
      ) : null}
      <DryRunPanel />
      {editing ? <RuleFormModal key={editing.rule?.id ?? 'new'} rule={editing.rule} couriers={courierList} shops={shopList} initialErrors={editing.errors} onClose={() => setEditing(null)} /> : null}
    </Stack>
  );
}
