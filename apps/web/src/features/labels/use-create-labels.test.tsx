import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@verzendhuis/contract/user';
import { labelCreationTexts as texts, labelRefusalTexts } from '@verzendhuis/domain/labels-texts';
import { paths } from '../../app/paths';
import { queryKeys } from '../../app/query-keys';
import { errorResponse, fakeApi, noAnswer, pdfResponse, type FakeApi } from '../../test-support/fake-api';
import { testLabel, testUser } from '../../test-support/fixtures';
import { currentUrl, renderHookInApp } from '../../test-support/render-app';
import { labelJobStore } from './label-job-store';
import { useCreateLabels, type LabelOrder } from './use-create-labels';

const orderA = '00000000-0000-4000-8000-00000000000a';
const orderB = '00000000-0000-4000-8000-00000000000b';
const labelA = '00000000-0000-4000-8000-0000000000a1';
const labelB = '00000000-0000-4000-8000-0000000000b1';
const oldLabelA = '00000000-0000-4000-8000-0000000000a0';
const jobId = '00000000-0000-4000-8000-00000000000f';

const fresh = (id: string, number: string): LabelOrder => ({ id, order_number: number, shipment_ids: [], shipment_packages: 1 });

const createAnswer = (answer: Partial<{ status: string; data: unknown[]; errors: unknown[]; warnings: unknown[]; job: unknown }>) => ({
  status: 'success',
  data: [],
  errors: [],
  warnings: [],
  ...answer,
});
const made = (id: string, orderId: string) => ({ id, order_id: orderId, shipment_id: id });

/** The files handed to the browser as downloads (the browser's side of saveFile). */
let downloads: { name: string; blob: Blob }[] = [];

beforeEach(() => {
  downloads = [];
  const blobs = new Map<string, Blob>();
  let next = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${++next}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ name: this.download, blob: blobs.get(this.href)! });
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  labelJobStore.detachAll();
});

/** The hook in the app's providers over a fake API that knows label/pdf and labelcounters/; the user is loaded. */
/** A trial organisation: 50 labels a month. */
const trialUser = () => testUser({ plan: { id: 'trial', name: 'Proef', capabilities: { trial: true }, quota: { labels: 50 }, subscription: { to: null } } });

function setup({ used = 0, user = trialUser() }: { used?: number; user?: User } = {}) {
  const api = fakeApi();
  api.on('POST', '/api/label/pdf', pdfResponse);
  api.on('GET', '/api/labelcounters/', () => ({ data: { labels: used, quota: user.organisation.plan?.quota.labels ?? null } }));
  const rendered = renderHookInApp(() => useCreateLabels(), { api, route: '/dashboard/orders' });
  rendered.queryClient.setQueryData(queryKeys.user, user);
  return rendered;
}

const creates = (api: FakeApi) => api.requestsTo('POST', '/api/order/label/create');
const keyOf = (request: { headers: Record<string, string> } | undefined) => request?.headers['idempotency-key'];
const printed = (api: FakeApi) => api.requestsTo('POST', '/api/label/pdf').map((r) => (r.body as { label_ids: string[] }).label_ids);

describe('useCreateLabels', () => {
  it('makes the labels, prints them and opens the label page of a single order', async () => {
    const { api, result } = setup();
    api.on('POST', '/api/order/label/create', () => createAnswer({ data: [made(labelA, orderA)] }));

    const done = result.current.create([fresh(orderA, '1001')], { single: true });

    await expect(done).resolves.toBe(true);
    expect(creates(api).map((r) => r.body)).toEqual([{ order_ids: [orderA], force: false }]);
    expect(keyOf(creates(api)[0])).toMatch(/^[0-9a-f-]{36}$/);
    expect(printed(api)).toEqual([[labelA]]);
    expect(downloads.map((d) => d.name)).toEqual(['labels.pdf']);
    expect(await downloads[0]?.blob.text()).toBe('%PDF');
    expect(await screen.findByText(texts.created(1))).toBeTruthy();
    await waitFor(() => expect(currentUrl()).toBe(paths.label(labelA)));
  });

  it('refuses before asking anything when the quota is used up', async () => {
    const { api, result } = setup({ used: 50 });
    const known: LabelOrder = { id: orderA, order_number: '1001', shipment_ids: [oldLabelA], shipment_packages: 2 };

    const done = result.current.create([known, fresh(orderB, '1002')]);

    const dialog = await screen.findByTestId('label-refusal-quota_exceeded');
    await expect(done).resolves.toBe(false);
    expect(within(dialog).getByText(labelRefusalTexts.quota.message('50', '50', '3'))).toBeTruthy();
    expect(screen.queryByTestId('label-duplicates')).toBeNull();
    expect(creates(api)).toHaveLength(0);
    expect(api.requestsTo('GET', `/api/label/${oldLabelA}`)).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: labelRefusalTexts.quota.action }));
    await waitFor(() => expect(currentUrl()).toBe(paths.plans));
  });

  it('refuses before the duplicates question while the organisation has no address, and leads to the account settings', async () => {
    const { api, result } = setup({ user: testUser({ address: null, status: 'incomplete' }) });
    const known: LabelOrder = { id: orderA, order_number: '1001', shipment_ids: [oldLabelA], shipment_packages: 1 };

    const done = result.current.create([known]);

    const dialog = await screen.findByTestId('label-refusal-sender_address_missing');
    await expect(done).resolves.toBe(false);
    expect(within(dialog).getByText(labelRefusalTexts.senderAddress.message)).toBeTruthy();
    expect(screen.queryByTestId('label-duplicates')).toBeNull();
    expect(creates(api)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: labelRefusalTexts.senderAddress.action }));
    await waitFor(() => expect(currentUrl()).toBe(paths.settingsAccount));
  });

  it.each([
    [403, 'overdue_payments', labelRefusalTexts.overduePayments.message],
    [400, 'sender_address_missing', labelRefusalTexts.senderAddress.message],
  ] as const)("opens the refusal of the server's pre-checks (%i %s)", async (status, code, message) => {
    const { api, result } = setup();
    api.on('POST', '/api/order/label/create', () => errorResponse(status, { message_code: code, type: 'usage', message }));
    const done = result.current.create([fresh(orderA, '1001')]);
    expect(await screen.findByTestId(`label-refusal-${code}`)).toBeTruthy();
    await expect(done).resolves.toBe(false);
    expect(printed(api)).toEqual([]);
  });

  it('asks about the warnings, then sends the request again with force and a new key', async () => {
    const user = userEvent.setup();
    const { api, result } = setup();
    api.on('POST', '/api/order/label/create', (request) =>
      (request.body as { force: boolean }).force
        ? createAnswer({ data: [made(labelA, orderA), made(labelB, orderB)] })
        : createAnswer({ status: 'warning', warnings: [{ order_id: orderB, order_number: '1002', type: 'order_warning', message: 'Gewicht ontbreekt' }] }),
    );

    const done = result.current.create([fresh(orderA, '1001'), fresh(orderB, '1002')]);
    const warnings = await screen.findByTestId('label-warnings');
    expect(warnings.textContent).toContain('1002: Gewicht ontbreekt');
    expect(creates(api)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: texts.warningsConfirm }));

    await expect(done).resolves.toBe(true);
    expect(creates(api).map((r) => r.body)).toEqual([
      { order_ids: [orderA, orderB], force: false },
      { order_ids: [orderA, orderB], force: true },
    ]);
    expect(keyOf(creates(api)[1])).not.toBe(keyOf(creates(api)[0]));
    expect(printed(api)).toEqual([[labelA, labelB]]);
    expect(currentUrl()).toBe('/dashboard/orders');
  });

  it('stops when the warnings are not confirmed', async () => {
    const user = userEvent.setup();
    const { api, result } = setup();
    api.on('POST', '/api/order/label/create', () =>
      createAnswer({ status: 'warning', warnings: [{ order_id: orderA, order_number: '1001', type: 'order_warning', message: 'Gewicht ontbreekt' }] }),
    );
    const done = result.current.create([fresh(orderA, '1001')]);
    await screen.findByTestId('label-warnings');
    await user.click(screen.getByRole('button', { name: texts.warningsCancel }));
    await expect(done).resolves.toBe(false);
    expect(creates(api)).toHaveLength(1);
    expect(printed(api)).toEqual([]);
  });

  it('asks about duplicates the server found, and makes new labels with force', async () => {
    const user = userEvent.setup();
    const { api, result } = setup();
    api.on('GET', `/api/order/${orderA}`, () => errorResponse(404, { message_code: 'not_found', type: 'not_found' }));
    api.on('POST', '/api/order/label/create', (request) =>
      (request.body as { force: boolean }).force
        ? createAnswer({ data: [made(labelA, orderA)] })
        : createAnswer({ status: 'warning', warnings: [{ order_id: orderA, order_number: '1001', type: 'duplicate', message: 'Heeft al een label' }] }),
    );

    const done = result.current.create([fresh(orderA, '1001')]);
    const dialog = await screen.findByTestId('label-duplicates');
    expect(within(dialog).getByText(texts.duplicatesIntro(1))).toBeTruthy();
    await user.click(within(dialog).getByTestId('label-duplicates-new'));

    await expect(done).resolves.toBe(true);
    expect(creates(api).map((r) => (r.body as { force: boolean }).force)).toEqual([false, true]);
    expect(printed(api)).toEqual([[labelA]]);
  });

  it('uses the existing label of an order known to have one, without making a new one', async () => {
    const user = userEvent.setup();
    const { api, result } = setup();
    api.on('GET', `/api/label/${oldLabelA}`, () => ({ data: testLabel({ id: oldLabelA, orderId: orderA }) }));
    api.on('POST', '/api/order/label/create', () => createAnswer({}));

    const done = result.current.create([{ id: orderA, order_number: '1001', shipment_ids: [oldLabelA], shipment_packages: 1 }]);
    const dialog = await screen.findByTestId('label-duplicates');
    await within(dialog).findByText('3STEST000001');
    await user.click(within(dialog).getByTestId('label-duplicates-existing'));

    await expect(done).resolves.toBe(true);
    expect(api.requestsTo('GET', '/api/labelcounters/')).toHaveLength(1);
    expect(creates(api)).toHaveLength(0);
    expect(printed(api)).toEqual([[oldLabelA]]);
  });

  it('lists the orders that got no label, and prints the ones that did', async () => {
    const { api, result } = setup();
    api.on('POST', '/api/order/label/create', () =>
      createAnswer({ status: 'partial', data: [made(labelA, orderA)], errors: [{ order_id: orderB, order_number: '1002', message: 'De postcode ontbreekt.' }] }),
    );

    const done = result.current.create([fresh(orderA, '1001'), fresh(orderB, '1002')]);

    await expect(done).resolves.toBe(true);
    const dialog = await screen.findByTestId('label-result');
    expect(within(dialog).getByTestId('label-result-created').textContent).toBe(texts.resultCreated(1));
    const rows = within(dialog).getAllByTestId('label-result-error');
    expect(rows.map((row) => row.textContent)).toEqual(['1002De postcode ontbreekt.']);
    expect(printed(api)).toEqual([[labelA]]);
    expect(screen.queryByText(texts.created(1))).toBeNull();
  });

  it('repeats a request that got no answer with the same Idempotency-Key, after 1 s, 3 s and then when asked', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const { api, result } = setup();
    let attempts = 0;
    api.on('POST', '/api/order/label/create', () => {
      attempts += 1;
      if (attempts === 2) return errorResponse(409, { message_code: 'request_in_progress', type: 'usage' });
      return attempts < 4 ? noAnswer() : createAnswer({ data: [made(labelA, orderA)] });
    });

    const done = result.current.create([fresh(orderA, '1001')]);
    await waitFor(() => expect(creates(api)).toHaveLength(1));
    await act(() => vi.advanceTimersByTimeAsync(900));
    expect(creates(api)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(100));
    await waitFor(() => expect(creates(api)).toHaveLength(2));
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    await waitFor(() => expect(creates(api)).toHaveLength(3));

    // The third failure asks the user; nothing is sent until they answer.
    const retry = await screen.findByRole('button', { name: texts.networkRetry });
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(creates(api)).toHaveLength(3);
    await user.click(retry);

    await expect(done).resolves.toBe(true);
    const keys = creates(api).map(keyOf);
    expect(keys).toHaveLength(4);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toBeTruthy();
    expect(printed(api)).toEqual([[labelA]]);
  });

  it('hands a large selection to a background job that the dashboard follows', async () => {
    const { api, result } = setup();
    api.on('POST', '/api/order/label/create', () =>
      createAnswer({ status: 'queued', job: { id: jobId, status: 'queued', total: 60, processed: 0 } }),
    );

    const done = result.current.create(Array.from({ length: 60 }, (_, i) => fresh(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, `${2000 + i}`)));

    await expect(done).resolves.toBe(true);
    expect((creates(api)[0]?.body as { order_ids: string[] }).order_ids).toHaveLength(60);
    expect(labelJobStore.attached(jobId)).toEqual({ existingLabelIds: [] });
    expect(printed(api)).toEqual([]);
    expect(screen.queryByTestId('label-result')).toBeNull();
  });
});
