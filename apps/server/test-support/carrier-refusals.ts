import { expect } from 'vitest';
import { request, requestLabels, type TestOrganisation } from './factories';

/**
 * Labels asked for orders that the carrier refuses, each for its own reason: the request
 * fails with no label, each order has exactly its Dutch message (`expected`, by order
 * number: the carrier's reason in words a user can act on, never its raw answer), and the
 * orders are still open, so no label and no invoice item were made. The order numbers share
 * the prefix up to their first "-" (DPDX-…), by which the open orders are found.
 */
export async function expectEveryOrderRefused(org: TestOrganisation, orders: { id: string }[], expected: Record<string, string>): Promise<void> {
  const { body } = await requestLabels(org, { order_ids: orders.map((o) => o.id) });
  expect(body.status).toBe('failed');
  expect(body.data).toEqual([]);
  expect(Object.fromEntries(body.errors.map((e: { order_number: string; message: string }) => [e.order_number, e.message]))).toEqual(expected);
  const numbers = Object.keys(expected).sort();
  const prefix = `${numbers[0]?.split('-')[0]}-`;
  const open = (await request({ url: org.serverUrl }, { path: '/api/order/', query: { search: prefix }, token: org.token })).body;
  expect(open.data.map((o: { order_number: string }) => o.order_number).sort()).toEqual(numbers);
}
