import { useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Group, List, Loader, Stack, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { Label } from '@verzendhuis/contract/label';
import { labelCreationTexts as texts, labelRefusalTexts as refusalTexts } from '@verzendhuis/domain/labels-texts';
import { paths } from '../../app/paths';
import { openConfirmDialog } from '../../ui/confirm-dialog';
import type { CreateError, CreateWarning, Refusal } from './create-flow';
import { formatDateTime } from './format';
import { LabelStatusBadge } from './label-status-badge';

const orderNumberOf = (value: string | null) => value || texts.noOrderNumber;

function modalId(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/** Step 3 of the creation flow: warnings other than duplicates; resolves true on Labels aanmaken. */
export function confirmWarnings(warnings: readonly CreateWarning[]): Promise<boolean> {
  return openConfirmDialog({
    title: texts.warningsTitle,
    type: 'warning',
    confirmLabel: texts.warningsConfirm,
    cancelLabel: texts.warningsCancel,
    message: (
      <Stack gap="xs" data-testid="label-warnings">
        <Text size="sm">{texts.warningsIntro}</Text>
        <List size="sm" spacing={4}>
          {warnings.map((w, index) => (
            <List.Item key={`${w.order_id}-${index}`}>
              <Text span fw={600} size="sm">
                {orderNumberOf(w.order_number)}
              </Text>
              {': '}
              {w.message}
            </List.Item>
          ))}
        </List>
      </Stack>
    ),
  });
}

/** The request did not come through: try again with the same key, or stop. */
export function confirmNetworkRetry(): Promise<boolean> {
  return openConfirmDialog({
    title: texts.networkTitle,
    message: texts.networkMessage,
    type: 'warning',
    confirmLabel: texts.networkRetry,
    cancelLabel: texts.cancel,
  });
}

/** Account spec §4: the refusal of the pre-checks, with the way out it offers. */
/** Where each refusal's button leads: billing, the dashboard, the plans, the account's billing tab, the account's address. */
const refusalPaths = { billing: paths.billing, dashboard: paths.dashboard, plans: paths.plans, plansChange: paths.plansChange, billingAndPayment: paths.billingAndPayment, account: paths.settingsAccount } as const;

export function openRefusalDialog(refusal: Refusal, navigate: (path: string) => unknown): void {
  const id = modalId('refusal');
  const content = {
    overdue_payments: { ...refusalTexts.overduePayments, target: 'billing' as const },
    account_manager_action_required: { ...refusalTexts.accountManager, target: 'dashboard' as const },
    quota_exceeded: {
      title: refusalTexts.quota.title,
      message:
        refusal.kind === 'quota_exceeded' ? refusalTexts.quota.message(refusal.used, refusal.quota, refusal.requested) : '',
      action: refusalTexts.quota.action,
      target: 'plans' as const,
    },
    direct_debit_required: { ...refusalTexts.directDebit, target: 'billingAndPayment' as const },
    no_plan: { ...refusalTexts.noPlan, target: 'plansChange' as const },
    sender_address_missing: { ...refusalTexts.senderAddress, target: 'account' as const },
  }[refusal.kind];
  modals.open({
    modalId: id,
    title: content.title,
    children: (
      <Stack data-testid={`label-refusal-${refusal.kind}`}>
        <Text size="sm">{content.message}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => modals.close(id)}>
            {refusalTexts.close}
          </Button>
          <Button
            data-autofocus
            onClick={() => {
              modals.close(id);
              void navigate(refusalPaths[content.target]);
            }}
          >
            {content.action}
          </Button>
        </Group>
      </Stack>
    ),
  });
}

/** Orders spec §8: errors per order, with how many labels were made. */
export function openResultDialog({ created, errors }: { created: number; errors: readonly CreateError[] }): void {
  const id = modalId('label-result');
  modals.open({
    modalId: id,
    size: 'lg',
    title: created === 0 ? texts.resultTitle.failed : texts.resultTitle.partial,
    children: (
      <Stack data-testid="label-result">
        <Text size="sm" data-testid="label-result-created">
          {texts.resultCreated(created)}
        </Text>
        <Text size="sm">{texts.resultFailed(errors.length)}</Text>
        <Table withTableBorder verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{texts.columns.order}</Table.Th>
              <Table.Th>{texts.columns.message}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {errors.map((e, index) => (
              <Table.Tr key={`${e.order_id}-${index}`} data-testid="label-result-error">
                <Table.Td>
                  <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {orderNumberOf(e.order_number)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{e.message}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="flex-end">
          <Button onClick={() => modals.close(id)} data-autofocus>
            {texts.close}
          </Button>
        </Group>
      </Stack>
    ),
  });
}

export interface DuplicateOrder {
  orderId: string;
  orderNumber: string | null;
}

export type DuplicateChoice = { kind: 'existing'; labelIds: string[]; orderIds: string[] } | { kind: 'new' };

/**
 * Orders spec §4 step 2: orders that already have labels. Use the existing labels
 * (all, or the ones left ticked), make new ones, or stop. Each order's existing
 * label is fetched on its own. Resolves null on Annuleren.
 */
export function chooseForDuplicates({
  orders,
  otherOrders,
  findLabel,
}: {
  orders: readonly DuplicateOrder[];
  /** How many orders of the request have no label yet (they get one either way). */
  otherOrders: number;
  findLabel: (orderId: string) => Promise<Label | null>;
}): Promise<DuplicateChoice | null> {
  return new Promise((resolve) => {
    const id = modalId('label-duplicates');
    let settled = false;
    const settle = (choice: DuplicateChoice | null) => {
      if (settled) return;
      settled = true;
      resolve(choice);
      modals.close(id);
    };
    modals.open({
      modalId: id,
      size: 720,
      title: texts.duplicatesTitle(orders.length),
      onClose: () => settle(null),
      children: <DuplicatesDialogBody orders={orders} otherOrders={otherOrders} findLabel={findLabel} onChoose={settle} />,
    });
  });
}

function DuplicatesDialogBody({
  orders,
  otherOrders,
  findLabel,
  onChoose,
}: {
  orders: readonly DuplicateOrder[];
  otherOrders: number;
  findLabel: (orderId: string) => Promise<Label | null>;
  onChoose: (choice: DuplicateChoice | null) => void;
}) {
  const results = useQueries({
    queries: orders.map((order) => ({
      queryKey: ['labels', 'existing-for-order', order.orderId],
      queryFn: () => findLabel(order.orderId),
      staleTime: 0,
      gcTime: 0,
      retry: 1,
    })),
  });
  // Unticked orders; everything found starts ticked.
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(() => new Set());
  const loading = results.some((r) => r.isPending);
  const chosen = orders.flatMap((order, index) => {
    const label = results[index]?.data;
    return label && !unticked.has(order.orderId) ? [{ orderId: order.orderId, labelId: label.id }] : [];
  });
  const canUseExisting = !loading && (chosen.length > 0 || otherOrders > 0);

  return (
    <Stack data-testid="label-duplicates">
      <Text size="sm">{texts.duplicatesIntro(orders.length)}</Text>
      <Text size="xs" c="dimmed">
        {texts.duplicatesChooseHint}
      </Text>
      <Table withTableBorder verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40} />
            <Table.Th>{texts.columns.order}</Table.Th>
            <Table.Th>{texts.columns.tracking}</Table.Th>
            <Table.Th>{texts.columns.created}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {orders.map((order, index) => {
            const result = results[index];
            const label = result?.data ?? null;
            const orderNumber = orderNumberOf(order.orderNumber);
            return (
              <Table.Tr key={order.orderId} data-testid="label-duplicate-row">
                <Table.Td>
                  <Checkbox
                    aria-label={texts.useLabel(orderNumber)}
                    disabled={!label}
                    checked={Boolean(label) && !unticked.has(order.orderId)}
                    onChange={(event) => {
                      const checked = event.currentTarget.checked;
                      setUnticked((prev) => {
                        const next = new Set(prev);
                        if (checked) next.delete(order.orderId);
                        else next.add(order.orderId);
                        return next;
                      });
                    }}
                  />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {orderNumber}
                  </Text>
                </Table.Td>
                {result?.isPending ? (
                  <Table.Td colSpan={3}>
                    <Group gap={6}>
                      <Loader size="xs" />
                      <Text size="xs" c="dimmed">
                        {texts.duplicatesLoading}
                      </Text>
                    </Group>
                  </Table.Td>
                ) : label ? (
                  <>
                    <Table.Td>
                      <Text size="sm">{label.shipment.tracking_number ?? texts.noOrderNumber}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatDateTime(label.created_at)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <LabelStatusBadge status={label.status} />
                    </Table.Td>
                  </>
                ) : (
                  <Table.Td colSpan={3}>
                    <Text size="xs" c="dimmed">
                      {texts.duplicatesNoLabel}
                    </Text>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {results.some((r) => r.isError) ? (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={16} />} p="xs">
          <Text size="xs">{texts.duplicatesNoLabel}</Text>
        </Alert>
      ) : null}
      <Group justify="space-between" gap="sm">
        <Button variant="default" onClick={() => onChoose(null)} data-autofocus data-testid="label-duplicates-cancel">
          {texts.cancel}
        </Button>
        <Group gap="sm">
          <Button variant="light" onClick={() => onChoose({ kind: 'new' })} data-testid="label-duplicates-new">
            {texts.createNew}
          </Button>
          <Button
            disabled={!canUseExisting}
            onClick={() =>
              onChoose({ kind: 'existing', labelIds: chosen.map((c) => c.labelId), orderIds: orders.map((o) => o.orderId) })
            }
            data-testid="label-duplicates-existing"
          >
            {texts.useExisting}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
