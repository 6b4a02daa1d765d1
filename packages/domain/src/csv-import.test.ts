import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectSeparator, parseCsvText, readCsv, writeCsv, type CsvTable } from './csv-file';
import { detectLayout, headerKey, locateField, mappingIsComplete, readOrders, templateRows } from './csv-import';

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`./fixtures/csv/${name}`, import.meta.url)));
function table(name: string): CsvTable {
  const read = readCsv(fixture(name));
  if ('failure' in read) throw new Error(read.failure);
  return read;
}

describe('reading the file', () => {
  it('reads Dutch Excel: Windows-1252 without BOM, semicolons, CRLF', () => {
    const t = table('template-windows-1252.csv');
    expect(t).toMatchObject({ encoding: 'windows-1252', separator: ';' });
    expect(t.headers[0]).toBe('Ordernummer');
    expect(t.rows[0]?.[2]).toBe('Hélène de Vries');
    expect(t.rows[0]?.[3]).toBe('Café de Zwaan');
    expect(t.rows).toHaveLength(5);
  });

  it('reads a Shopify export: BOM, commas, CRLF, a quoted note with a newline and doubled quotes', () => {
    const t = table('shopify-export.csv');
    expect(t).toMatchObject({ encoding: 'utf-8-bom', separator: ',' });
    expect(t.headers[0]).toBe('Name');
    expect(t.rows).toHaveLength(3);
    expect(t.rows[0]?.[t.headers.indexOf('Notes')]).toBe('Graag bij de buren\r\nafgeven als ik er niet ben');
    expect(t.rows[1]?.[t.headers.indexOf('Lineitem name')]).toBe('Theedoek "Delfts"');
  });

  it('detects tab and semicolon separators from the header, ignoring quoted ones', () => {
    expect(detectSeparator('a\tb\tc\n1,5\t2\t3')).toBe('\t');
    expect(detectSeparator('"a;b",c,d\n')).toBe(',');
    expect(detectSeparator('naam;adres\n')).toBe(';');
    expect(table('custom-tab.csv').separator).toBe('\t');
  });

  it('refuses an empty file, a header without rows is empty too; a spreadsheet or PDF is no CSV', () => {
    expect(readCsv(new Uint8Array())).toEqual({ failure: 'empty' });
    expect(readCsv(new TextEncoder().encode('\r\n\r\n'))).toEqual({ failure: 'empty' });
    expect(readCsv(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toEqual({ failure: 'not_csv' });
    expect(readCsv(new TextEncoder().encode('%PDF-1.7\n'))).toEqual({ failure: 'not_csv' });
    expect(parseCsvText('Ordernummer;Land\r\n')).toMatchObject({ headers: ['Ordernummer', 'Land'], rows: [] });
  });

  it('reads UTF-16 as Excel saves "Unicode text"', () => {
    const text = 'Ordernummer\tLand\tPostcode\r\n1\tNL\t1234 AB\r\n';
    const bytes = new Uint8Array([0xff, 0xfe, ...new Uint8Array(new Uint16Array([...text].map((c) => c.charCodeAt(0))).buffer)]);
    expect(readCsv(bytes)).toMatchObject({ encoding: 'utf-16le', separator: '\t', rows: [['1', 'NL', '1234 AB']] });
  });

  it('writes the template that it reads back as the template', () => {
    const text = writeCsv(templateRows());
    const read = parseCsvText(text);
    if ('failure' in read) throw new Error(read.failure);
    const layout = detectLayout(read.headers);
    expect(layout?.kind).toBe('template');
    const { orders, rowErrors } = readOrders(read, layout!);
    expect(rowErrors).toEqual([]);
    expect(orders.map((o) => [o.orderNumber, o.body.order_items.length, o.errors])).toEqual([['1001', 1, []], ['1002', 2, []]]);
    expect(orders[1]?.body).toMatchObject({ address_1: 'Grote Markt', housenumber: '7 bus 3', country: 'BE' });
  });
});

describe('our template', () => {
  const t = table('template-windows-1252.csv');
  const layout = detectLayout(t.headers)!;
  const reading = readOrders(t, layout);

  it('groups the rows of an order, splits the street line and reads Dutch values', () => {
    expect(layout.kind).toBe('template');
    expect(reading.orders[0]?.body).toEqual({
      order_number: '1001',
      order_date: '2026-11-22T23:00:00.000Z',
      order_status: null,
      name: 'Hélène de Vries',
      company_name: 'Café de Zwaan',
      address_1: 'Oudegracht',
      address_2: null,
      housenumber: '231 bis',
      zipcode: '3511 NK',
      city: 'Utrecht',
      state_province_code: null,
      country: 'NL',
      email: 'helene@voorbeeld.nl',
      phone: '0612345678',
      currency: 'EUR',
      shop_shipping_method: 'Standaard',
      order_items: [
        { name: 'Koffiemok', quantity: 2, unit_price_inc_btw: 12.95, sku: 'MOK-01', ean_code: '8712345678906', weight: 350 },
        { name: 'Theedoek', quantity: 1, unit_price_inc_btw: 8.5, sku: 'DOEK-02', weight: 120 },
      ],
    });
    expect(reading.orders[1]?.body).toMatchObject({ address_1: 'Kerkstraat', housenumber: '12 A', country: 'BE', shipment: { packages: [{ weight: 1500 }] } });
  });

  it('names the line and the column of every bad cell', () => {
    expect(reading.orders[2]?.errors).toEqual([
      { line: 5, field: 'Orderdatum', message: 'Regel 5, kolom "Orderdatum": "31-02-2026" is geen datum. Gebruik bijvoorbeeld 23-11-2026 of 2026-11-23 10:23.' },
      { line: 5, field: 'Aantal', message: 'Regel 5, kolom "Aantal": "twee" is geen heel getal.' },
    ]);
    expect(reading.rowErrors).toEqual([{ line: 6, field: 'Ordernummer', message: expect.stringMatching(/^Regel 6, kolom "Ordernummer": Vul een ordernummer in/) }]);
  });

  it('places a validation message of a field path on its line and column', () => {
    const order = reading.orders[0]!;
    expect(locateField(order, layout, t.headers, 'order_items.1.quantity')).toEqual({ line: 3, field: 'Aantal' });
    expect(locateField(order, layout, t.headers, 'zipcode')).toEqual({ line: 2, field: 'Postcode' });
    expect(locateField(order, layout, t.headers, 'shipment.packages.0.weight')).toEqual({ line: 2, field: 'Gewicht (g)' });
  });
});

describe('Shopify export', () => {
  const t = table('shopify-export.csv');
  const layout = detectLayout(t.headers)!;
  const { orders } = readOrders(t, layout);

  it('is recognised and makes one order per Name with every line item', () => {
    expect(layout.kind).toBe('shopify');
    expect(orders).toHaveLength(2);
    expect(orders[0]?.body).toMatchObject({
      order_number: '#1041',
      order_date: '2026-11-23T09:23:45.000Z',
      order_status: 'unfulfilled',
      name: 'Lotte Visser',
      address_1: 'Lange Nieuwstraat',
      housenumber: '8',
      zipcode: '3512 PH',
      country: 'NL',
      phone: '+31612345678',
      shop_shipping_method: 'PostNL Pakketpost',
      order_items: [
        { name: 'Koffiemok - Blauw', quantity: 2, unit_price_inc_btw: 12.95, sku: 'MOK-01-B' },
        { name: 'Theedoek "Delfts"', quantity: 1, unit_price_inc_btw: 20, sku: 'DOEK-D' },
      ],
    });
    expect(orders[0]?.itemSources).toEqual([{ line: 2 }, { line: 3 }]);
  });

  it('drops the apostrophe before a Belgian postcode and keeps Address2', () => {
    expect(orders[1]?.body).toMatchObject({ zipcode: '2000', address_1: 'Grote Markt', housenumber: '7', address_2: 'bus 3', country: 'BE', shop_shipping_method: 'Verzending' });
  });
});

describe('WooCommerce export', () => {
  const t = table('woocommerce-export.csv');
  const layout = detectLayout(t.headers)!;
  const { orders } = readOrders(t, layout);

  it('reads the line_item columns and the shipping method title', () => {
    expect(layout.kind).toBe('woocommerce');
    expect(orders[0]?.body).toMatchObject({
      order_number: '812',
      order_date: '2026-11-23T08:15:00.000Z',
      order_status: 'processing',
      name: 'Sanne Bakker',
      address_1: 'Herengracht',
      housenumber: '12 hs',
      shop_shipping_method: 'PostNL standaard',
      order_items: [
        { name: 'Koffiemok', quantity: 2, unit_price_inc_btw: 12.95, sku: 'MOK-01' },
        { name: 'Theedoek', quantity: 1, unit_price_inc_btw: 10, sku: 'DOEK-02' },
      ],
    });
    expect(orders[0]?.itemSources[1]).toEqual({ line: 2, column: 'line_item_2' });
    expect(orders[1]?.body).toMatchObject({ company_name: 'Maes bvba', address_1: 'Kerkstraat', housenumber: '12 A', country: 'BE', shop_shipping_method: 'Verzending' });
  });
});

describe('a layout of the user', () => {
  const t = table('custom-tab.csv');

  it('is unknown until mapped, then read with the mapping remembered for exactly these columns', () => {
    expect(detectLayout(t.headers)).toBeNull();
    const mapping = { order_number: 'Referentie', name: 'Klant', street: 'Adres', zipcode: 'PC', city: 'Woonplaats', country: 'Land', item_name: 'Product', item_quantity: 'Stuks' };
    expect(mappingIsComplete(mapping)).toBe(true);
    expect(mappingIsComplete({ order_number: 'Referentie' })).toBe(false);
    const layout = detectLayout(t.headers, mapping)!;
    expect(layout.kind).toBe('custom');
    const { orders } = readOrders(t, layout);
    expect(orders[1]?.body).toMatchObject({ order_number: 'A-78', name: 'Kees Jansen', address_1: 'Stationsweg', housenumber: '101 zwart', order_items: [{ name: 'Kaars', quantity: 1, unit_price_inc_btw: 0 }] });
    expect(headerKey(t.headers)).toBe(headerKey(t.headers.map((h) => ` ${h.toUpperCase()} `)));
  });
});
