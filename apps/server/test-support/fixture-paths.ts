import { orderTabs } from '@verzendhuis/contract/order';

/**
 * The API calls an upgrade fixture records and the upgrade test asks again of the new code
 * (scripts/make-release-fixture.ts, admin/upgrade.int.test.ts): every order, label and job
 * list, each label's row, each label job, each invoice with its PDF. Answers are JSON, or
 * `{ pdf: true }`. Not the lists of label and import jobs: they hold the last 24 hours only.
 */
export function fixturePaths(ids: { labelIds: string[]; labelJobIds: string[]; invoiceIds: string[] }): string[] {
  return [
    '/api/order/count',
    ...orderTabs.map((tab) => `/api/order/?tab=${tab}&page_size=250`),
    '/api/label/?page_size=250',
    ...ids.labelIds.map((id) => `/api/label/${id}`),
    ...ids.labelJobIds.map((id) => `/api/label/job/${id}`),
    '/api/invoice/',
    ...ids.invoiceIds.flatMap((id) => [`/api/invoice/${id}`, `/api/invoice/${id}/pdf`]),
  ];
}

/** Fields an answer derives from today's date (an invoice becomes overdue with time): left out of a fixture's answers. */
const byToday = new Set(['overdue', 'overdue_amount']);

/** An answer as a fixture records it: JSON without the fields of `byToday`; a file as `{ pdf }` (rendered again on each request). */
export function recorded(body: unknown): unknown {
  if (Buffer.isBuffer(body)) return { pdf: body.subarray(0, 5).toString('latin1') === '%PDF-' };
  if (Array.isArray(body)) return body.map(recorded);
  if (body && typeof body === 'object') return Object.fromEntries(Object.entries(body).filter(([key]) => !byToday.has(key)).map(([key, value]) => [key, recorded(value)]));
  return body;
}
