import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkScreenAtBothWidths } from './support/axe';
import { openBrowser } from './support/browser';
import { startAppProcess, type AppProcess } from './support/app-process';
import { logInAsDemo } from './pages/login-page';

/**
 * /analytics (docs/analytics.md) on an app of its own (port 8542, or E2E_ANALYTICS_PORT):
 * the demo organisation gets the ANALYTICS add-on and labels on known days straight in
 * its embedded database (part of plans enables add-ons; labels in the past need time
 * passing), and the charts' figures (their tables for screen readers) match them.
 */

let app: AppProcess;
let db: pg.Client;

/** An Amsterdam day `daysAgo` days before today, at noon UTC. */
function daysAgo(n: number): string {
  return new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10) + 'T11:00:00Z';
}

async function connect(dataDir: string): Promise<pg.Client> {
  const password = (await readFile(path.join(dataDir, 'postgres-password'), 'utf8')).trim();
  const port = Number((await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[3]);
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'verzendhuis', password, database: 'verzendhuis' });
  await client.connect();
  return client;
}

beforeAll(async () => {
  app = await startAppProcess({ port: Number(process.env.E2E_ANALYTICS_PORT ?? 8542) });
  if (!app.dataDir) throw new Error('the app has no DATA_DIR');
  db = await connect(app.dataDir);
  const demo = await db.query<{ id: string; courier: string }>(
    `SELECT o.id, (SELECT c.id FROM couriers c WHERE c.organisation_id = o.id LIMIT 1) AS courier
     FROM organisations o JOIN users u ON u.organisation_id = o.id WHERE u.email = 'demo@voorbeeld.nl'`,
  );
  const { id, courier } = demo.rows[0] ?? { id: '', courier: '' };
  await db.query(`INSERT INTO organisation_addons (organisation_id, code) VALUES ($1, 'ANALYTICS') ON CONFLICT DO NOTHING`, [id]);
  const order = await db.query<{ id: string }>(
    `INSERT INTO orders (organisation_id, order_number, order_date, status, name, address_1, housenumber, zipcode, city, country, currency, courier_id, shipment_type, courier_fields, packages, source)
     VALUES ($1, 'ANALYSE-1', now(), 'ready', 'Klant', 'Damrak', '1', '1012 LG', 'Amsterdam', 'NL', 'EUR', $2, 'parcel', '{}', '[{"weight": 1000}]', 'test') RETURNING id`,
    [id, courier],
  );
  // Three labels to NL and one to BE three days ago (two delivered, 24 and 72 hours after
  // being shipped), one return with the reason "item_damaged" ten days ago.
  const label = (country: string, createdAt: string, options: { isReturn?: boolean; shippedAt?: string; deliveredAt?: string; reasons?: string } = {}) =>
    db.query(
      `INSERT INTO labels (organisation_id, order_id, courier_id, courier_class, status, is_return, shipment_type, order_snapshot, reason_retour, created_at, shipped_at, delivered_at)
       VALUES ($1, $2, $3, 'test', $4, $5, 'parcel', jsonb_build_object('country', $6::text), $7::jsonb, $8, $9, $10)`,
      [id, order.rows[0]?.id, courier, options.deliveredAt ? 'completed' : 'ready', options.isReturn ?? false, country, options.reasons ?? null, createdAt, options.shippedAt ?? null, options.deliveredAt ?? null],
    );
  const day3 = daysAgo(3);
  const plus = (at: string, hours: number) => new Date(Date.parse(at) + hours * 3_600_000).toISOString();
  await label('NL', day3, { shippedAt: day3, deliveredAt: plus(day3, 24) });
  await label('NL', day3, { shippedAt: day3, deliveredAt: plus(day3, 72) });
  await label('NL', day3);
  await label('BE', day3);
  await label('NL', daysAgo(10), { isReturn: true, reasons: '[{"reason":"item_damaged"}]' });
}, 120_000);

afterAll(async () => {
  await db?.end();
  await app?.stop();
});

function tableRows(page: Page, id: string): Promise<string[][]> {
  return page
    .getByTestId(`analytics-table-${id}`)
    .evaluate((table) => [...table.querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent ?? '')));
}

describe('analytics', () => {
  it('shows the seeded labels in the charts of every tab, usable at 1280 and 390 px', async () => {
    const session = await openBrowser();
    try {
      const { page } = session;
      await logInAsDemo(page, `${app.url}/analytics`);
      await page.getByTestId('analytics-stat-labels-value').waitFor();
      expect(await page.getByTestId('analytics-stat-labels-value').textContent()).toBe('5');
      expect(await page.getByTestId('analytics-stat-returns-value').textContent()).toBe('1');
      expect(await tableRows(page, 'by-country')).toEqual([
        ['Nederland', '4'],
        ['België', '1'],
      ]);
      await expect.poll(() => tableRows(page, 'by-carrier')).toEqual([['Testvervoerder', '5']]);
      expect(await page.getByTestId('analytics-figure-by-country').locator('svg').count()).toBeGreaterThan(0);
      await checkScreenAtBothWidths(page, 'analytics-shipment-overview');

      await page.getByRole('tab', { name: 'Bezorgprestaties' }).click();
      await page.getByTestId('analytics-stat-average-hours-value').waitFor();
      expect(await page.getByTestId('analytics-stat-average-hours-value').textContent()).toBe('48 uur');
      expect(await page.getByTestId('analytics-stat-on-time-value').textContent()).toBe('50%');
      await expect.poll(() => tableRows(page, 'delivery-by-carrier')).toEqual([['Testvervoerder', '2', '48 uur', '50%']]);
      await checkScreenAtBothWidths(page, 'analytics-delivery-performance');

      await page.getByRole('tab', { name: 'Retouranalyse' }).click();
      await page.getByTestId('analytics-stat-return-rate-value').waitFor();
      expect(await page.getByTestId('analytics-stat-return-rate-value').textContent()).toBe('25%');
      expect(await tableRows(page, 'return-reasons')).toEqual([['Beschadigd/defect', '1']]);
      await checkScreenAtBothWidths(page, 'analytics-return-analysis');

      // Vandaag: nothing was made today.
      await page.getByTestId('analytics-preset').click();
      await page.getByRole('option', { name: 'Vandaag' }).click();
      await page.getByTestId('analytics-empty').waitFor();
    } finally {
      await session.close();
    }
  }, 180_000);
});
