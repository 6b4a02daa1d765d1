import { useState } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { pickupPointWebTexts as texts, recipientPickupSearch } from '@verzendhuis/domain/pickup-points';
import { PickupPointModal } from './pickup-point-modal';
import type { OrderFormController } from './use-order-form';

/**
 * The order's pickup point in the Zending section (orders spec §2.8): "Afhaalpunt kiezen"
 * when the chosen courier delivers at pickup points (`meta.supports_pickup_points`), the
 * chosen point with Wijzigen and Verwijderen, and the server's refusal of it.
 */
export function PickupPointField({ ctl }: { ctl: OrderFormController }) {
  const [opened, setOpened] = useState(false);
  const courier = ctl.courier;
  const point = ctl.values.pickup_point;
  const error = ctl.form.errors.pickup_point;
  if (!courier?.meta.supports_pickup_points && !point) return null;
  const canChoose = !!courier?.meta.supports_pickup_points && courier.is_active;

  return (
    <Stack gap={4} data-testid="pickup-point-field">
      {point ? (
        <Paper withBorder p="sm" radius="md" role="group" aria-labelledby="pickup-point-caption">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
            <Group gap="xs" align="flex-start" wrap="nowrap" style={{ minWidth: 0 }}>
              <IconMapPin size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
              <div style={{ minWidth: 0 }}>
                <Text size="xs" fw={600} id="pickup-point-caption">
                  {texts.chosen}
                </Text>
                <Text size="sm" fw={600} data-testid="pickup-point-name">
                  {point.name}
                </Text>
                <Text size="sm">
                  {point.address.street_address}, {point.address.zip_code} {point.address.city}
                </Text>
              </div>
            </Group>
            <Group gap="xs">
              {canChoose ? (
                <Button size="xs" variant="default" onClick={() => setOpened(true)} data-testid="pickup-point-change">
                  {texts.change}
                </Button>
              ) : null}
              <Button size="xs" variant="default" color="red" onClick={() => ctl.setPickupPoint(null)} data-testid="pickup-point-remove">
                {texts.remove}
              </Button>
            </Group>
          </Group>
        </Paper>
      ) : (
        <Group>
          <Button variant="default" leftSection={<IconMapPin size={16} aria-hidden />} onClick={() => setOpened(true)} disabled={!canChoose} data-testid="pickup-point-choose">
            {texts.choose}
          </Button>
        </Group>
      )}
      {typeof error === 'string' || typeof error === 'number' ? (
        <Text c="red.8" size="sm" data-testid="pickup-point-field-error">
          {error}
        </Text>
      ) : null}
      {courier && canChoose ? (
        <PickupPointModal
          opened={opened}
          onClose={() => setOpened(false)}
          onConfirm={(chosen) => {
            ctl.setPickupPoint(chosen);
            setOpened(false);
          }}
          courierId={courier.id}
          country={ctl.values.country}
          initialSearch={recipientPickupSearch(ctl.values)}
          current={point}
        />
      ) : null}
    </Stack>
  );
}
