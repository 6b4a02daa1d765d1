import type { Page } from 'playwright-core';

/**
 * A call to the app's API as the user logged in on this page (the access token the web
 * app keeps in localStorage): for setting up data a test needs quickly and reading it
 * back, never for the steps the test is about.
 */
export async function pageApi<T>(page: Page, method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const key = Object.keys(window.localStorage).find((k) => k.startsWith('oidc.user'));
      const token = key ? (JSON.parse(window.localStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token : undefined;
      const response = await fetch(`/api${path}`, {
        method,
        headers: { authorization: `Bearer ${token ?? ''}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
    { method, path, body },
  );
}

/** The organisation's own Testvervoerder (active, not a proxy of another carrier). */
export async function testvervoerder(page: Page): Promise<{ id: string; label: string }> {
  const couriers = await pageApi<{ data: { id: string; service_class: string; proxied_id: string | null; is_active: boolean; label: string }[] }>(page, 'GET', '/courier/?page_size=250');
  const courier = couriers.data.find((c) => c.service_class === 'test' && c.proxied_id === null && c.is_active);
  if (!courier) throw new Error('the organisation has no Testvervoerder');
  return { id: courier.id, label: courier.label };
}

/**
 * A ready order to Utrecht with the Testvervoerder and one parcel, made through the API
 * (`order/bulk`); `fields` overrides any of its fields (order_number at least). Throws when
 * it is not ready.
 */
export async function testvervoerderOrder(page: Page, fields: { order_number: string } & Record<string, unknown>): Promise<{ orderId: string; courier: { id: string; label: string } }> {
  const courier = await testvervoerder(page);
  const created = await pageApi<{ data: { id: string; status: string }[] }>(page, 'POST', '/order/bulk', {
    orders: [
      {
        name: 'Femke de Vries',
        address_1: 'Oudegracht',
        housenumber: '12',
        zipcode: '3511 AB',
        city: 'Utrecht',
        country: 'NL',
        email: 'femke@voorbeeld.nl',
        courier_id: courier.id,
        shipment_type: 'parcel',
        shipment: { packages: [{ weight: 800 }], courier_fields: {} },
        order_items: [{ name: 'Theedoek', quantity: 1, unit_price_inc_btw: 7.5, weight: 300 }],
        ...fields,
      },
    ],
  });
  const order = created.data[0];
  if (order?.status !== 'ready') throw new Error(`order ${fields.order_number} is ${order?.status ?? 'missing'}, not ready`);
  return { orderId: order.id, courier };
}

/** The label of one ready order (`order/label/create`, forced past warnings); throws when none was made. */
export async function labelOf(page: Page, orderId: string): Promise<string> {
  const labels = await pageApi<{ status: string; data: { id: string }[] }>(page, 'POST', '/order/label/create', { order_ids: [orderId], force: true });
  const labelId = labels.data[0]?.id;
  if (labels.status !== 'success' || !labelId) throw new Error(`no label for order ${orderId}: ${labels.status}`);
  return labelId;
}
