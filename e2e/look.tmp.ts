import { openBrowser, screenshotPath } from './support/browser';
import { logInAsDemo } from './pages/login-page';
import { pageApi } from './support/page-api';
import { axeViolations } from './support/axe';

const base = 'http://localhost:8080';
const s = await openBrowser();
const { page } = s;
await logInAsDemo(page, `${base}/dashboard`);
const ids: string[] = [];
for (const n of [1, 2]) {
  const order = await pageApi<{ data: { id: string } }>(page, 'POST', '/order/create', {
    order_number: `LOOK-${Date.now()}-${n}`, name: 'Kijk Klant', email: 'klant@example.nl', address_1: 'Damrak', housenumber: '1', zipcode: '1012 LG', city: 'Amsterdam', country: 'NL',
    shipment: { packages: [{ weight: 800 }], courier_fields: {} },
    order_items: [{ name: 'Regenjas', quantity: 1, unit_price_inc_btw: 59.95, weight: 700 }],
  });
  ids.push(order.data.id);
}
const made = await pageApi<{ data: { id: string }[] }>(page, 'POST', '/order/label/create', { order_ids: ids, is_return: false, force: true });
console.log(JSON.stringify(made).slice(0, 300));
const labelId = made.data[0]!.id;
await new Promise((r) => setTimeout(r, 30000));
await pageApi(page, 'POST', '/label/track', { label_ids: [labelId] });
for (const [name, w, h] of [['desk', 1280, 900], ['phone', 390, 844]] as const) {
  await page.setViewportSize({ width: w, height: h });
  await page.goto(`${base}/dashboard/labels/${labelId}`);
  await page.waitForTimeout(2500);
  await page.screenshot({ path: screenshotPath(`look/label-${name}.png`), fullPage: true });
  console.log(name, 'label axe', JSON.stringify(await axeViolations(page)));
  for (const path of ['/settings/tracking', '/settings/return', '/settings/return/portal', '/dashboard/tracking', '/dashboard/orders/create']) {
    await page.goto(`${base}${path}`);
    await page.waitForTimeout(2000);
    await page.screenshot({ path: screenshotPath(`look/${path.replaceAll('/', '_')}-${name}.png`), fullPage: true });
    console.log(name, path, 'axe', JSON.stringify(await axeViolations(page)).slice(0, 400));
  }
}
await s.close();
