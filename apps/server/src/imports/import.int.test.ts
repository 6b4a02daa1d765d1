import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importCsv, labelFor, request, type TestOrganisation } from '../../test-support/factories';
import { testServerForFile } from '../../test-support/server';
import { waitUntil } from '../../test-support/wait';
import { maxImportBytes } from './service';

/** Files of more than 4 data rows are imported by a job here (the default is 2,000). */
const threshold = 4;
const { server, first, second } = testServerForFile({ config: { importJobThreshold: threshold } });

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../../../../packages/domain/src/fixtures/csv/${name}`, import.meta.url)));

const header = 'Ordernummer;Naam;Straat;Postcode;Plaats;Land;Artikel;Aantal;Prijs per stuk;Artikelgewicht (g)';
const csv = (...rows: string[]) => [header, ...rows].join('\r\n') + '\r\n';
const good = (n: string, name = 'Anna de Vries') => `${n};${name};Oudegracht 231 bis;3511 NK;Utrecht;NL;Koffiemok;2;12,95;350`;

/** The organisation's orders whose number starts with `prefix` (the search also finds names and towns). */
async function ordersNumbered(org: TestOrganisation, prefix: string) {
  return (await org.api.orders.list({ search: prefix, page_size: 250 })).data.filter((o) => o.order_number?.startsWith(prefix));
}

describe('POST order/import', () => {
  it('imports the good rows, lists the bad ones by line and column, and stores only its own organisation’s orders', async () => {
    const file = csv(good('T-1'), good('T-2', 'Piet Jansen'), 'T-3;Kees;Dorpsstraat 1;1234 AB;Ergens;Atlantis;Pen;1;1,00;10', 'T-4;Els;Dorpsstraat 2;1234 AB;Ergens;NL;Pen;veel;1,00;10');
    const theirCount = (await second.api.orders.count()).data.orders;

    const { status, body } = await importCsv(first, file);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ created: 2, updated: 0, skipped: 0, error_count: 2, rows: 4, orders: 4, layout: 'template', dry_run: false, job_id: null });
    expect(body.data.errors).toEqual([
      { line: 4, field: 'Land', message: 'Regel 4, kolom "Land": "Atlantis" is geen land. Gebruik de landcode (NL, BE, DE) of de naam van het land.' },
      { line: 5, field: 'Aantal', message: 'Regel 5, kolom "Aantal": "veel" is geen heel getal.' },
    ]);

    const [order] = await ordersNumbered(first, 'T-1');
    const detail = (await first.api.orders.get(order!.id)).data;
    expect(detail).toMatchObject({ order_number: 'T-1', name: 'Anna de Vries', address_1: 'Oudegracht', housenumber: '231 bis', zipcode: '3511 NK', country: 'NL', service_id: null });
    expect(detail.order_items).toMatchObject([{ name: 'Koffiemok', quantity: 2, unit_price_inc_btw: 12.95, weight: 350 }]);
    // The defaults of every source: the package weighs what its lines weigh.
    expect(detail.shipment.packages).toEqual([{ weight: 700 }]);

    expect((await second.api.orders.count()).data.orders).toBe(theirCount);
    expect(await ordersNumbered(second, 'T-1')).toEqual([]);
  });

  it('a dry run answers the same summary and stores nothing', async () => {
    const file = csv(good('D-1'), good('D-2'), 'D-3;X;Straat 1;1234 AB;Ergens;Atlantis;Pen;1;1,00;10');
    const before = (await first.api.orders.count()).data.orders;
    const dry = await importCsv(first, file, { dryRun: true });
    expect(dry.status).toBe(200);
    expect(dry.body.data).toMatchObject({ created: 2, updated: 0, error_count: 1, dry_run: true });
    expect((await first.api.orders.count()).data.orders).toBe(before);
    expect(await ordersNumbered(first, 'D-1')).toEqual([]);

    const real = await importCsv(first, file);
    expect({ ...real.body.data, dry_run: true }).toEqual(dry.body.data);
  });

  it('the same file twice makes no duplicates: the second import updates; an order with a label is skipped', async () => {
    const file = csv(good('R-1'), good('R-2'));
    expect((await importCsv(first, file)).body.data).toMatchObject({ created: 2, updated: 0, skipped: 0 });
    const [labelled] = await ordersNumbered(first, 'R-2');
    await labelFor(first, labelled!.id);

    const again = await importCsv(first, csv(good('R-1', 'Anna Bakker'), good('R-2', 'Anna Bakker')));
    expect(again.body.data).toMatchObject({ created: 0, updated: 1, skipped: 1, error_count: 0 });
    const orders = await ordersNumbered(first, 'R-1');
    expect(orders).toHaveLength(1);
    expect(orders[0]?.name).toBe('Anna Bakker');

    // Another organisation's file with the same order numbers makes its own orders.
    expect((await importCsv(second, file)).body.data).toMatchObject({ created: 2, updated: 0 });
    expect((await first.api.orders.get(orders[0]!.id)).data.name).toBe('Anna Bakker');
  });

  it('reads Dutch Excel (Windows-1252, semicolons) and a Shopify export (BOM, CRLF, one row per line item)', async () => {
    const excel = await importCsv(first, fixture('template-windows-1252.csv'), { dryRun: true });
    expect(excel.body.data).toMatchObject({ layout: 'template', created: 2, orders: 3, error_count: 3 });
    expect(excel.body.data.errors.map((e: { line: number; field: string }) => [e.line, e.field])).toEqual([[5, 'Orderdatum'], [5, 'Aantal'], [6, 'Ordernummer']]);

    const shopify = await importCsv(first, fixture('shopify-export.csv'));
    expect(shopify.body.data).toMatchObject({ layout: 'shopify', created: 2, error_count: 0 });
    const [order] = await ordersNumbered(first, '#1041');
    const detail = (await first.api.orders.get(order!.id)).data;
    expect(detail).toMatchObject({ name: 'Lotte Visser', address_1: 'Lange Nieuwstraat', housenumber: '8', order_date: expect.stringMatching(/^2026-11-23T09:23:45/) });
    expect(detail.order_items.map((i) => i.name)).toEqual(['Koffiemok - Blauw', 'Theedoek "Delfts"']);

    const woo = await importCsv(first, fixture('woocommerce-export.csv'));
    expect(woo.body.data).toMatchObject({ layout: 'woocommerce', created: 2, error_count: 0 });
  });

  it('refuses a missing, empty, oversized or non-CSV file in Dutch and stores nothing', async () => {
    const noFile = await importCsv(first, 'x', { field: 'bestand' });
    expect(noFile.status).toBe(400);
    expect(noFile.body).toMatchObject({ message_code: 'import_no_file', message: 'Kies een CSV-bestand om te importeren.' });

    const json = await request(server, { method: 'POST', path: '/api/order/import', token: first.token, body: { file: 'x' } });
    expect(json.status).toBe(400);
    expect(json.body.message_code).toBe('import_no_file');

    const empty = await importCsv(first, '');
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ message_code: 'import_empty_file', message: 'Het bestand is leeg: er staan geen bestellingen in.' });
    expect((await importCsv(first, `${header}\r\n`)).body.message_code).toBe('import_empty_file');

    const xlsx = await importCsv(first, new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]), { name: 'bestellingen.xlsx' });
    expect(xlsx.status).toBe(415);
    expect(xlsx.body.message_code).toBe('import_not_csv');

    const big = new Uint8Array(maxImportBytes + 1).fill(0x41);
    const tooLarge = await importCsv(first, big);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toMatchObject({ message_code: 'import_file_too_large', message: 'Het bestand is te groot: een CSV-bestand mag hoogstens 50 MB zijn.' });

    const unknown = await importCsv(first, 'Referentie;Klant\r\nA-1;Jan\r\n');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message_code).toBe('import_unknown_layout');

    const logout = await request(server, { method: 'POST', path: '/api/order/import' });
    expect(logout.status).toBe(401);
  });
});

describe('the intake of every source', () => {
  it('applies the organisation’s shipping rules to imported orders (the shop’s shipping method from the file)', async () => {
    const rule = (
      await first.api.shipmentLogic.create({
        name: 'Brievenbus uit de import',
        conditions: [{ field: 'shop_shipping_method', operator: 'is', value: 'Brievenbuspakje' }],
        actions: { package_count: 2, weight: 400 },
      })
    ).data;
    try {
      const header = 'Ordernummer;Naam;Straat;Postcode;Plaats;Land;Verzendmethode;Artikel;Aantal;Prijs per stuk';
      const file = [header, 'SR-1;Anna;Oudegracht 1;3511 AB;Utrecht;NL;Brievenbuspakje;Mok;1;5,00', 'SR-2;Piet;Oudegracht 2;3511 AB;Utrecht;NL;Standaard;Mok;1;5,00'].join('\r\n');
      expect((await importCsv(first, file)).body.data).toMatchObject({ created: 2, error_count: 0 });
      const byNumber = new Map((await ordersNumbered(first, 'SR-')).map((o) => [o.order_number, o]));
      expect(byNumber.get('SR-1')?.shipment.packages).toEqual([{ weight: 400 }, { weight: 400 }]);
      expect(byNumber.get('SR-2')?.shipment.packages).toHaveLength(1);
    } finally {
      await first.api.shipmentLogic.remove(rule.id);
    }
  });
});

describe('remembered column mappings', () => {
  const custom = 'Referentie\tKlant\tAdres\tPC\tWoonplaats\tProduct\r\nM-1\tMarieke Smit\tBiltstraat 5\t3572 AA\tUtrecht\tKaars\r\n';
  const headers = ['Referentie', 'Klant', 'Adres', 'PC', 'Woonplaats', 'Product'];
  const mapping = { order_number: 'Referentie', name: 'Klant', street: 'Adres', zipcode: 'PC', city: 'Woonplaats', item_name: 'Product' };

  it('an unknown layout is imported once it is mapped; the mapping is the organisation’s own', async () => {
    expect((await importCsv(first, custom)).body.message_code).toBe('import_unknown_layout');
    const saved = await request(server, { method: 'PUT', path: '/api/order/import/mapping', token: first.token, body: { headers, mapping } });
    expect(saved.status).toBe(200);

    const imported = await importCsv(first, custom);
    expect(imported.body.data).toMatchObject({ layout: 'custom', created: 1, error_count: 0 });
    const [order] = await ordersNumbered(first, 'M-1');
    expect((await first.api.orders.get(order!.id)).data).toMatchObject({ name: 'Marieke Smit', address_1: 'Biltstraat', housenumber: '5', country: 'NL' });

    expect((await first.api.orderImport.mappings()).data).toEqual([{ headers, mapping }]);
    expect((await second.api.orderImport.mappings()).data).toEqual([]);
    expect((await importCsv(second, custom)).body.message_code).toBe('import_unknown_layout');
  });

  it('refuses a mapping without an order number or with a column the file does not have', async () => {
    const incomplete = await request(server, { method: 'PUT', path: '/api/order/import/mapping', token: second.token, body: { headers, mapping: { name: 'Klant' } } });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.message_code).toBe('import_mapping_invalid');
    const wrongColumn = await request(server, { method: 'PUT', path: '/api/order/import/mapping', token: second.token, body: { headers, mapping: { ...mapping, city: 'Stad' } } });
    expect(wrongColumn.status).toBe(400);
    expect(wrongColumn.body.fields.mapping).toEqual(['De koppeling van de kolommen is niet compleet.']);
    expect((await second.api.orderImport.mappings()).data).toEqual([]);
  });
});

describe('large files as a background job', () => {
  it('answers 202 with the job, imports in the background with its progress, and only its own organisation reads it', async () => {
    const rows = Array.from({ length: 9 }, (_, i) => good(`J-${i + 1}`));
    rows.push('J-10;X;Straat 1;1234 AB;Ergens;Atlantis;Pen;1;1,00;10');
    const { status, body } = await importCsv(first, csv(...rows), { name: 'groot.csv' });
    expect(status).toBe(202);
    expect(body.data).toMatchObject({ created: 0, rows: 10, orders: 10, dry_run: false, job_id: expect.any(String) });
    const id = body.data.job_id as string;

    const job = await waitUntil(
      async () => (await first.api.orderImport.job(id)).data,
      (j) => j.status === 'done' || j.status === 'failed',
      { timeoutMs: 25_000, intervalMs: 100, what: `import job ${id} finished` },
    );
    expect(job).toMatchObject({ status: 'done', file_name: 'groot.csv', rows: 10, total: 10, processed: 10, created: 9, updated: 0, error_count: 1, error: null });
    expect(job.errors).toEqual([{ line: 11, field: 'Land', message: expect.stringMatching(/^Regel 11, kolom "Land"/) }]);
    expect(await ordersNumbered(first, 'J-')).toHaveLength(9);

    expect((await first.api.orderImport.jobs()).data.map((j) => j.id)).toContain(id);
    expect((await second.api.orderImport.jobs()).data).toEqual([]);
    const theirs = await request(server, { path: `/api/order/import/job/${id}`, token: second.token });
    expect(theirs.status).toBe(404);
    expect(theirs.body.message_code).toBe('import_job_not_found');
    expect(await ordersNumbered(second, 'J-')).toEqual([]);
  });

  it('a dry run of a large file is answered at once and stores nothing', async () => {
    const rows = Array.from({ length: 6 }, (_, i) => good(`K-${i + 1}`));
    const { status, body } = await importCsv(first, csv(...rows), { dryRun: true });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ created: 6, job_id: null, dry_run: true });
    expect((await first.api.orderImport.jobs()).data.every((j) => j.rows !== 6)).toBe(true);
    expect(await ordersNumbered(first, 'K-')).toEqual([]);
  });
});
