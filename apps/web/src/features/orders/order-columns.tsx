import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Courier } from '@verzendhuis/contract/courier';
import type { OrderListItem } from '@verzendhuis/contract/order';
import { countryName } from '@verzendhuis/domain/countries';
import { ordersTableTexts as texts } from '@verzendhuis/domain/orders-texts';
import { paths } from '../../app/paths';
import type { DataTableColumn } from '../../ui/data-table/data-table-column';
import { OrderRowActions } from './order-row-actions';
import { OrderStatusBadge } from './order-status-badge';
import { shippingMethodName } from './shipping-method';

const dateFormat = new Intl.DateTimeFormat('nl-NL', { day: '2-digit', month: '2-digit', year: 'numeric' });

export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? texts.empty : dateFormat.format(date);
}

const orDash = (value: string | null | undefined) => (value && value.trim() ? value : texts.empty);

/** The columns of spec §2.4, with the server's sort keys where it has one. */
export function orderColumns({
  couriers,
  onDelete,
  withActions,
}: {
  couriers: readonly Courier[];
  onDelete: (id: string) => void;
  withActions: boolean;
}): DataTableColumn<OrderListItem>[] {
  const columns: DataTableColumn<OrderListItem>[] = [
    { id: 'shop', header: texts.columns.shop, render: (o) => <Text size="sm">{o.webshop || texts.manual}</Text> },
    {
      id: 'order_number',
      header: texts.columns.orderNumber,
      sortKey: 'order_number',
      render: (o) => (
        <Anchor component={Link} to={paths.order(o.id)} size="sm" fw={600} data-testid="order-number">
          {orDash(o.order_number)}
        </Anchor>
      ),
    },
    { id: 'status', header: texts.columns.status, sortKey: 'status', render: (o) => <OrderStatusBadge order={o} /> },
    { id: 'order_status', header: texts.columns.shopStatus, render: (o) => <Text size="sm">{orDash(o.order_status)}</Text> },
    { id: 'name', header: texts.columns.name, sortKey: 'name', render: (o) => <Text size="sm">{orDash(o.name)}</Text> },
    {
      id: 'shipping_method',
      header: texts.columns.shippingMethod,
      render: (o) => <Text size="sm">{shippingMethodName(o, couriers) ?? texts.empty}</Text>,
    },
    { id: 'country', header: texts.columns.country, sortKey: 'country', render: (o) => <Text size="sm">{countryName(o.country)}</Text> },
    {
      id: 'order_date',
      header: texts.columns.orderDate,
      sortKey: 'order_date',
      render: (o) => <Text size="sm">{formatOrderDate(o.order_date)}</Text>,
    },
  ];
  if (withActions) {
    columns.push({
      id: 'actions',
      header: texts.columns.actions,
      render: (o) => <OrderRowActions orderId={o.id} onDelete={() => onDelete(o.id)} />,
    });
  }
  return columns;
}
