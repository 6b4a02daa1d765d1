import { useState } from 'react';
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconPlus, IconRefresh } from '@tabler/icons-react';
import type { Shop } from '@verzendhuis/contract/shop';
import { screenTitles } from '@verzendhuis/domain/frame-texts';
import { shopServerTexts, shopSettingsTexts as texts } from '@verzendhuis/domain/shops-texts';
import { handleUnexpectedError } from '../../app/errors/handle-unexpected-error';
import { openConfirmDialog } from '../../ui/confirm-dialog';
import { LinkedServicesTable } from '../../ui/linked-services-table';
import { SettingsPageHeader } from '../../ui/settings-page-header';
import { showErrorToast, showSuccessToast } from '../../ui/toasts';
import { CourierMark } from '../couriers/courier-mark';
import { formatDateTime } from '../labels/format';
import { useShops } from '../orders/use-shops';
import { ShopEditModal } from './shop-edit-modal';
import { ShopLinkModal } from './shop-link-modal';
import { useShopClasses, useShopMutations } from './use-shop-settings';

function SyncResult({ shop }: { shop: Shop }) {
  if (!shop.last_sync_at) return <Text size="sm" c="gray.7">{texts.never}</Text>;
  if (shop.last_sync_count === null) {
    return (
      <Text size="sm" c="red.9" data-testid="shop-row-error">
        {shop.last_sync_error}
      </Text>
    );
  }
  return (
    <Stack gap={2}>
      <Text size="sm" data-testid="shop-row-result">
        {shopServerTexts.syncResult(shop.last_sync_count)}
      </Text>
      {shop.last_sync_error ? (
        <Text size="xs" c="gray.8">
          {shop.last_sync_error}
        </Text>
      ) : null}
    </Stack>
  );
}

function StatusBadge({ shop }: { shop: Shop }) {
  // Badges keep their whole word in a narrow column.
  // Colours with WCAG 2.1 AA contrast for their small text (Mantine's light variants are not).
  const [variant, color, text] = !shop.is_active ? ['outline', 'gray.7', texts.inactive] : shop.needs_refresh ? ['filled', 'red.9', texts.needsRefresh] : ['filled', 'teal.9', texts.active];
  return (
    <Badge variant={variant} color={color} miw="max-content" data-testid="shop-row-status">
      {text}
    </Badge>
  );
}

/** /settings/services/shop: the linked shops with their last pull, linking, editing, deactivating and pulling now. */
export function ShopSettings() {
  const shops = useShops();
  const classes = useShopClasses();
  const { update, sync, syncAll } = useShopMutations();
  const [linking, setLinking] = useState(false);
  const [editing, setEditing] = useState<Shop | null>(null);

  async function deactivate(shop: Shop) {
    const confirmed = await openConfirmDialog({ title: texts.deactivateTitle, message: texts.deactivateQuestion(shop.label), type: 'danger', confirmLabel: texts.deactivateConfirm });
    if (!confirmed) return;
    update.mutate({ id: shop.id, body: { is_active: false } }, { onSuccess: () => showSuccessToast(texts.deactivated), onError: handleUnexpectedError });
  }

  function reactivate(shop: Shop) {
    update.mutate({ id: shop.id, body: { is_active: true } }, { onSuccess: () => showSuccessToast(texts.reactivated), onError: handleUnexpectedError });
  }

  function pullNow(shop: Shop) {
    sync.mutate(shop.id, {
      onSuccess: ({ data }) => {
        if (data.status === 'success') showSuccessToast(`${texts.syncStarted}: ${shopServerTexts.syncResult(data.created + data.updated)}`);
        else showErrorToast(`${texts.syncFailed}: ${data.message ?? ''}`);
      },
      onError: handleUnexpectedError,
    });
  }

  const classList = classes.data ?? [];
  const list = shops.data ?? [];
  return (
    <Stack gap="lg">
      <SettingsPageHeader
        title={screenTitles.shopServices}
        intro={texts.intro}
        actions={
          <Group gap="xs">
            {list.some((shop) => shop.is_active) ? (
              <Button
                variant="default"
                leftSection={<IconRefresh size={16} />}
                loading={syncAll.isPending}
                onClick={() => syncAll.mutate(undefined, { onSuccess: () => showSuccessToast(texts.syncStarted), onError: handleUnexpectedError })}
                data-testid="shop-sync-all"
              >
                {texts.syncAll}
              </Button>
            ) : null}
            <Button leftSection={<IconPlus size={16} />} onClick={() => setLinking(true)} disabled={!classes.data} data-testid="shop-link-button">
              {texts.linkShop}
            </Button>
          </Group>
        }
      />
      <LinkedServicesTable
        label={screenTitles.shopServices}
        query={shops}
        texts={texts}
        columns={[texts.columns.name, texts.columns.status, texts.columns.lastSync, texts.columns.result, texts.columns.actions]}
        minWidth={860}
        testId="shop-list"
      >
        {list.map((shop) => (
          <Table.Tr key={shop.id} data-testid="shop-row" data-shop-id={shop.id} data-active={shop.is_active}>
            <Table.Td>
              <Group gap="sm" wrap="nowrap">
                <CourierMark name={shop.meta.name} src={shop.meta.images.mark} />
                <Stack gap={0}>
                  <Text fw={600} data-testid="shop-row-label">
                    {shop.label}
                  </Text>
                  <Text size="xs" c="gray.7">
                    {shop.meta.name}
                  </Text>
                </Stack>
              </Group>
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <StatusBadge shop={shop} />
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>
              <Text size="sm" data-testid="shop-row-last-sync">
                {shop.last_sync_at ? formatDateTime(shop.last_sync_at) : texts.never}
              </Text>
            </Table.Td>
            <Table.Td maw={320}>
              <SyncResult shop={shop} />
            </Table.Td>
            <Table.Td>
              <Group gap="xs" justify="flex-end" wrap="nowrap">
                {shop.is_active ? (
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconRefresh size={14} />}
                    onClick={() => pullNow(shop)}
                    loading={sync.isPending && sync.variables === shop.id}
                    data-testid="shop-sync"
                  >
                    {texts.syncNow}
                  </Button>
                ) : null}
                <Button size="xs" variant="default" onClick={() => setEditing(shop)} data-testid="shop-edit">
                  {texts.edit}
                </Button>
                {shop.is_active ? (
                  <Button size="xs" variant="light" color="red" onClick={() => void deactivate(shop)} data-testid="shop-deactivate">
                    {texts.deactivate}
                  </Button>
                ) : (
                  <Button size="xs" variant="light" onClick={() => reactivate(shop)} data-testid="shop-reactivate">
                    {texts.reactivate}
                  </Button>
                )}
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </LinkedServicesTable>
      {/* Made when opened: with one platform it starts chosen. */}
      {linking ? <ShopLinkModal opened onClose={() => setLinking(false)} classes={classList} /> : null}
      {editing ? <ShopEditModal key={editing.id} shop={editing} shopClass={classList.find((c) => c.class === editing.service_class)} onClose={() => setEditing(null)} /> : null}
    </Stack>
  );
}
