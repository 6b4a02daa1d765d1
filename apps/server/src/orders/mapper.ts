import type { Order, OrderInputParsed, OrderListItem } from '@verzendhuis/contract/order';
import type { OrderStatus } from '@verzendhuis/domain/order';
import type { NewOrder, NewOrderItem, OrderItemRow, OrderRow } from './repository';

const blank = (value: string | null | undefined) => (value === undefined || value === null || value.trim() === '' ? null : value.trim());

/** API money is a decimal in the order's currency; the database keeps cents. */
export const toCents = (amount: number) => Math.round(amount * 100);
export const fromCents = (cents: number) => cents / 100;

export function inputToRow(input: OrderInputParsed, extra: { status: string; statusInfo: NewOrder['statusInfo']; isExport: boolean; source?: NewOrder['source'] }): {
  order: NewOrder;
  items: NewOrderItem[];
} {
  return {
    order: {
      orderNumber: blank(input.order_number),
      ...(input.order_date ? { orderDate: new Date(input.order_date) } : {}),
      orderStatus: blank(input.order_status),
      name: blank(input.name),
      companyName: blank(input.company_name),
      address1: blank(input.address_1),
      address2: blank(input.address_2),
      housenumber: blank(input.housenumber),
      zipcode: blank(input.zipcode)?.toUpperCase() ?? null,
      city: blank(input.city),
      stateProvinceCode: blank(input.state_province_code)?.toUpperCase() ?? null,
      country: input.country,
      email: blank(input.email),
      phone: blank(input.phone),
      currency: input.currency,
      courierId: input.courier_id ?? null,
      shipmentType: blank(input.shipment_type),
      shopShippingMethod: blank(input.shop_shipping_method),
      pickupPoint: input.pickup_point ?? null,
      courierFields: input.shipment.courier_fields,
      packages: input.shipment.packages,
      status: extra.status,
      statusInfo: extra.statusInfo,
      isExport: extra.isExport,
      ...(extra.source ? { source: extra.source } : {}),
    },
    items: input.order_items.map((item) => ({
      name: item.name,
      description: blank(item.description),
      quantity: item.quantity,
      unitPriceCents: toCents(item.unit_price_inc_btw),
      weight: item.weight ?? null,
      category: blank(item.category),
      sku: blank(item.sku),
      hsCode: blank(item.hs_code),
      eanCode: blank(item.ean_code),
      productCountry: item.product_country ?? null,
      isReturned: item.is_returned ?? false,
      isDummyItem: item.is_dummy_item ?? false,
    })),
  };
}

/** The recipient of a stored order in the API's field names (its country apart: the input types it narrower). */
function rowRecipient(row: OrderRow) {
  return {
    name: row.name,
    company_name: row.companyName,
    address_1: row.address1,
    address_2: row.address2,
    housenumber: row.housenumber,
    zipcode: row.zipcode,
    city: row.city,
    state_province_code: row.stateProvinceCode,
    email: row.email,
    phone: row.phone,
  };
}

/** A stored order line in the API's shape (an order, a label's order, the input order/reset runs again). */
export function itemRowToApi(item: OrderItemRow): Order['order_items'][number] {
  return {
    id: item.id,
    name: item.name,
    description: item.description,
    quantity: item.quantity,
    unit_price_inc_btw: fromCents(item.unitPriceCents),
    weight: item.weight,
    category: item.category,
    sku: item.sku,
    hs_code: item.hsCode,
    ean_code: item.eanCode,
    product_country: item.productCountry,
    is_returned: item.isReturned,
    is_dummy_item: item.isDummyItem,
  };
}

/**
 * A stored order back in the API's input shape, as the intake's pipeline takes it
 * (order/reset runs the shipping rules and defaults on it again).
 */
export function rowToInput(row: OrderRow, items: OrderItemRow[]): OrderInputParsed {
  return {
    order_number: row.orderNumber,
    order_date: row.orderDate.toISOString(),
    order_status: row.orderStatus,
    ...rowRecipient(row),
    country: row.country as OrderInputParsed['country'],
    currency: row.currency as OrderInputParsed['currency'],
    courier_id: row.courierId,
    shipment_type: row.shipmentType,
    shop_shipping_method: row.shopShippingMethod,
    pickup_point: row.pickupPoint ?? null,
    shipment: { packages: row.packages, courier_fields: row.courierFields },
    order_items: items.map(itemRowToApi),
  };
}

export function rowToListItem(row: OrderRow, shopLabels: Map<string, string>): OrderListItem {
  return {
    id: row.id,
    order_number: row.orderNumber,
    order_date: row.orderDate.toISOString(),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    status: row.status as OrderStatus,
    error_status: row.errorStatus,
    status_info: row.statusInfo,
    order_status: row.orderStatus,
    ...rowRecipient(row),
    country: row.country,
    currency: row.currency,
    courier_id: row.courierId,
    service_id: row.shopId,
    webshop: row.shopId ? (shopLabels.get(row.shopId) ?? null) : null,
    shipment_type: row.shipmentType,
    shop_shipping_method: row.shopShippingMethod,
    pickup_point: row.pickupPoint ?? null,
    shipment: { packages: row.packages, courier_fields: row.courierFields },
    shipment_packages: row.packages.length,
    shipment_ids: row.shipmentIds,
    validators: { is_export: row.isExport },
    ticket: null,
    is_active: row.isActive,
  };
}

export function rowToOrder(row: OrderRow, items: OrderItemRow[], shopLabels: Map<string, string>): Order {
  return {
    ...rowToListItem(row, shopLabels),
    order_items: items.map(itemRowToApi),
  };
}

/** The order as the domain validates it. */
export function rowToValidationInput(row: OrderRow, items: OrderItemRow[]) {
  return {
    name: row.name,
    company_name: row.companyName,
    address_1: row.address1,
    housenumber: row.housenumber,
    zipcode: row.zipcode,
    city: row.city,
    state_province_code: row.stateProvinceCode,
    country: row.country,
    email: row.email,
    phone: row.phone,
    courier_id: row.courierId,
    shipment_type: row.shipmentType,
    shipment: { packages: row.packages, courier_fields: row.courierFields },
    order_items: items.map((i) => ({ name: i.name, quantity: i.quantity, ean_code: i.eanCode })),
  };
}
