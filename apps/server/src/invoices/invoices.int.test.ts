import { eq, inArray } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { PDFDocument } from '@cantoo/pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, amsterdamDate, billingPeriodOf } from '@verzendhuis/domain/invoices';
import { labelsFor, readyOrders, request, type TestOrganisation } from '../../test-support/factories';
import { testServerForFile } from '../../test-support/server';
import { createBillingRepository } from '../billing/repository';
import { invoiceItems, invoices } from '../db/schema';
import { createInvoiceRepository } from './repository';
import { createInvoiceService } from './service';

// Raw SQL in this file only for time passing: an invoice's due date moved into the past.

const { server, first, second } = testServerForFile();

/** The closing as the job and `npm run admin -- invoices` run it, on the test server's database. */
function closer() {
  return createInvoiceService({ repository: createInvoiceRepository(server.database.db), company: server.config.invoiceCompany });
}
/** A day on which the current period has ended. */
const afterThisPeriod = () => billingPeriodOf(amsterdamDate(new Date())).end;

async function proxyCourier(org: TestOrganisation): Promise<string> {
  return (await org.api.couriers.create({ courier_class: 'test', fields: { contract: 'platform' } })).data.id;
}

/** `count` proxy labels of 800 g in NL: € 4,95 each (the price table's letterbox-free parcel bracket). */
async function proxyLabels(org: TestOrganisation, count: number): Promise<string[]> {
  const courierId = await proxyCourier(org);
  return labelsFor(org, await readyOrders(org, count, { courier_id: courierId }));
}

async function closeFor(org: TestOrganisation) {
  return closer().closeOrganisation(org.organisationId, afterThisPeriod());
}

describe('closing a period', () => {
  let org: TestOrganisation;
  let labelIds: string[];
  beforeAll(async () => {
    org = await server.createOrganisation();
    labelIds = await proxyLabels(org, 3);
  });

  it('puts label prices, a Naheffing and a refund on one invoice with the exact total, once', async () => {
    const service = closer();
    await service.addSurcharge(labelIds[0] ?? '', 250, 'te laag opgegeven gewicht');
    // Deleting a label its carrier never had refunds its price, once.
    expect((await request(server, { method: 'POST', path: `/api/label/${labelIds[2]}`, token: org.token, body: { is_active: false } })).status).toBe(200);
    const refunds = await server.database.db.select().from(invoiceItems).where(eq(invoiceItems.type, 'refund'));
    expect(refunds.filter((r) => r.labelId === labelIds[2]).map((r) => r.totalCents)).toEqual([-495]);

    // Nothing ends before the period does.
    expect(await service.closeOrganisation(org.organisationId, addDays(afterThisPeriod(), -1))).toEqual([]);
    const [made, again] = [await closeFor(org), await closeFor(org)];
    expect(made).toHaveLength(1);
    expect(again).toEqual([]);
    const invoice = made[0];
    // 3 × 4.95 + 2.50 − 4.95 = 12.40; VAT 21% = 2.604 → 2.60; total 15.00.
    expect(invoice).toMatchObject({ subtotalCents: 1240, vatCents: 260, totalCents: 1500, status: 'open', periodEnd: afterThisPeriod() });
    expect(invoice?.number).toMatch(/^VH-\d{4}-\d{6}$/);
    expect(invoice?.dueDate).toBe(addDays(invoice?.invoiceDate ?? '', 14));

    const list = await org.api.invoices.list();
    expect(list.meta.total).toBe(1);
    expect(list.data[0]).toMatchObject({ number: invoice?.number, total: '15.00', subtotal: '12.40', vat: '2.60', status: 'open', overdue: false });
    expect(list.summary).toEqual({ open_amount: '15.00', overdue_amount: '0.00' });
    const detail = await org.api.invoices.get(invoice?.id ?? '');
    expect(detail.data.vat_lines).toEqual([{ rate: '21', base: '12.40', vat: '2.60' }]);
    expect(detail.data.billed_to.name).toBeTruthy();

    const lines = await org.api.invoices.labels(invoice?.id ?? '', { page_size: 2 });
    expect(lines.meta.total).toBe(3);
    expect(lines.data).toHaveLength(2);
    const all = [...lines.data, ...(await org.api.invoices.labels(invoice?.id ?? '', { page: 2, page_size: 2 })).data];
    const byLabel = new Map(all.map((l) => [l.label?.id, l]));
    expect(byLabel.get(labelIds[0])?.items.map((i) => [i.type, i.total])).toEqual([
      ['label_price', '4.95'],
      ['surcharge', '2.50'],
    ]);
    expect(byLabel.get(labelIds[0])?.total).toBe('7.45');
    expect(byLabel.get(labelIds[2])?.total).toBe('0.00');
    expect(byLabel.get(labelIds[2])?.items.map((i) => i.type)).toEqual(['label_price', 'refund']);
  });

  it('two closers at once make one invoice and numbers without a gap', async () => {
    const other = await server.createOrganisation();
    await proxyLabels(other, 1);
    const before = await server.database.db.select({ number: invoices.number }).from(invoices);
    const results = await Promise.all([closeFor(other), closeFor(other), closer().closeEndedPeriods(afterThisPeriod())]);
    expect(results.flat()).toHaveLength(1);
    const after = await server.database.db.select({ number: invoices.number }).from(invoices);
    const sequence = after.map((i) => Number(i.number.slice(-6))).sort((a, b) => a - b);
    expect(sequence).toEqual(Array.from({ length: sequence.length }, (_, i) => i + 1));
    expect(after.length).toBeGreaterThan(before.length);
  });
});

describe('refunds', () => {
  it('a bulk delete refunds each label never handed over once; a delivered label is not refunded', async () => {
    const org = await server.createOrganisation();
    const [kept = '', deleted = '', delivered = ''] = await proxyLabels(org, 3);
    expect((await org.api.labels.bulkUpdate({ label_ids: [delivered], action: 'deliver_labels' })).data.affected).toBe(1);
    expect((await org.api.labels.bulkUpdate({ label_ids: [deleted, delivered], action: 'deactivate' })).data.affected).toBe(2);
    // A second refund of the same label is refused by the unique index.
    await server.database.db.transaction((tx) => createBillingRepository(server.database.db).for(org.organisationId).insertRefundItems(tx, [deleted]));
    const rows = await server.database.db.select().from(invoiceItems).where(eq(invoiceItems.organisationId, org.organisationId));
    expect(rows.filter((r) => r.type === 'refund').map((r) => [r.labelId, r.totalCents, r.parts[0]?.unit_price])).toEqual([[deleted, -495, '-4.95']]);
    expect(rows.filter((r) => r.labelId === kept).map((r) => r.type)).toEqual(['label_price']);
    // Another organisation's delete cannot touch these labels.
    expect((await second.api.labels.bulkUpdate({ label_ids: [kept], action: 'deactivate' })).data.affected).toBe(0);
    const [made] = await closeFor(org);
    // 3 × 4.95 − 4.95 = 9.90 + 2.08 VAT.
    expect(made?.totalCents).toBe(1198);
  });
});

describe('the invoice calls', () => {
  let invoiceId: string;
  let number: string;
  beforeAll(async () => {
    await proxyLabels(first, 2);
    const [made] = await closeFor(first);
    invoiceId = made?.id ?? '';
    number = made?.number ?? '';
  });

  it('give the PDF, CSV and XLSX as attachments named by the number', async () => {
    const pdf = await request(server, { path: `/api/invoice/${invoiceId}/pdf`, token: first.token });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="${number}.pdf"`);
    const parsed = await PDFDocument.load(pdf.body as Uint8Array);
    expect(parsed.getPageCount()).toBe(1);
    expect(parsed.getPage(0).getSize().width).toBeCloseTo(595.28, 1);
    expect(parsed.getTitle()).toBe(`Factuur ${number}`);

    const csv = await request(server, { path: `/api/invoice/${invoiceId}/label/csv`, token: first.token });
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="${number}.csv"`);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = csv.body as string;
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = text.slice(1).trim().split('\r\n');
    expect(rows[0]).toBe('Factuurnummer;Label;Zendingnummer;Referentie;Soort;Omschrijving;Bedrag excl. btw');
    expect(rows.slice(1)).toHaveLength(2);
    expect(rows[1]).toMatch(new RegExp(`^${number};[0-9a-f-]{36};[^;]*;T-[0-9a-f]+-\\d;Labelprijs;Testvervoerder Pakket Nederland tot 2 kg;4,95$`));

    const xlsx = await request(server, { path: `/api/invoice/${invoiceId}/label/xlsx`, token: first.token });
    expect(xlsx.headers.get('content-disposition')).toBe(`attachment; filename="${number}.xlsx"`);
    const files = unzipSync(new Uint8Array(xlsx.body as Buffer));
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml'] ?? new Uint8Array());
    expect(sheet).toContain('<v>4.95</v>');
    const strings = strFromU8(files['xl/sharedStrings.xml'] ?? new Uint8Array());
    expect(strings).toContain('Bedrag excl. btw');
    expect(strings).toContain(number);
  });

  it('show a second organisation nothing of the first and change nothing', async () => {
    expect((await second.api.invoices.list()).meta.total).toBe(0);
    for (const path of [`/api/invoice/${invoiceId}`, `/api/invoice/${invoiceId}/pdf`, `/api/invoice/${invoiceId}/label/`, `/api/invoice/${invoiceId}/label/csv`, `/api/invoice/${invoiceId}/label/xlsx`]) {
      const theirs = await request(server, { path, token: second.token });
      expect(theirs.status).toBe(404);
      expect(theirs.body).toMatchObject({ status: 404, message_code: 'invoice_not_found', message: 'Factuur niet gevonden.', type: 'not_found' });
    }
    // Closing the second's periods makes nothing of the first's items.
    expect(await closeFor(second)).toEqual([]);
    // 2 × 4.95 = 9.90; VAT 2.079 → 2.08.
    expect((await first.api.invoices.get(invoiceId)).data).toMatchObject({ subtotal: '9.90', vat: '2.08', total: '11.98', status: 'open' });
  });

  it('refuse bad input with a Dutch 400 and no login with 401', async () => {
    const bad = await request(server, { path: '/api/invoice/niet-een-id', token: first.token });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ status: 400, type: 'validation' });
    expect(bad.body.message).toMatch(/[a-z]/);
    const page = await request(server, { path: '/api/invoice/', query: { page: 0 }, token: first.token });
    expect(page.status).toBe(400);
    expect((await request(server, { path: `/api/invoice/${invoiceId}/label/`, query: { page_size: 9999 }, token: first.token })).status).toBe(400);
    expect((await request(server, { path: '/api/invoice/' })).status).toBe(401);
    expect((await request(server, { path: '/api/invoice/00000000-0000-4000-8000-000000000000', token: first.token })).body.message).toBe('Factuur niet gevonden.');
  });
});

describe('an overdue invoice', () => {
  it('stops label creation with the pre-check until it is paid', async () => {
    const org = await server.createOrganisation();
    await proxyLabels(org, 1);
    const [invoice] = await closeFor(org);
    expect((await org.api.user.get()).data.organisation.can_create_labels).toBe(true);
    // Time passing: the due date lies before today.
    await server.database.db.update(invoices).set({ dueDate: addDays(amsterdamDate(new Date()), -1) }).where(eq(invoices.id, invoice?.id ?? ''));
    expect((await org.api.user.get()).data.organisation.can_create_labels).toBe(false);
    expect((await org.api.invoices.list()).data[0]).toMatchObject({ overdue: true, status: 'open' });
    const orderIds = await readyOrders(org, 1);
    const refused = await request(server, { method: 'POST', path: '/api/order/label/create', token: org.token, body: { order_ids: orderIds } });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message_code: 'overdue_payments', message: 'Je hebt helaas achterstallige betalingen in je account.' });
    // The other organisations are not blocked.
    expect((await second.api.user.get()).data.organisation.can_create_labels).toBe(true);

    expect(await closer().markPaid(second.organisationId, invoice?.id ?? '')).toBe(false);
    expect(await closer().markPaid(org.organisationId, invoice?.id ?? '')).toBe(true);
    expect((await org.api.user.get()).data.organisation.can_create_labels).toBe(true);
    expect((await org.api.invoices.list()).data[0]).toMatchObject({ overdue: false, status: 'paid' });
    expect((await labelsFor(org, orderIds)).length).toBe(1);
    const rows = await server.database.db.select().from(invoices).where(inArray(invoices.id, [invoice?.id ?? '']));
    expect(rows[0]?.paidAt).toBeInstanceOf(Date);
  });
});
