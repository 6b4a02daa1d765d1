import { describe, expect, it } from 'vitest';
import { startFakeWooCommerce } from '@verzendhuis/test-fakes/fake-woocommerce';
import { request } from '../../test-support/factories';
import { startForFile } from '../../test-support/for-file';
import { testServerForFile } from '../../test-support/server';

const woo = startForFile(() => startFakeWooCommerce());
const { server, first } = testServerForFile({ organisations: [{}] });

/** Every row of every table of the app's database (all schemas: the app's, pg-boss's), as text. */
async function everyRow(): Promise<string> {
  const tables = await server.database.pool.query<{ schema: string; name: string }>(
    `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
      WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
  );
  const parts: string[] = [];
  for (const { schema, name } of tables.rows) {
    const rows = await server.database.pool.query<{ row: string }>(`SELECT t::text AS row FROM "${schema}"."${name}" t`);
    parts.push(...rows.rows.map((r) => r.row));
  }
  expect(parts.length).toBeGreaterThan(0);
  return parts.join('\n');
}

describe('secrets at rest', () => {
  it('carrier credentials, shop keys and API-user secrets are stored sealed or hashed and never answered', async () => {
    const postnlKey = 'postnl-geheim-7f3a9c1e5b';
    const dhlKey = 'dhl-geheim-2b8d4f6a0c';
    const postnl = await request(server, {
      method: 'POST',
      path: '/api/courier/create',
      token: first.token,
      body: { courier_class: 'postnl', fields: { api_key: postnlKey, customer_code: 'DEVC', customer_number: '11223344', base_url: 'https://api.postnl.nl' } },
    });
    expect(postnl.status, JSON.stringify(postnl.body)).toBe(200);
    const dhl = await request(server, {
      method: 'POST',
      path: '/api/courier/create',
      token: first.token,
      body: { courier_class: 'dhl', fields: { user_id: 'gebruiker-1', api_key: dhlKey, account_id: '01234567', base_url: 'https://api-gw.dhlparcel.nl' } },
    });
    expect(dhl.status, JSON.stringify(dhl.body)).toBe(200);
    const shop = await request(server, {
      method: 'POST',
      path: '/api/shop/create',
      token: first.token,
      body: { shop_class: 'woocommerce', fields: { url: woo.url, consumer_key: woo.consumerKey, consumer_secret: woo.consumerSecret } },
    });
    expect(shop.status, JSON.stringify(shop.body)).toBe(200);
    const apiUser = await request(server, { method: 'POST', path: '/api/api-user/create', token: first.token, body: { name: 'Plugin' } });
    expect(apiUser.status).toBe(200);
    const apiSecret = apiUser.body.data.user.secret as string;
    expect(apiSecret).toMatch(/^vhs_/);
    // The API user's secret works (so the search below looks for a real one).
    expect((await request(server, { path: '/api/order/', headers: { authorization: `Bearer ${apiSecret}` } })).status).toBe(200);

    const secrets = [postnlKey, dhlKey, woo.consumerSecret, apiSecret];
    const stored = await everyRow();
    // WooCommerce's consumer key names the key pair (like DHL's user id) and is shown on the
    // link's form; it is stored sealed with the secret all the same (docs/security.md).
    for (const secret of [...secrets, woo.consumerKey]) expect(stored.includes(secret), `a plain ${secret.slice(0, 8)}… in PostgreSQL`).toBe(false);

    const answers = await Promise.all(
      ['/api/courier/', `/api/courier/${postnl.body.data.id}`, `/api/courier/${dhl.body.data.id}`, '/api/shop/', `/api/shop/${shop.body.data.id}`, '/api/api-user', '/api/user', '/api/gdpr/'].map(
        async (path) => ({ path, response: await request(server, { path, token: first.token }) }),
      ),
    );
    const creations = [postnl, dhl, shop].map((r, i) => ({ path: `creation ${i}`, response: r }));
    for (const { path, response } of [...answers, ...creations]) {
      const text = JSON.stringify(response.body);
      for (const secret of secrets) expect(text.includes(secret), `${path} answers ${secret.slice(0, 8)}…`).toBe(false);
    }
  });
});
