import { eq } from 'drizzle-orm';
import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@verzendhuis/contract/client';
import { pdfBytes } from '@verzendhuis/contract/documents';
import type { OrderInput, OrderItemInput } from '@verzendhuis/contract/order';
import { labelFor, orderInput, request, testCourierId, type TestOrganisation } from '../../test-support/factories';
import { tilePng } from '@verzendhuis/test-fakes/fake-tiles';
import { testServerForFile } from '../../test-support/server';
import { labels } from '../db/schema';

const { server, first, second } = testServerForFile();

const item = (overrides: Partial<OrderItemInput> = {}): OrderItemInput => ({
  name: 'Wollen trui',
  description: 'Merinowol, maat M',
  quantity: 2,
  unit_price_inc_btw: 49.95,
  weight: 400,
  category: 'Kleding',
  sku: 'TRUI-M',
  hs_code: '611011',
  ean_code: '8712345678906',
  product_country: 'NL',
  ...overrides,
});

/** An export order to Zürich with two lines and their customs data. */
async function createOrder(org: TestOrganisation, overrides: Partial<OrderInput> = {}): Promise<string> {
  const result = await org.api.orders.create(
    orderInput({
      name: 'Søren Weiß',
      address_1: 'Bahnhofstrasse',
      housenumber: '12',
      zipcode: '8001',
      city: 'Zürich',
      country: 'CH',
      courier_id: await testCourierId(org),
      shipment: { packages: [{ weight: 1250 }], courier_fields: {} },
      order_items: [item(), item({ name: 'Sokken', sku: 'SOK-42', ean_code: '96385074', quantity: 1, weight: 50, unit_price_inc_btw: 9.5, product_country: 'PT' })],
      ...overrides,
    }),
  );
  return result.data.id;
}

const packingSlips = (org: TestOrganisation, body: unknown) => request(server, { method: 'POST', path: '/api/order/packingslipdoc', token: org.token, body });
const exportdoc = (org: TestOrganisation, labelId: string) => request(server, { path: `/api/label/${labelId}/exportdoc`, token: org.token });

async function pages(base64: string): Promise<number> {
  const bytes = pdfBytes(base64);
  expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
  return (await PDFDocument.load(bytes)).getPageCount();
}

describe('POST order/packingslipdoc', () => {
  it('answers a base64 PDF with one page per order', async () => {
    const ids = [await createOrder(first), await createOrder(first, { country: 'NL', zipcode: '1012 LG', city: 'Amsterdam', address_1: 'Damrak', housenumber: '1' })];
    const result = await first.api.documents.packingSlips({ order_ids: ids });
    expect(result.data.filename).toBe('pakbonnen.pdf');
    expect(await pages(result.data.pdf)).toBe(2);
    // The same order twice is one page.
    expect(await pages((await first.api.documents.packingSlips({ order_ids: [ids[0]!, ids[0]!] })).data.pdf)).toBe(1);
  });

  it('draws the organisation’s uploaded logo, and only on its own slips', async () => {
    const hasImage = (pdf: string) => Buffer.from(pdfBytes(pdf)).includes('/Subtype /Image');
    const mine = await createOrder(first);
    const theirs = await createOrder(second);
    expect(hasImage((await first.api.documents.packingSlips({ order_ids: [mine] })).data.pdf)).toBe(false);
    const upload = await request(server, { method: 'PUT', path: '/api/user/organisation/logo', token: first.token, body: { file: { filename: 'logo.png', base_64: tilePng().toString('base64') } } });
    expect(upload.status).toBe(200);
    expect(hasImage((await first.api.documents.packingSlips({ order_ids: [mine] })).data.pdf)).toBe(true);
    expect(hasImage((await second.api.documents.packingSlips({ order_ids: [theirs] })).data.pdf)).toBe(false);
    await request(server, { method: 'DELETE', path: '/api/user/organisation/logo', token: first.token });
    expect(hasImage((await first.api.documents.packingSlips({ order_ids: [mine] })).data.pdf)).toBe(false);
  });

  it('prints the orders of labels, one page per order even with an extra label', async () => {
    const orderId = await createOrder(first);
    const labelA = await labelFor(first, orderId);
    const labelB = await labelFor(first, orderId, { force: true });
    const otherOrder = await createOrder(first);
    const labelC = await labelFor(first, otherOrder);
    const { status, body } = await packingSlips(first, { label_ids: [labelA, labelB, labelC] });
    expect(status).toBe(200);
    expect(await pages(body.data.pdf)).toBe(2);
  });

  it('still prints a label’s order after the order was deleted from the list; by order id it is gone', async () => {
    const orderId = await createOrder(first);
    const labelId = await labelFor(first, orderId);
    await first.api.orders.bulkUpdate({ order_ids: [orderId], action: 'delete' });
    expect((await packingSlips(first, { label_ids: [labelId] })).status).toBe(200);
    const byOrder = await packingSlips(first, { order_ids: [orderId] });
    expect(byOrder.status).toBe(404);
    expect(byOrder.body.message).toBe('Order niet gevonden.');
  });

  it('refuses unknown ids and another organisation’s orders and labels as "Order niet gevonden.", producing nothing', async () => {
    const mine = await createOrder(first);
    const myLabel = await labelFor(first, await createOrder(first));
    for (const body of [
      { order_ids: [mine] },
      { order_ids: ['00000000-0000-4000-8000-000000000000'] },
      { label_ids: [myLabel] },
    ]) {
      const refused = await packingSlips(second, body);
      expect(refused.status).toBe(404);
      expect(refused.body).toMatchObject({ status: 404, message: 'Order niet gevonden.', message_code: 'order_not_found', type: 'not_found' });
    }
    // One foreign id among the caller's own refuses the whole request.
    const theirs = await createOrder(second);
    const mixed = await packingSlips(first, { order_ids: [mine, theirs] });
    expect(mixed.status).toBe(404);
    expect(mixed.body.data).toBeUndefined();
    expect(mixed.body.fields).toEqual({ order_ids: ['Order niet gevonden.'] });
  });

  it('asks for exactly one of order_ids and label_ids', async () => {
    const id = await createOrder(first);
    for (const body of [{}, { order_ids: [id], label_ids: [id] }, { order_ids: [] }, { order_ids: ['geen-uuid'] }]) {
      const refused = await packingSlips(first, body);
      expect(refused.status).toBe(400);
      expect(refused.body.type).toBe('validation');
    }
  });
});

describe('GET label/{id}/exportdoc', () => {
  it('answers the CN23 as a base64 PDF for a complete export label', async () => {
    const labelId = await labelFor(first, await createOrder(first, { order_number: 'EXP 1/2' }));
    const result = await first.api.documents.exportDocument(labelId);
    expect(result.data.filename).toBe('exportdocument-EXP_1_2.pdf');
    expect(await pages(result.data.pdf)).toBe(1);
  });

  it('leaves dummy lines off the declaration instead of refusing them', async () => {
    const orderId = await createOrder(first, { order_items: [item(), { name: 'Verzendkosten', quantity: 1, unit_price_inc_btw: 0, is_dummy_item: true }] });
    expect((await exportdoc(first, await labelFor(first, orderId))).status).toBe(200);
  });

  it('refuses a destination in the EU with the reason', async () => {
    const orderId = await createOrder(first, { country: 'DE', zipcode: '10623', city: 'Berlin', address_1: 'Straße des 17. Juni' });
    const { status, body } = await exportdoc(first, await labelFor(first, orderId));
    expect(status).toBe(400);
    expect(body).toMatchObject({
      message: 'Een exportdocument is alleen nodig voor zendingen buiten de EU.',
      message_code: 'export_document_refused',
      type: 'validation',
      fields: { country: ['Een exportdocument is alleen nodig voor zendingen buiten de EU.'] },
    });
  });

  it('names every item and field that is missing', async () => {
    const orderId = await createOrder(first, {
      order_items: [item(), item({ hs_code: null, product_country: null }), item({ weight: null })],
    });
    const { status, body } = await exportdoc(first, await labelFor(first, orderId));
    expect(status).toBe(400);
    expect(body.message).toBe('Het exportdocument kan niet worden gemaakt.');
    expect(body.fields).toEqual({
      'order_items.1.hs_code': ['Artikel 2 mist HS-code'],
      'order_items.1.product_country': ['Artikel 2 mist land van herkomst'],
      'order_items.2.weight': ['Artikel 3 mist gewicht'],
    });
    expect(body.errors.map((e: { message: string }) => e.message)).toEqual(['Artikel 2 mist HS-code', 'Artikel 2 mist land van herkomst', 'Artikel 3 mist gewicht']);
  });

  it('refuses an export without items', async () => {
    const { status, body } = await exportdoc(first, await labelFor(first, await createOrder(first, { order_items: [] })));
    expect(status).toBe(400);
    expect(body.message).toBe('Deze bestelling heeft geen artikelen. Voeg de artikelen met hun douanegegevens toe.');
  });

  it('refuses a label with status problems', async () => {
    const labelId = await labelFor(first, await createOrder(first));
    // Raw SQL: a problem the carrier reported later; the API has no call that makes one.
    await server.database.db
      .update(labels)
      .set({ statusInfo: [{ type: 'carrier', field: null, message: 'De vervoerder meldt een fout.', status: 'error' }] })
      .where(eq(labels.id, labelId));
    const { status, body } = await exportdoc(first, labelId);
    expect(status).toBe(400);
    expect(body.fields).toEqual({ status_info: ['Deze zending heeft nog problemen. Los die eerst op.'] });
  });

  it('answers "Order niet gevonden." (404) for another organisation’s label and an unknown one', async () => {
    const labelId = await labelFor(first, await createOrder(first));
    for (const id of [labelId, '00000000-0000-4000-8000-000000000000']) {
      const { status, body } = await exportdoc(second, id);
      expect(status).toBe(404);
      expect(body).toMatchObject({ message: 'Order niet gevonden.', message_code: 'order_not_found' });
    }
    await expect(second.api.documents.exportDocument(labelId)).rejects.toBeInstanceOf(ApiError);
  });
});
