import type { CsvTable } from './csv-file';
import { blank, isInvalid, readCountry, readDate, readDecimal, readGrams, readPostcode, readWhole, type Read } from './csv-values';
import { housenumberWithAddition, splitStreet } from './street-split';
import { currencies } from './order';
import { importFieldLabels, importRowTexts as texts } from './import-texts';

/**
 * The layouts a CSV import recognises and how their rows become orders
 * (docs/import.md). Every layout is a mapping from our fields to the file's columns;
 * rows with the same order number are one order (one row per line item, as Shopify
 * and our template write them), the order's own columns read from the first row that
 * fills them. Pure: the server imports with it, the page previews with it.
 */

export type ImportField = keyof typeof importFieldLabels;
export const importFields = Object.keys(importFieldLabels) as ImportField[];
/** Our field → the file's column header. */
export type ColumnMapping = Partial<Record<ImportField, string>>;
export type LayoutKind = 'template' | 'shopify' | 'woocommerce' | 'custom';

export interface ImportLayout {
  kind: LayoutKind;
  mapping: ColumnMapping;
}

/** Our own template: the Dutch field names as columns, one row per line item. */
export const templateMapping: ColumnMapping = Object.fromEntries(importFields.filter((f) => f !== 'first_name' && f !== 'last_name').map((f) => [f, importFieldLabels[f]]));

/** Shopify's order export (Orders → Exporteren): one row per line item, the order's columns on its first row. */
export const shopifyMapping: ColumnMapping = {
  order_number: 'Name',
  order_date: 'Created at',
  order_status: 'Fulfillment Status',
  email: 'Email',
  currency: 'Currency',
  shipping_method: 'Shipping Method',
  name: 'Shipping Name',
  company_name: 'Shipping Company',
  street: 'Shipping Address1',
  address_2: 'Shipping Address2',
  zipcode: 'Shipping Zip',
  city: 'Shipping City',
  state_province_code: 'Shipping Province',
  country: 'Shipping Country',
  phone: 'Shipping Phone',
  item_name: 'Lineitem name',
  item_quantity: 'Lineitem quantity',
  item_price: 'Lineitem price',
  item_sku: 'Lineitem sku',
};

/**
 * WooCommerce's order export as the common "Order Export & Order Import for
 * WooCommerce" plugin writes it (WooCommerce itself exports products only): one row
 * per order, WooCommerce's own field names, line items in `line_item_1`, `line_item_2`, …
 * as "name:Mok|sku:MOK-1|quantity:2|total:25.90|tax:5.44", the shipping method in
 * `shipping_items` as "method_title:PostNL|total:4.95".
 */
export const woocommerceMapping: ColumnMapping = {
  order_number: 'order_number',
  order_date: 'order_date',
  order_status: 'status',
  email: 'billing_email',
  phone: 'billing_phone',
  currency: 'order_currency',
  shipping_method: 'shipping_items',
  first_name: 'shipping_first_name',
  last_name: 'shipping_last_name',
  company_name: 'shipping_company',
  street: 'shipping_address_1',
  address_2: 'shipping_address_2',
  zipcode: 'shipping_postcode',
  city: 'shipping_city',
  state_province_code: 'shipping_state',
  country: 'shipping_country',
};
const wooLineItemColumn = /^line_item_\d+$/i;

const normal = (header: string) => header.trim().toLowerCase();

/** The file's columns as one key: a remembered mapping belongs to exactly these columns. */
export function headerKey(headers: readonly string[]): string {
  return headers.map(normal).join('\u001f');
}

function covers(headers: readonly string[], columns: readonly string[]): boolean {
  const present = new Set(headers.map(normal));
  return columns.every((c) => present.has(normal(c)));
}

/** The layout of a file: one of ours by its columns, else the organisation's remembered mapping of exactly these columns, else null. */
export function detectLayout(headers: readonly string[], remembered: ColumnMapping | null = null): ImportLayout | null {
  if (covers(headers, ['Name', 'Lineitem name', 'Shipping Zip', 'Shipping Country'])) return { kind: 'shopify', mapping: shopifyMapping };
  if (covers(headers, ['order_number', 'shipping_postcode', 'shipping_country'])) return { kind: 'woocommerce', mapping: woocommerceMapping };
  if (covers(headers, [importFieldLabels.order_number, importFieldLabels.country]) && covers(headers, [importFieldLabels.zipcode])) return { kind: 'template', mapping: templateMapping };
  if (remembered) return { kind: 'custom', mapping: remembered };
  return null;
}

/** A mapping can import when it has the order number and something of the address. */
export function mappingIsComplete(mapping: ColumnMapping): boolean {
  return Boolean(mapping.order_number && (mapping.name || mapping.last_name || mapping.street || mapping.zipcode));
}

/** The template file: its header and two example orders (the second with two line items). */
export function templateRows(): string[][] {
  const columns = Object.keys(templateMapping) as ImportField[];
  const example = (values: Partial<Record<ImportField, string>>) => columns.map((c) => values[c] ?? '');
  return [
    columns.map((c) => templateMapping[c] ?? c),
    example({ order_number: '1001', order_date: '23-11-2026', name: 'Anna de Vries', street: 'Oudegracht', housenumber: '231', housenumber_addition: 'bis', zipcode: '3511 NK', city: 'Utrecht', country: 'NL', email: 'anna@voorbeeld.nl', phone: '0612345678', shipping_method: 'Standaard', item_name: 'Koffiemok', item_quantity: '2', item_price: '12,95', item_sku: 'MOK-01', item_weight: '350' }),
    example({ order_number: '1002', order_date: '23-11-2026', name: 'Pieter Janssens', company_name: 'Janssens BV', street: 'Grote Markt 7 bus 3', zipcode: '2000', city: 'Antwerpen', country: 'BE', item_name: 'Theedoek', item_quantity: '1', item_price: '8,50', item_weight: '120' }),
    example({ order_number: '1002', item_name: 'Schort', item_quantity: '1', item_price: '24,95', item_weight: '300' }),
  ];
}

/** One problem of the file, named by its line (the header is line 1) and column. */
export interface ImportRowError {
  line: number;
  /** The file's column (or our field's name where no column has it); null for the whole row. */
  field: string | null;
  message: string;
}

export interface CsvOrderItem {
  name: string;
  quantity: number;
  unit_price_inc_btw: number;
  sku?: string | null;
  ean_code?: string | null;
  weight?: number | null;
  hs_code?: string | null;
  product_country?: string | null;
}

/** The body an order/create would get, before the defaults (optional fields left out when the file has nothing). */
export interface CsvOrderBody {
  order_number: string;
  order_date?: string;
  order_status?: string | null;
  name?: string | null;
  company_name?: string | null;
  address_1?: string | null;
  address_2?: string | null;
  housenumber?: string | null;
  zipcode?: string | null;
  city?: string | null;
  state_province_code?: string | null;
  country: string;
  email?: string | null;
  phone?: string | null;
  currency?: string;
  shop_shipping_method?: string | null;
  shipment?: { packages: { weight: number }[] };
  order_items: CsvOrderItem[];
}

export interface CsvOrder {
  orderNumber: string;
  /** The line of the order's first row. */
  line: number;
  body: CsvOrderBody;
  /** Where each line item came from (its row, and its column where items are columns). */
  itemSources: { line: number; column?: string }[];
  /** Problems reading the rows; an order with any is not imported. */
  errors: ImportRowError[];
}

export interface CsvReading {
  orders: CsvOrder[];
  /** Rows that belong to no order (no order number). */
  rowErrors: ImportRowError[];
  rowCount: number;
}

const defaultCountry = 'NL';

export function rowError(line: number, field: string | null, message: string): ImportRowError {
  return { line, field, message: `${texts.at(line, field)}: ${message}` };
}

/** Every order of a file in a layout, in the order of the file. */
export function readOrders(table: Pick<CsvTable, 'headers' | 'rows'>, layout: ImportLayout): CsvReading {
  const index = new Map<string, number>();
  table.headers.forEach((h, i) => {
    if (!index.has(normal(h))) index.set(normal(h), i);
  });
  const columnOf = (field: ImportField): number | undefined => {
    const header = layout.mapping[field];
    return header === undefined ? undefined : index.get(normal(header));
  };
  const columns = Object.fromEntries(importFields.map((f) => [f, columnOf(f)])) as Record<ImportField, number | undefined>;
  const headerOf = (field: ImportField): string => {
    const i = columns[field];
    return i === undefined ? importFieldLabels[field] : (table.headers[i] ?? importFieldLabels[field]);
  };
  const wooItems = layout.kind === 'woocommerce' ? table.headers.map((h, i) => [h, i] as const).filter(([h]) => wooLineItemColumn.test(h.trim())) : [];

  const orders = new Map<string, CsvOrder>();
  const rowErrors: ImportRowError[] = [];

  for (let r = 0; r < table.rows.length; r++) {
    const row = table.rows[r]!;
    const line = r + 2;
    const cell = (field: ImportField): string | null => {
      const i = columns[field];
      return i === undefined ? null : blank(row[i]);
    };
    const orderNumber = cell('order_number')?.replace(/^'/, '') ?? null;
    if (!orderNumber) {
      if (row.some((v) => blank(v))) rowErrors.push(rowError(line, headerOf('order_number'), texts.orderNumberRequired));
      continue;
    }
    let order = orders.get(orderNumber);
    if (!order) {
      order = { orderNumber, line, body: { order_number: orderNumber, country: defaultCountry, order_items: [] }, itemSources: [], errors: [] };
      orders.set(orderNumber, order);
      fillOrder(order, cell, headerOf, line);
    } else if (!order.body.address_1 && !order.body.name && (cell('street') || cell('name') || cell('last_name'))) {
      fillOrder(order, cell, headerOf, line);
    }
    const fail = (field: ImportField | string, message: string) => order.errors.push(rowError(line, field in importFieldLabels ? headerOf(field as ImportField) : field, message));

    if (wooItems.length > 0) {
      for (const [header, i] of wooItems) {
        const value = blank(row[i]);
        if (!value) continue;
        const item = readWooLineItem(value);
        if (!item) fail(header, texts.lineItemInvalid(value.length > 60 ? `${value.slice(0, 57)}…` : value));
        else addItem(order, item, { line, column: header });
      }
    } else {
      const name = cell('item_name');
      const quantity = readWhole(cell('item_quantity'));
      const price = readDecimal(cell('item_price'));
      const weight = readGrams(cell('item_weight'));
      const country = readCountry(cell('item_country'));
      const problems: [ImportField, Read<unknown>, (v: string) => string][] = [
        ['item_quantity', quantity, texts.wholeNumberInvalid],
        ['item_price', price, texts.numberInvalid],
        ['item_weight', weight, texts.numberInvalid],
        ['item_country', country, texts.countryUnknown],
      ];
      let bad = false;
      for (const [field, value, message] of problems) {
        if (isInvalid(value)) {
          fail(field, message(value.invalid));
          bad = true;
        }
      }
      if (!name && (cell('item_quantity') || cell('item_price') || cell('item_sku'))) {
        fail('item_name', texts.itemNameRequired);
      } else if (name && !bad) {
        addItem(
          order,
          {
            name,
            quantity: (quantity as number | null) ?? 1,
            unit_price_inc_btw: (price as number | null) ?? 0,
            sku: cell('item_sku'),
            ean_code: cell('item_ean'),
            weight: weight as number | null,
            hs_code: cell('item_hs_code'),
            product_country: country as string | null,
          },
          { line },
        );
      }
    }
  }
  for (const order of orders.values()) {
    if (order.body.order_items.length > 500) order.errors.push(rowError(order.line, null, texts.tooManyItems));
  }
  return { orders: [...orders.values()], rowErrors, rowCount: table.rows.length };
}

function addItem(order: CsvOrder, item: CsvOrderItem, source: { line: number; column?: string }): void {
  const compact = Object.fromEntries(Object.entries(item).filter(([, v]) => v !== null && v !== undefined)) as unknown as CsvOrderItem;
  order.body.order_items.push(compact);
  order.itemSources.push(source);
}

/** The order's own columns, read from a row. */
function fillOrder(order: CsvOrder, cell: (f: ImportField) => string | null, headerOf: (f: ImportField) => string, line: number): void {
  const body = order.body;
  const fail = (field: ImportField, message: string) => order.errors.push(rowError(line, headerOf(field), message));

  const date = readDate(cell('order_date'));
  if (isInvalid(date)) fail('order_date', texts.dateInvalid(date.invalid));
  else if (date) body.order_date = date;

  const country = readCountry(cell('country'));
  if (isInvalid(country)) fail('country', texts.countryUnknown(country.invalid));
  else if (country) body.country = country;

  const currency = cell('currency')?.toUpperCase() ?? null;
  if (currency && !(currencies as readonly string[]).includes(currency)) fail('currency', texts.currencyUnknown(currency));
  else if (currency) body.currency = currency;

  const weight = readGrams(cell('weight'));
  if (isInvalid(weight)) fail('weight', texts.numberInvalid(weight.invalid));
  else if (weight !== null) body.shipment = { packages: [{ weight }] };

  const name = cell('name') ?? blank([cell('first_name'), cell('last_name')].filter(Boolean).join(' '));
  const street = cell('street');
  let number = cell('housenumber');
  let addition = cell('housenumber_addition');
  let address1 = street;
  if (street && !number && (body.country === 'NL' || body.country === 'BE')) {
    const split = splitStreet(street);
    if (split.housenumber) {
      address1 = split.street;
      number = split.housenumber;
      addition = addition ?? split.addition;
    }
  }
  const shippingMethod = cell('shipping_method');
  Object.assign(body, {
    order_status: cell('order_status'),
    name,
    company_name: cell('company_name'),
    address_1: address1,
    address_2: cell('address_2'),
    housenumber: housenumberWithAddition({ housenumber: number, addition }),
    zipcode: readPostcode(cell('zipcode')),
    city: cell('city'),
    state_province_code: cell('state_province_code'),
    email: cell('email'),
    phone: cell('phone'),
    shop_shipping_method: shippingMethod && /method_title:/.test(shippingMethod) ? readPipeFields(shippingMethod).method_title || null : shippingMethod,
  });
}

/** "name:Mok|sku:MOK-1|quantity:2" → its fields (a value may hold a colon; a pipe ends it). */
function readPipeFields(value: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const part of value.split('|')) {
    const colon = part.indexOf(':');
    if (colon > 0) fields[part.slice(0, colon).trim().toLowerCase()] = part.slice(colon + 1).trim();
  }
  return fields;
}

function readWooLineItem(value: string): CsvOrderItem | null {
  const f = readPipeFields(value);
  const quantity = readWhole(f.quantity ?? '1');
  const total = readDecimal(f.total ?? '0');
  const tax = readDecimal(f.tax ?? f.total_tax ?? '0');
  if (!f.name || quantity === null || isInvalid(quantity) || quantity < 1 || isInvalid(total) || isInvalid(tax)) return null;
  const unit = Math.round((((total ?? 0) + (tax ?? 0)) / quantity) * 100) / 100;
  return { name: f.name, quantity, unit_price_inc_btw: unit, sku: blank(f.sku) };
}

const orderFieldsByPath: Record<string, ImportField> = {
  order_number: 'order_number',
  order_date: 'order_date',
  order_status: 'order_status',
  name: 'name',
  company_name: 'company_name',
  address_1: 'street',
  address_2: 'address_2',
  housenumber: 'housenumber',
  zipcode: 'zipcode',
  city: 'city',
  state_province_code: 'state_province_code',
  country: 'country',
  email: 'email',
  phone: 'phone',
  currency: 'currency',
  shop_shipping_method: 'shipping_method',
};
const itemFieldsByKey: Record<string, ImportField> = {
  name: 'item_name',
  quantity: 'item_quantity',
  unit_price_inc_btw: 'item_price',
  sku: 'item_sku',
  ean_code: 'item_ean',
  weight: 'item_weight',
  hs_code: 'item_hs_code',
  product_country: 'item_country',
};

/**
 * The line and column of a validation message on an order's field path (as order/create
 * names it: `zipcode`, `order_items.1.quantity`, `shipment.packages.0.weight`).
 */
export function locateField(order: CsvOrder, layout: ImportLayout, headers: readonly string[], path: string): { line: number; field: string | null } {
  const header = (field: ImportField): string => {
    const mapped = layout.mapping[field];
    const found = mapped === undefined ? undefined : headers.find((h) => normal(h) === normal(mapped));
    return found ?? importFieldLabels[field];
  };
  const item = /^order_items\.(\d+)(?:\.(\w+))?/.exec(path);
  if (item) {
    const source = order.itemSources[Number(item[1])];
    const line = source?.line ?? order.line;
    if (source?.column) return { line, field: source.column };
    return { line, field: header(itemFieldsByKey[item[2] ?? 'name'] ?? 'item_name') };
  }
  if (path === 'order_items') return { line: order.line, field: header('item_name') };
  if (path.startsWith('shipment.packages')) return { line: order.line, field: header('weight') };
  if (path === 'housenumber' && !layout.mapping.housenumber) return { line: order.line, field: header('street') };
  const field = orderFieldsByPath[path.split('.')[0] ?? ''];
  if (field === 'name' && !layout.mapping.name && layout.mapping.last_name) return { line: order.line, field: header('last_name') };
  return { line: order.line, field: field ? header(field) : path === '_' ? null : path };
}
