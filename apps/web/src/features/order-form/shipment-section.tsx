import { Paper, Select, SimpleGrid, Stack, Title } from '@mantine/core';
import type { Courier } from '@verzendhuis/contract/courier';
import { orderFormTexts as texts } from '@verzendhuis/domain/orders-texts';
import { CourierFieldInput } from './courier-field-input';
import { NoCourierBanner } from './no-courier-banner';
import { PickupPointField } from './pickup-point-field';
import type { OrderFormController } from './use-order-form';

/** The courier select offers the active couriers, and the order's own one when it was removed. */
export function courierOptions(couriers: readonly Courier[], currentId: string | null) {
  return couriers
    .filter((c) => c.is_active || c.id === currentId)
    .map((c) => ({ value: c.id, label: c.is_active ? c.label : texts.inactiveCourier(c.label), disabled: !c.is_active }));
}

/** Zending: courier, shipment type and the courier's options. */
export function ShipmentSection({ ctl, couriers }: { ctl: OrderFormController; couriers: readonly Courier[] }) {
  const courier = ctl.courier;
  const hasActiveCourier = couriers.some((c) => c.is_active);
  const types = courier?.shipment_types ?? [];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="section-shipment">
      <Stack gap="sm">
        <Title order={2} size="h4" id="section-shipment">
          {texts.sections.shipment}
        </Title>
        {hasActiveCourier ? null : <NoCourierBanner />}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label={texts.fields.courier_id}
            data={courierOptions(couriers, ctl.values.courier_id)}
            {...ctl.bind('courier_id')}
            onChange={ctl.setCourier}
            allowDeselect={false}
            data-testid="courier-select"
          />
          <Select
            label={texts.fields.shipment_type}
            data={types.map((t) => ({ value: t.id, label: t.name }))}
            {...ctl.bind('shipment_type')}
            onChange={ctl.setShipmentType}
            allowDeselect={false}
            disabled={!courier}
            placeholder={courier && types.length === 0 ? texts.noShipmentTypes : undefined}
            data-testid="shipment-type-select"
          />
        </SimpleGrid>
        <PickupPointField ctl={ctl} />
        {courier && courier.meta.order_fields.length > 0 ? (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" data-testid="courier-fields">
            {courier.meta.order_fields.map((field) => (
              <CourierFieldInput key={`${courier.id}-${field.name}`} field={field} ctl={ctl} />
            ))}
          </SimpleGrid>
        ) : null}
      </Stack>
    </Paper>
  );
}
