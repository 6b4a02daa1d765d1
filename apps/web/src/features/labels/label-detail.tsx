import type { ReactNode } from 'react';
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { Courier } from '@verzendhuis/contract/courier';
import type { Label } from '@verzendhuis/contract/label';
import { countryName } from '@verzendhuis/domain/countries';
import { labelDetailTexts as texts } from '@verzendhuis/domain/labels-texts';
import { shippingMethodName } from '../orders/shipping-method';
import { courierOptionRows, displayValue } from './display-value';
import { formatDate, formatDateTime } from './format';
import { LabelStatusBadge } from './label-status-badge';

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" w={140} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" component="div" data-testid={testId}>
        {children}
      </Text>
    </Group>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <Stack gap={6}>{children}</Stack>
    </Card>
  );
}

/**
 * Orders spec §2.7, a first version of Zendingdetails: recipient, shipment (method,
 * status, options, packages with weight and tracking) and order. Tracking history,
 * invoicing, return labels and tickets come later.
 */
export function LabelDetail({ label, couriers }: { label: Label; couriers: readonly Courier[] }) {
  const courier = couriers.find((c) => c.id === label.courier_id);
  const address = [label.address_1, label.housenumber].filter(Boolean).join(' ');
  const options = courierOptionRows(label.shipment.courier_fields, courier?.meta.order_fields ?? []);
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" data-testid="label-detail">
      <Stack gap="md">
        <Block title={texts.recipient}>
          <Field label={texts.fields.name} testId="label-detail-name">{displayValue(label.name)}</Field>
          <Field label={texts.fields.company_name}>{displayValue(label.company_name)}</Field>
          <Field label={texts.fields.address}>{displayValue(address)}</Field>
          <Field label={texts.fields.zipcode}>{displayValue(label.zipcode)}</Field>
          <Field label={texts.fields.city}>{displayValue(label.city)}</Field>
          <Field label={texts.fields.country}>{label.country ? countryName(label.country) : texts.empty}</Field>
        </Block>
        <Block title={texts.order}>
          <Field label={texts.fields.order_number} testId="label-detail-order-number">{displayValue(label.order_number)}</Field>
          <Field label={texts.fields.order_date}>{formatDate(label.order_date)}</Field>
          <Field label={texts.fields.order_status}>{displayValue(label.order_status)}</Field>
        </Block>
      </Stack>
      <Stack gap="md">
        <Block title={texts.shipment}>
          <Field label={texts.fields.shipment_type} testId="label-detail-shipment-type">
            {shippingMethodName({ courier_id: label.courier_id, shipment_type: label.shipment.shipment_type }, couriers) ??
              displayValue(label.shipment.shipment_type)}
          </Field>
          <Field label={texts.fields.status}>
            <LabelStatusBadge status={label.status} />
          </Field>
          <Field label={texts.fields.is_return}>{displayValue(label.is_return)}</Field>
          <Field label={texts.fields.created_at}>{formatDateTime(label.created_at)}</Field>
          <Field label={texts.courierOptions}>
            {options.length === 0 ? (
              texts.noCourierOptions
            ) : (
              <Stack gap={2}>
                {options.map((o) => (
                  <span key={o.name}>
                    {o.label}: {o.value}
                  </span>
                ))}
              </Stack>
            )}
          </Field>
        </Block>
        <Block title={texts.packages}>
          <Table withTableBorder verticalSpacing={6} data-testid="label-detail-packages">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{texts.packageColumn}</Table.Th>
                <Table.Th>{texts.weight}</Table.Th>
                <Table.Th>{texts.fields.tracking_number}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {label.shipment.packages.map((p) => (
                <Table.Tr key={p.package_number}>
                  <Table.Td>
                    <Badge variant="light" color="gray">
                      {texts.package(p.package_number)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{texts.grams(p.weight)}</Table.Td>
                  <Table.Td>
                    {p.tracking_url ? (
                      <Anchor href={p.tracking_url} target="_blank" rel="noreferrer" size="sm">
                        {p.tracking_number}
                      </Anchor>
                    ) : (
                      displayValue(p.tracking_number)
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Block>
      </Stack>
    </SimpleGrid>
  );
}
