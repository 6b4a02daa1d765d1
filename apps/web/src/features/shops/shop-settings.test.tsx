import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import type { ShopClass } from '@verzendhuis/contract/shop';
import { shopSettingsTexts as texts } from '@verzendhuis/domain/shops-texts';
import { renderInApp } from '../../test-support/render-app';
import { fieldError } from '../../test-support/field-error';
import { fakeApi, validationRefusal } from '../../test-support/fake-api';
import { testShop } from '../../test-support/fixtures';
import { ShopSettings } from './shop-settings';

const woocommerce: ShopClass = {
  class: 'woocommerce',
  name: 'WooCommerce',
  is_internal: false,
  order_fields: [],
  images: { mark: '/shops/woocommerce.svg' },
  settings_fields: [
    { name: 'url', label: 'Adres van je webwinkel', type: 'url', required: true },
    { name: 'consumer_key', label: 'Consumer key', type: 'text', required: true },
    { name: 'consumer_secret', label: 'Consumer secret', type: 'secret', required: true },
    { name: 'auth', label: 'Sleutels meesturen als', type: 'select', required: false, options: [{ value: 'header', label: 'Authorization-header (aanbevolen)' }, { value: 'query', label: 'URL-parameters' }] },
  ],
};

const shopId = '55555555-5555-4555-8555-555555555555';

function api(shops = [testShop({ id: shopId })]) {
  const fake = fakeApi();
  fake.on('GET', '/api/shop/meta', () => ({ data: [woocommerce] }));
  fake.on('GET', '/api/shop/', () => ({ data: shops, meta: { total: shops.length, page: 1, page_size: 250 } }));
  return fake;
}

afterEach(() => notifications.clean());

describe('the shop settings screen', { timeout: 60_000 }, () => {
  it('lists the linked shops with their last pull and its result, or why it failed', async () => {
    const fake = api([
      testShop({ id: shopId, label: 'Mijn winkel', last_sync_count: 3 }),
      testShop({ id: '66666666-6666-4666-8666-666666666666', label: 'Oude winkel', last_sync_count: null, last_sync_error: 'WooCommerce weigert de sleutels.', needs_refresh: true }),
    ]);
    renderInApp(<ShopSettings />, { api: fake });
    const rows = await screen.findAllByTestId('shop-row');
    expect(rows.map((r) => within(r).getByTestId('shop-row-label').textContent)).toEqual(['Mijn winkel', 'Oude winkel']);
    expect(within(rows[0]!).getByTestId('shop-row-result').textContent).toBe('3 bestellingen opgehaald');
    expect(within(rows[0]!).getByTestId('shop-row-status').textContent).toBe(texts.active);
    expect(within(rows[1]!).getByTestId('shop-row-error').textContent).toBe('WooCommerce weigert de sleutels.');
    expect(within(rows[1]!).getByTestId('shop-row-status').textContent).toBe(texts.needsRefresh);
  });

  it('pulls a shop now and says how many orders came in', async () => {
    const fake = api();
    fake.on('POST', `/api/update/${shopId}`, () => ({ data: { shop_id: shopId, status: 'success', created: 2, updated: 1, skipped: 0, errors: [], message: null } }));
    const user = userEvent.setup({ delay: null });
    renderInApp(<ShopSettings />, { api: fake });
    await user.click(await screen.findByTestId('shop-sync'));
    expect(await screen.findByText(`${texts.syncStarted}: 3 bestellingen opgehaald`)).toBeTruthy();
    expect(fake.sent().filter((r) => r.method === 'POST')).toEqual([{ method: 'POST', path: `/api/update/${shopId}`, body: undefined }]);
  });

  it('links a shop with the platform’s fields and shows the shop’s refusal at the field', async () => {
    const fake = api([]);
    fake.on('POST', '/api/shop/create', () => validationRefusal({ 'fields.consumer_key': ['WooCommerce weigert de sleutels. Controleer ze of maak nieuwe sleutels aan in je webwinkel.'] }));
    const user = userEvent.setup({ delay: null });
    renderInApp(<ShopSettings />, { api: fake });
    expect(await screen.findByText(texts.empty)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('shop-link-button').hasAttribute('disabled')).toBe(false));
    await user.click(screen.getByTestId('shop-link-button'));
    // One platform: it is chosen already.
    await user.click(await screen.findByTestId('shop-setting-url'));
    await user.paste('https://mijnwinkel.nl/');
    await user.click(screen.getByTestId('shop-setting-consumer_key'));
    await user.paste('ck_123');
    await user.click(screen.getByTestId('shop-setting-consumer_secret'));
    await user.paste('cs_456');
    await user.click(screen.getByTestId('shop-link-submit'));

    await waitFor(() => expect(fieldError(screen.getByTestId('shop-setting-consumer_key'))).toBe('WooCommerce weigert de sleutels. Controleer ze of maak nieuwe sleutels aan in je webwinkel.'));
    expect(fake.sent().filter((r) => r.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/shop/create', body: { shop_class: 'woocommerce', fields: { url: 'https://mijnwinkel.nl/', consumer_key: 'ck_123', consumer_secret: 'cs_456', auth: 'header' } } },
    ]);
  });

  it('edits a shop without showing its secret; left empty the secret is not sent', async () => {
    const fake = api();
    fake.on('PATCH', `/api/shop/${shopId}`, (request) => ({ data: testShop({ id: shopId, label: (request.body as { label: string }).label }) }));
    const user = userEvent.setup({ delay: null });
    renderInApp(<ShopSettings />, { api: fake });
    await user.click(await screen.findByTestId('shop-edit'));
    expect((screen.getByTestId('shop-setting-consumer_secret') as HTMLInputElement).value).toBe('');
    expect((screen.getByTestId('shop-setting-consumer_key') as HTMLInputElement).value).toBe('ck_abc');
    await user.clear(screen.getByTestId('shop-label-input'));
    await user.type(screen.getByTestId('shop-label-input'), 'Winkel');
    await user.click(screen.getByTestId('shop-save'));
    await screen.findByText(texts.saved);
    expect(fake.sent().filter((r) => r.method === 'PATCH')).toEqual([
      { method: 'PATCH', path: `/api/shop/${shopId}`, body: { label: 'Winkel', fields: { url: 'https://mijnwinkel.nl', consumer_key: 'ck_abc', auth: 'header' } } },
    ]);
  });
});
