import { loginWithPassword } from '@verzendhuis/server/test-support/oidc-login';
import { labelsSheet } from './labels-sheet';
import type { BenchContext } from './run';

/**
 * 1,000 orders → labels with the Testvervoerder → one A4 PDF, end to end over HTTP;
 * then the PDF step alone (labels-sheet.ts) for 1,000 and 10,000 labels.
 */
export async function labels({ baseUrl, runtime, args }: BenchContext): Promise<void> {
  const count = Number(args[0] ?? 1000);
  // The demo organisation on a plan without a label quota.
  await runtime.database.pool.query(`UPDATE organisations SET plan_id = 'zakelijk' WHERE id = (SELECT organisation_id FROM users WHERE email = 'demo@voorbeeld.nl')`);
  const tokens = await loginWithPassword({ baseUrl, email: 'demo@voorbeeld.nl', password: 'demo1234' });
  const headers = { authorization: `Bearer ${tokens.access_token}`, 'content-type': 'application/json' };
  const call = async (path: string, body: unknown) => {
    const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return response;
  };
  const courier = ((await (await fetch(`${baseUrl}/api/courier/`, { headers })).json()) as { data: { id: string }[] }).data[0]?.id;
  const orderIds: string[] = [];
  for (let i = 0; i < count; i += 500) {
    const batch = Array.from({ length: Math.min(500, count - i) }, (_, j) => ({
      order_number: `LB-${i + j}`,
      name: 'Zoë Łukasz-Müller',
      address_1: 'Damrak',
      housenumber: String(1 + ((i + j) % 200)),
      zipcode: '1012 LG',
      city: 'Amsterdam',
      country: 'NL',
      courier_id: courier,
      shipment_type: 'parcel',
      shipment: { packages: [{ weight: 750 }], courier_fields: {} },
    }));
    const result = (await (await call('/api/order/bulk', { orders: batch })).json()) as { data: { id: string }[] };
    orderIds.push(...result.data.map((d) => d.id));
  }

  const start = performance.now();
  const labelIds: string[] = [];
  for (let i = 0; i < orderIds.length; i += 500) {
    const result = (await (await call('/api/order/label/create', { order_ids: orderIds.slice(i, i + 500) })).json()) as { data: { id: string }[]; errors: unknown[] };
    if (result.errors.length > 0) throw new Error(`label errors: ${JSON.stringify(result.errors.slice(0, 3))}`);
    labelIds.push(...result.data.map((d) => d.id));
  }
  const labelled = performance.now();
  const pdf = await (await call('/api/label/pdf', { label_ids: labelIds, format: 'a4', positions: 1 })).arrayBuffer();
  const done = performance.now();
  console.log(`${count} orders → labels: ${((labelled - start) / 1000).toFixed(2)} s; → A4 PDF: ${((done - labelled) / 1000).toFixed(2)} s; end to end ${((done - start) / 1000).toFixed(2)} s`);
  console.log(`A4 PDF: ${(pdf.byteLength / 1024).toFixed(0)} KB, ${(pdf.byteLength / 1024 / count).toFixed(1)} KB per label`);

  await labelsSheet({ args: ['1000'] });
  await labelsSheet({ args: ['10000'] });
}
