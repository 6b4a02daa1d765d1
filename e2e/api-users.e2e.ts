import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { axeViolations } from './support/axe';
import { baseUrl, browserForEachTest, screenshotPath, viewports } from './support/browser';
import { ApiKeysPage } from './pages/api-keys-page';
import { registerNewOrganisation } from './pages/onboarding';

const session = browserForEachTest();

/** A call as the API user, from the test (not the page): `Authorization: Basic base64(id:secret)`, as shop plugins send it. */
async function asApiUser(key: { id: string; secret: string }, method: 'GET' | 'POST', path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      authorization: `Basic ${Buffer.from(`${key.id}:${key.secret}`).toString('base64')}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.status, body: (await response.json()) as any };
}

describe('API users', () => {
  it('creates an API user on /settings/api-keys; with its key a script lists only its organisation’s orders and makes an order and a label', async () => {
    const { page } = session;
    const stamp = randomBytes(4).toString('hex');
    // A new organisation: no orders of its own, while the demo organisation on the same app has many.
    await registerNewOrganisation(page, `${baseUrl}/settings/api-keys`, { organisation: `Plugin Winkel ${stamp}`, name: 'Iris Plugin', email: `api-${stamp}@voorbeeld.nl` });
    const keys = new ApiKeysPage(page);
    await keys.open(baseUrl);
    await page.getByText('Er is nog geen API-gebruiker.').waitFor();

    const key = await keys.create('WooCommerce-plugin');
    expect(key.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(key.secret).toMatch(/^vhs_/);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('e2e-api-keys-secret-desktop.png') });
    await keys.closeSecret();
    await expect.poll(() => keys.rows().count()).toBe(1);
    expect(await page.content()).not.toContain(key.secret);

    // The key at work, as a plugin uses it: nothing of another organisation.
    const before = await asApiUser(key, 'GET', '/order/?page_size=250');
    expect(before.status).toBe(200);
    expect(before.body.data).toEqual([]);
    const couriers = await asApiUser(key, 'GET', '/courier/');
    const courierId: string = couriers.body.data.find((c: { service_class: string; proxied_id: string | null }) => c.service_class === 'test' && c.proxied_id === null).id;
    const created = await asApiUser(key, 'POST', '/order/create', {
      order_number: `API-${stamp}`,
      name: 'Zoë Plugin',
      address_1: 'Damrak',
      housenumber: '1',
      zipcode: '1012 LG',
      city: 'Amsterdam',
      country: 'NL',
      shipment_type: 'parcel',
      courier_id: courierId,
      shipment: { packages: [{ weight: 800 }], courier_fields: {} },
    });
    expect(created.status).toBe(200);
    const orderId: string = created.body.data.id;
    const after = await asApiUser(key, 'GET', '/order/?page_size=250');
    expect(after.body.data.map((o: { id: string }) => o.id)).toEqual([orderId]);
    const label = await asApiUser(key, 'POST', '/order/label/create', { order_ids: [orderId] });
    expect(label.status).toBe(200);
    expect(label.body).toMatchObject({ status: 'success', data: [{ order_id: orderId }] });

    // A wrong secret is refused.
    expect((await asApiUser({ id: key.id, secret: `${key.secret}x` }, 'GET', '/order/')).status).toBe(401);

    // The page shows it was used; at 1280 and 390 px, without sideways scrolling on a phone.
    await page.reload();
    await keys.rows().first().waitFor();
    expect(await keys.rows().first().textContent()).not.toContain('Nooit');
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize(viewports.phone);
    await keys.rows().first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewports.phone.width);
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: screenshotPath('e2e-api-keys-phone.png'), fullPage: true });
  });
});
