import { describe, expect, it } from 'vitest';
import { fakeDhlZpl, startFakeDhl } from '@verzendhuis/test-fakes/fake-dhl';
import { fakeUpsZpl, startFakeUps } from '@verzendhuis/test-fakes/fake-ups';
import { labelledOrders, linkFakeCarrier, request, type TestOrganisation } from '../../test-support/factories';
import { startForFile } from '../../test-support/for-file';
import { connectPrintClient, pairPrintClient, type TestPrintClient } from '../../test-support/print-client';
import { testServerForFile } from '../../test-support/server';
import { waitUntil } from '../../test-support/wait';

const dhl = startForFile(() => startFakeDhl({ userId: 'dhl-gebruiker', key: 'dhl-sleutel' }));
const ups = startForFile(() => startFakeUps({ clientId: 'ups-client', clientSecret: 'ups-geheim', accountNumber: 'A1B2C3' }));
const { server, first: zplOrg, second: pdfOrg } = testServerForFile();

const print = (org: TestOrganisation, body: unknown) => request(server, { method: 'POST', path: '/api/label/print', token: org.token, body });
const trackingOf = async (labelId: string) =>
  (await server.database.pool.query<{ tracking_number: string }>('SELECT tracking_number FROM label_packages WHERE label_id = $1 ORDER BY package_number', [labelId])).rows.map((r) => r.tracking_number);

/** A paired client of `org`, connected, with `selected` as its label printer (as the server has stored it). */
async function connectedClient(org: TestOrganisation, selected: 'Zebra_GK420d' | 'Kantoor_A4'): Promise<{ id: string; client: TestPrintClient }> {
  const paired = await pairPrintClient(org);
  const client = await connectPrintClient(server, paired.credential, { hello: { selected } });
  await client.next('welcome');
  await waitUntil(
    async () => (await org.api.printing.clients()).data.find((c) => c.id === paired.printerClientId),
    (c) => c?.connected === true && c.printers.some((p) => p.selected && p.name === selected),
  );
  return { id: paired.printerClientId, client };
}

describe('ZPL for a ZPL printer', () => {
  it('asks the carrier for ZPL when the label printer takes ZPL and sends the ZPL raw; the PDF stays for label/pdf', async () => {
    const { id, client } = await connectedClient(zplOrg, 'Zebra_GK420d');
    const { labelIds } = await labelledOrders(zplOrg, 2);

    const printed = await print(zplOrg, { label_ids: labelIds, format: 'a6', printer_client_id: id });
    expect(printed.status).toBe(200);
    const job = await client.next('job', (m) => m.job_id === printed.body.data.print_job_id);
    expect(job.format).toBe('zpl');
    const zpl = Buffer.from(job.content_base64, 'base64').toString('utf8');
    // One ZPL document per label, in the asked order, each with its tracking number as a Code 128 barcode and the Data Matrix.
    const documents = zpl.split('^XZ').filter((part) => part.trim().length > 0);
    expect(documents).toHaveLength(2);
    for (const [index, labelId] of labelIds.entries()) {
      const [tracking] = await trackingOf(labelId);
      expect(documents[index]).toMatch(/^\s*\^XA/);
      expect(documents[index]).toContain(`^BCN,200,Y,N,N^FH_^FD${tracking}^FS`);
      expect(documents[index]).toMatch(new RegExp(`\\^BXN,6,200\\^FH_\\^FD${tracking}\\+\\w+\\^FS`));
      expect(documents[index]).toContain('Testvervoerder');
    }
    // The label page and sheets still get the PDF.
    const pdf = await request(server, { method: 'POST', path: '/api/label/pdf', token: zplOrg.token, body: { label_ids: labelIds, format: 'a6' } });
    expect(pdf.status).toBe(200);
    expect((pdf.body as Buffer).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await client.close();
  });

  it('sends the ZPL of two carriers in one job: DHL hands out the same label again as ZPL, no second shipment', async () => {
    const { id, client } = await connectedClient(zplOrg, 'Zebra_GK420d');
    const dhlCourier = await linkFakeCarrier(zplOrg, 'dhl', dhl.url);
    const { labelIds: [dhlLabel] } = await labelledOrders(zplOrg, 1, { courier_id: dhlCourier, shipment_type: 'door', order_number: 'ZPL-DHL-1' });
    const { labelIds: [testLabel] } = await labelledOrders(zplOrg, 1);
    // One shipment at DHL (asked as PDF), then its label read again with Accept: application/zpl.
    expect(dhl.made.get('ZPL-DHL-1')).toBe(1);
    const made = dhl.labels.find((l) => l.body.orderReference === 'ZPL-DHL-1');
    expect(made?.body.labelFormat).toBe('pdf');
    expect(dhl.labelReads).toEqual([{ labelId: made?.body.labelId, accept: 'application/zpl' }]);

    const printed = await print(zplOrg, { label_ids: [dhlLabel, testLabel], format: 'a6', printer_client_id: id });
    const job = await client.next('job', (m) => m.job_id === printed.body.data.print_job_id);
    expect(job.format).toBe('zpl');
    const [dhlTracking] = await trackingOf(dhlLabel!);
    const [testTracking] = await trackingOf(testLabel!);
    const zpl = Buffer.from(job.content_base64, 'base64').toString('utf8');
    expect(zpl.startsWith(fakeDhlZpl(dhlTracking!, 'ZPL-DHL-1'))).toBe(true);
    expect(zpl.slice(fakeDhlZpl(dhlTracking!, 'ZPL-DHL-1').length)).toContain(`^FD${testTracking}^FS`);
    await client.close();
  });

  it('UPS: the shipment made once with its GIF, each package read again as ZPL by Label Recovery; a failed recovery leaves the PDF only', async () => {
    const { id, client } = await connectedClient(zplOrg, 'Zebra_GK420d');
    const upsCourier = await linkFakeCarrier(zplOrg, 'ups', ups.url);
    const upsOrder = (number: string) => ({ courier_id: upsCourier, shipment_type: 'standard', order_number: number, phone: '0612345678', shipment: { packages: [{ weight: 1200 }, { weight: 800 }], courier_fields: {} } });
    const { labelIds: [label] } = await labelledOrders(zplOrg, 1, upsOrder('ZPL-UPS-1'));
    const ships = ups.requests.filter((r) => r.path.endsWith('/ship') && JSON.stringify(r.body).includes('ZPL-UPS-1'));
    expect(ships).toHaveLength(1);
    expect(ships[0]?.body).toMatchObject({ ShipmentRequest: { LabelSpecification: { LabelImageFormat: { Code: 'GIF' } } } });
    const tracking = await trackingOf(label!);
    expect(tracking).toHaveLength(2);
    expect(ups.recoveries).toEqual(tracking.map((trackingNumber) => ({ trackingNumber, format: 'ZPL' })));

    const printed = await print(zplOrg, { label_ids: [label], format: 'a6', printer_client_id: id });
    const job = await client.next('job', (m) => m.job_id === printed.body.data.print_job_id);
    expect(job.format).toBe('zpl');
    expect(Buffer.from(job.content_base64, 'base64').toString('utf8')).toBe(tracking.map((t) => fakeUpsZpl(t, 'ZPL-UPS-1')).join(''));

    ups.recovery = 'error';
    try {
      const { labelIds: [pdfOnly] } = await labelledOrders(zplOrg, 1, upsOrder('ZPL-UPS-2'));
      const stored = await server.database.pool.query<{ label_file: Buffer; label_zpl: Buffer | null }>('SELECT label_file, label_zpl FROM label_packages WHERE label_id = $1', [pdfOnly]);
      expect(stored.rows.map((r) => [r.label_file.subarray(0, 5).toString('latin1'), r.label_zpl])).toEqual([['%PDF-', null], ['%PDF-', null]]);
    } finally {
      ups.recovery = 'normal';
    }
    await client.close();
  });

  it('keeps the PDF for an organisation whose label printer takes PDF, and for a ZPL printer when a label has no ZPL', async () => {
    const { id, client } = await connectedClient(pdfOrg, 'Kantoor_A4');
    const { labelIds } = await labelledOrders(pdfOrg, 1);
    // A PDF organisation's DHL label is never read again as ZPL.
    const reads = dhl.labelReads.length;
    await labelledOrders(pdfOrg, 1, { courier_id: await linkFakeCarrier(pdfOrg, 'dhl', dhl.url), shipment_type: 'door' });
    expect(dhl.labelReads).toHaveLength(reads);
    // Nor a UPS label by Label Recovery.
    const recoveries = ups.recoveries.length;
    await labelledOrders(pdfOrg, 1, { courier_id: await linkFakeCarrier(pdfOrg, 'ups', ups.url), shipment_type: 'standard', phone: '0612345678' });
    expect(ups.recoveries).toHaveLength(recoveries);
    expect((await server.database.pool.query('SELECT 1 FROM label_packages WHERE label_id = $1 AND label_zpl IS NOT NULL', [labelIds[0]])).rowCount).toBe(0);
    const printed = await print(pdfOrg, { label_ids: labelIds, format: 'a6', printer_client_id: id });
    const job = await client.next('job', (m) => m.job_id === printed.body.data.print_job_id);
    expect(job.format).toBe('pdf');
    expect(Buffer.from(job.content_base64, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // The same PDF label sent to a ZPL printer later: it has no ZPL, so the job is the PDF sheet.
    client.send({ type: 'printers', printers: [{ name: 'Zebra_GK420d', kind: 'zpl' }], selected: 'Zebra_GK420d' });
    await waitUntil(async () => (await pdfOrg.api.printing.clients()).data.find((c) => c.id === id), (c) => c?.printers[0]?.selected === true);
    const again = await print(pdfOrg, { label_ids: labelIds, format: 'a6', printer_client_id: id });
    const second = await client.next('job', (m) => m.job_id === again.body.data.print_job_id);
    expect(second.format).toBe('pdf');
    // Another organisation's ZPL label cannot be printed by this one.
    const { labelIds: theirs } = await labelledOrders(zplOrg, 1);
    expect((await print(pdfOrg, { label_ids: theirs, format: 'a6', printer_client_id: id })).status).toBe(404);
    await client.close();
  });
});
