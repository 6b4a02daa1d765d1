import { ActionIcon, Anchor, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconDownload, IconEye, IconPrinter } from '@tabler/icons-react';
import { printingWebTexts } from '@verzendhuis/domain/printing-web-texts';
import { Link } from 'react-router';
import type { Courier } from '@verzendhuis/contract/courier';
import type { Label } from '@verzendhuis/contract/label';
import { countryName } from '@verzendhuis/domain/countries';
import { labelMarkerTexts, paymentMethodText, type LabelMarker } from '@verzendhuis/domain/label-screens-texts';
import { labelsTableTexts as texts } from '@verzendhuis/domain/labels-texts';
import { paths } from '../../app/paths';
import type { DataTableColumn } from '../../ui/data-table/data-table-column';
import { shippingMethodName } from '../orders/shipping-method';
import { formatDateTime } from './format';
import { LabelActionsMenu } from './label-actions-menu';
import { LabelStatusBadge } from './label-status-badge';
import { TrackingNumber } from './tracking-number';

const empty = '–';
const orDash = (value: string | null | undefined) => (value && value.trim() ? value : empty);

const markerText = (marker: string | null): string =>
  marker && Object.hasOwn(labelMarkerTexts, marker) ? labelMarkerTexts[marker as LabelMarker] : orDash(marker);

/** Orders spec §2.5 (Labels, Verzonden, Bezorgd) and §2.6 (Retouren): which columns, in this order. */
const columnsOfTab = {
  labels: ['order_number', 'status', 'name', 'shipping_method', 'country', 'packages', 'tracking_number', 'created_at', 'actions'],
  return: ['order_number', 'status', 'tracking_number', 'created_at', 'marker', 'payment', 'actions'],
} as const;

/**
 * The columns of the label tabs, with the server's sort keys. The actions are Details
 * and PDF downloaden at hand, the others in the menu beside them (on a return label,
 * its markers too).
 */
export function labelColumns({
  returns = false,
  couriers,
  expanded,
  onToggle,
  onDownload,
  downloading,
  onPrint,
}: {
  /** The Retouren tab's columns. */
  returns?: boolean;
  couriers: readonly Courier[];
  /** Labels whose extra packages are shown. */
  expanded: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onDownload: (id: string) => void;
  downloading: boolean;
  /** Orders spec §2.5 "print to printer (only if the print client is ready)": given in printer mode, disabled while not ready. */
  onPrint?: { print: (id: string) => void; ready: boolean };
}): DataTableColumn<Label>[] {
  const all: DataTableColumn<Label>[] = [
    {
      id: 'order_number',
      header: texts.columns.orderNumber,
      sortKey: 'order_number',
      render: (l) => (
        <Anchor component={Link} to={paths.label(l.id)} size="sm" fw={600} data-testid="label-order-number">
          {orDash(l.order_number)}
        </Anchor>
      ),
    },
    { id: 'status', header: texts.columns.status, sortKey: 'status', render: (l) => <LabelStatusBadge status={l.status} /> },
    { id: 'name', header: texts.columns.name, sortKey: 'name', render: (l) => <Text size="sm">{orDash(l.name ?? l.company_name)}</Text> },
    {
      id: 'shipping_method',
      header: texts.columns.shippingMethod,
      render: (l) => (
        <Text size="sm">
          {shippingMethodName({ courier_id: l.courier_id, shipment_type: l.shipment.shipment_type }, couriers) ?? empty}
        </Text>
      ),
    },
    { id: 'country', header: texts.columns.country, sortKey: 'country', render: (l) => <Text size="sm">{l.country ? countryName(l.country) : empty}</Text> },
    {
      id: 'packages',
      header: texts.columns.packages,
      render: (l) => {
        const extra = l.shipment.packages.length - 1;
        if (extra < 1) return <Text size="sm">{Math.max(1, l.shipment.packages.length)}</Text>;
        const open = expanded.has(l.id);
        return (
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => onToggle(l.id)}
            rightSection={open ? <IconChevronUp size={12} /> : <IconChevronDown size={12} />}
            aria-expanded={open}
            aria-label={open ? texts.hidePackages : texts.showPackages(extra)}
            data-testid="label-packages-toggle"
          >
            {`${l.shipment.packages.length}`}
          </Button>
        );
      },
    },
    {
      id: 'tracking_number',
      header: texts.columns.trackingNumber,
      render: (l) => {
        const [first, ...rest] = l.shipment.packages;
        const carrier = couriers.find((c) => c.id === l.courier_id)?.service_name ?? null;
        const main = (
          <Text size="sm">
            <TrackingNumber number={l.shipment.tracking_number ?? first?.tracking_number ?? null} url={first?.tracking_url ?? null} carrier={carrier} />
          </Text>
        );
        if (!expanded.has(l.id) || rest.length === 0) return main;
        return (
          <Stack gap={2} data-testid="label-extra-packages">
            {main}
            {rest.map((p) => (
              <Text key={p.package_number} size="sm">
                <TrackingNumber number={p.tracking_number} url={p.tracking_url} carrier={carrier} />
              </Text>
            ))}
          </Stack>
        );
      },
    },
    {
      id: 'created_at',
      header: texts.columns.created,
      sortKey: 'created_at',
      render: (l) => <Text size="sm">{formatDateTime(l.created_at)}</Text>,
    },
    {
      id: 'actions',
      header: texts.columns.actions,
      render: (l) => (
        <Group gap={4} wrap="nowrap">
          <Tooltip label={texts.details} withArrow>
            <ActionIcon component={Link} to={paths.label(l.id)} variant="subtle" aria-label={texts.details} data-testid="label-details">
              <IconEye size={18} />
            </ActionIcon>
          </Tooltip>
          {onPrint ? (
            <Tooltip label={onPrint.ready ? printingWebTexts.print : printingWebTexts.printerNotReady} withArrow>
              <ActionIcon
                variant="subtle"
                aria-label={printingWebTexts.print}
                onClick={() => onPrint.print(l.id)}
                disabled={downloading || !onPrint.ready}
                data-testid="label-print"
              >
                <IconPrinter size={18} />
              </ActionIcon>
            </Tooltip>
          ) : null}
          <Tooltip label={texts.downloadPdf} withArrow>
            <ActionIcon
              variant="subtle"
              aria-label={texts.downloadPdf}
              onClick={() => onDownload(l.id)}
              disabled={downloading}
              data-testid="label-download"
            >
              <IconDownload size={18} />
            </ActionIcon>
          </Tooltip>
          <LabelActionsMenu label={l} />
        </Group>
      ),
    },
    { id: 'marker', header: texts.columns.marker, render: (l) => <Text size="sm" data-testid="label-marker">{markerText(l.marker)}</Text> },
    { id: 'payment', header: texts.columns.payment, render: (l) => <Text size="sm" data-testid="label-payment">{paymentMethodText(l.payment)}</Text> },
  ];
  const byId = new Map(all.map((column) => [column.id, column]));
  return columnsOfTab[returns ? 'return' : 'labels'].map((id) => byId.get(id)!);
}
