import type { ReactNode } from 'react';
import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { Courier } from '@verzendhuis/contract/courier';
import type { Label } from '@verzendhuis/contract/label';
import { countryName } from '@verzendhuis/domain/countries';
import { labelScreenTexts } from '@verzendhuis/domain/label-screens-texts';
import { labelDetailTexts as texts } from '@verzendhuis/domain/labels-texts';
import { shippingMethodName } from '../orders/shipping-method';
import { courierOptionRows, displayValue } from './display-value';
import { formatDate, formatDateTime } from './format';
import { LabelInvoicing } from './label-invoicing';
import { LabelOrderLines } from './label-order-lines';
import { LabelReturnInfo } from './label-return-info';
import { LabelStatusBadge } from './label-status-badge';
import { TrackingNumber } from './tracking-number';
import { LabelTrackingMails } from '../tracking-mail/label-tracking-mails';

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="gray.7" w={140} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" component="div" data-testid={testId}>
        {children}
      </Text>
    </Group>
  );
}

function Block({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card withBorder padding="md" data-testid={testId}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <Stack gap={6}>{children}</Stack>
    </Card>
  );
}

function PackagesTable({ label, carrier }: { label: Label; carrier: string | null }) {
  return (
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
          <Table.Tr key={p.package_number} data-testid="label-detail-package">
            <Table.Td>
              <Badge variant="light" color="gray">
                {texts.package(p.package_number)}
              </Badge>
            </Table.Td>
            <Table.Td data-testid="label-detail-package-weight">{texts.grams(p.weight)}</Table.Td>
            <Table.Td>
              <Stack gap={2}>
                <span>
                  <TrackingNumber number={p.tracking_number} url={p.tracking_url} carrier={carrier} />
                </span>
                {p.pickup_url ? (
                  <Anchor href={p.pickup_url} target="_blank" rel="noreferrer" size="xs">
                    {labelScreenTexts.pickupLink}
                  </Anchor>
                ) : null}
              </Stack>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * Orders spec §2.7, Zendingdetails: the recipient, the shipment (method, status,
 * tracking link, chosen courier options, packages with weight and tracking) and the
 * order; on a return its marker, payment and reasons; then the price and invoicing
 * table and the order lines. Booleans show as Ja/Nee, empty values as a dash.
 * The tracking history sits above it on the label page (tracking-history.tsx).
 */
export function LabelDetail({ label, couriers }: { label: Label; couriers: readonly Courier[] }) {
  const courier = couriers.find((c) => c.id === label.courier_id);
  const address = [label.address_1, label.housenumber].filter(Boolean).join(' ');
  const options = courierOptionRows(label.shipment.courier_fields, courier?.meta.order_fields ?? []);
  const firstPackage = label.shipment.packages[0];
  return (
    <Stack gap="md" data-testid="label-detail">
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Stack gap="md">
          <Block title={texts.recipient} testId="label-detail-recipient">
            <Field label={texts.fields.name} testId="label-detail-name">
              {displayValue(label.name)}
            </Field>
            <Field label={texts.fields.company_name} testId="label-detail-company">
              {displayValue(label.company_name)}
            </Field>
            <Field label={texts.fields.address}>{displayValue(address)}</Field>
            <Field label={labelScreenTexts.address2} testId="label-detail-address2">
              {displayValue(label.address_2)}
            </Field>
            <Field label={texts.fields.zipcode}>{displayValue(label.zipcode)}</Field>
            <Field label={texts.fields.city}>{displayValue(label.city)}</Field>
            <Field label={texts.fields.country}>{label.country ? countryName(label.country) : texts.empty}</Field>
            <Field label={labelScreenTexts.email} testId="label-detail-email">
              {displayValue(label.email)}
            </Field>
            <Field label={labelScreenTexts.phone} testId="label-detail-phone">
              {displayValue(label.phone)}
            </Field>
          </Block>
          <Block title={texts.order} testId="label-detail-order">
            <Field label={texts.fields.order_number} testId="label-detail-order-number">
              {displayValue(label.order_number)}
            </Field>
            <Field label={texts.fields.order_date}>{formatDate(label.order_date)}</Field>
            <Field label={texts.fields.order_status} testId="label-detail-order-status">
              {displayValue(label.order_status)}
            </Field>
          </Block>
        </Stack>
        <Stack gap="md">
          <Block title={texts.shipment} testId="label-detail-shipment">
            <Field label={texts.fields.shipment_type} testId="label-detail-shipment-type">
              {shippingMethodName({ courier_id: label.courier_id, shipment_type: label.shipment.shipment_type }, couriers) ??
                displayValue(label.shipment.shipment_type)}
            </Field>
            <Field label={texts.fields.status}>
              <LabelStatusBadge status={label.status} />
            </Field>
            <Field label={texts.fields.tracking_number} testId="label-detail-tracking">
              <TrackingNumber
                number={label.shipment.tracking_number ?? firstPackage?.tracking_number ?? null}
                url={label.shipment.tracking_url}
                carrier={courier?.service_name ?? null}
              />
            </Field>
            {label.pickup_point ? (
              <Field label={labelScreenTexts.pickupPoint} testId="label-detail-pickup-point">
                {label.pickup_point.name}, {label.pickup_point.address.street_address}, {label.pickup_point.address.zip_code} {label.pickup_point.address.city}
              </Field>
            ) : null}
            <Field label={texts.fields.is_return} testId="label-detail-is-return">
              {displayValue(label.is_return)}
            </Field>
            <Field label={texts.fields.created_at}>{formatDateTime(label.created_at)}</Field>
            <Field label={texts.courierOptions} testId="label-detail-options">
              {options.length === 0 ? (
                texts.noCourierOptions
              ) : (
                <Stack gap={2}>
                  {options.map((o) => (
                    <span key={o.name} data-testid="label-detail-option">
                      {o.label}: {o.value}
                    </span>
                  ))}
                </Stack>
              )}
            </Field>
          </Block>
          <Block title={texts.packages}>
            <PackagesTable label={label} carrier={courier?.service_name ?? null} />
          </Block>
          {label.is_return ? null : <LabelTrackingMails mails={label.shipment.tracking_mails ?? []} />}
        </Stack>
      </SimpleGrid>
      {label.is_return ? <LabelReturnInfo label={label} /> : null}
      <LabelInvoicing items={label.invoice_items} />
      <LabelOrderLines items={label.order_items} />
    </Stack>
  );
}
