import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '@verzendhuis/contract/client';
import type { LabelCreateResponse } from '@verzendhuis/contract/label';
import type { MessageCode } from '@verzendhuis/domain/messages';
import {
  labelIdsToPrint,
  latestExistingLabel,
  newIdempotencyKey,
  nextStep,
  refusalBeforeAsking,
  refusalOf,
  retryDecision,
  withoutOrders,
} from './create-flow';

const a = '00000000-0000-4000-8000-00000000000a';
const b = '00000000-0000-4000-8000-00000000000b';
const c = '00000000-0000-4000-8000-00000000000c';

const warning = (order_id: string, type: 'duplicate' | 'order_warning', message = 'Let op') => ({
  order_id,
  order_number: `#${order_id.slice(-1)}`,
  type,
  message,
});

function response(partial: Partial<LabelCreateResponse>): LabelCreateResponse {
  return { status: 'success', data: [], errors: [], warnings: [], ...partial };
}

function usageError(message_code: MessageCode, fields: Record<string, string[]> = {}, type: 'usage' | 'validation' = 'usage') {
  return new ApiError({ status: 403, message: 'Nee', message_code, type, fields, errors: [] });
}

describe('the answer of order/label/create', () => {
  it('finishes with what was made and what failed', () => {
    const created = [{ id: a, order_id: b, shipment_id: a }];
    const errors = [{ order_id: c, order_number: '#c', message: 'Mislukt' }];
    expect(nextStep(response({ status: 'partial', data: created, errors }), { duplicatesDecided: false })).toEqual({
      kind: 'finish',
      created,
      errors,
    });
    expect(nextStep(response({ status: 'failed', errors }), { duplicatesDecided: false }).kind).toBe('finish');
  });

  it('asks about duplicates the user has not decided on yet', () => {
    const step = nextStep(response({ status: 'warning', warnings: [warning(a, 'duplicate'), warning(b, 'order_warning')] }), {
      duplicatesDecided: false,
    });
    expect(step).toEqual({ kind: 'choose-duplicates', duplicates: [warning(a, 'duplicate')], others: [warning(b, 'order_warning')] });
  });

  it('forces at once when only duplicates remain and the user chose new labels (spec §4 step 3)', () => {
    expect(nextStep(response({ status: 'warning', warnings: [warning(a, 'duplicate'), warning(b, 'duplicate')] }), { duplicatesDecided: true })).toEqual({
      kind: 'force',
    });
  });

  it('confirms other warnings before forcing', () => {
    expect(nextStep(response({ status: 'warning', warnings: [warning(a, 'order_warning', 'Zwaar pakket')] }), { duplicatesDecided: false })).toEqual({
      kind: 'confirm-warnings',
      warnings: [warning(a, 'order_warning', 'Zwaar pakket')],
    });
    // Duplicates already decided do not show again; the other warnings do.
    expect(nextStep(response({ status: 'warning', warnings: [warning(a, 'duplicate'), warning(b, 'order_warning')] }), { duplicatesDecided: true })).toEqual({
      kind: 'confirm-warnings',
      warnings: [warning(b, 'order_warning')],
    });
  });

  it('drops the orders whose existing labels are used', () => {
    expect(withoutOrders([a, b, c], [b])).toEqual([a, c]);
    expect(withoutOrders([a], [a])).toEqual([]);
  });

  it('prints the new labels, then the chosen existing ones, each once', () => {
    expect(labelIdsToPrint([{ id: a, order_id: c, shipment_id: a }], [b, a])).toEqual([a, b]);
    expect(labelIdsToPrint([], [])).toEqual([]);
  });
});

describe('the pre-check refusals (account spec §4)', () => {
  it('are recognised by their message code', () => {
    expect(refusalOf(usageError('overdue_payments'))).toEqual({ kind: 'overdue_payments' });
    expect(refusalOf(usageError('account_manager_action_required'))).toEqual({ kind: 'account_manager_action_required' });
    expect(refusalOf(usageError('direct_debit_required'))).toEqual({ kind: 'direct_debit_required' });
  });

  it('carry used, quota and requested of the quota', () => {
    expect(refusalOf(usageError('quota_exceeded', { used: ['48'], quota: ['50'], requested: ['3'] }))).toEqual({
      kind: 'quota_exceeded',
      used: '48',
      quota: '50',
      requested: '3',
    });
  });

  it('leave every other failure to the general error handling', () => {
    expect(refusalOf(usageError('idempotency_key_reused'))).toBeNull();
    expect(refusalOf(usageError('overdue_payments', {}, 'validation'))).toBeNull();
    expect(refusalOf(new Error('boom'))).toBeNull();
    expect(refusalOf(new NetworkError(new TypeError('Failed to fetch')))).toBeNull();
  });
});

describe('the pre-checks before the duplicates dialog (orders spec §4 step 1)', () => {
  const organisation = {
    can_create_labels: true,
    account_manager_action_required: false,
    plan: { id: 'trial', name: 'Proefperiode', quota: { labels: 50 }, is_trial: true },
    payment: { status: null },
    address: { company_name: 'Webwinkel', address_1: 'Damrak', housenumber: '1', housenumber_addition: null, zipcode: '1012 LG', city: 'Amsterdam', country: 'NL' },
  } as unknown as Parameters<typeof refusalBeforeAsking>[0]['organisation'];

  it('let the flow go on when nothing refuses', () => {
    expect(refusalBeforeAsking({ organisation, used: 10, orders: [{ shipment_packages: 2 }], production: false })).toBeNull();
  });

  it('count the packages of the orders against the quota, at least one an order', () => {
    expect(refusalBeforeAsking({ organisation, used: 47, orders: [{ shipment_packages: 2 }, { shipment_packages: 0 }, {}], production: false })).toEqual({
      kind: 'quota_exceeded',
      used: '47',
      quota: '50',
      requested: '4',
    });
  });

  it('refuse overdue payments first, and ask for the mandate only in production', () => {
    expect(refusalBeforeAsking({ organisation: { ...organisation, can_create_labels: false, account_manager_action_required: true }, used: 60, orders: [{}], production: true })).toEqual({ kind: 'overdue_payments' });
    const unlimited = { id: 'zakelijk', name: 'Zakelijk', capabilities: { trial: false }, quota: { labels: null }, subscription: { to: null } };
    expect(refusalBeforeAsking({ organisation: { ...organisation, plan: unlimited }, used: 0, orders: [{}], production: true })).toEqual({ kind: 'direct_debit_required' });
    expect(refusalBeforeAsking({ organisation: { ...organisation, plan: unlimited }, used: 0, orders: [{}], production: false })).toBeNull();
    // Without a plan (the trial ended) no label is made: the way out is plans/change.
    expect(refusalBeforeAsking({ organisation: { ...organisation, plan: null }, used: 0, orders: [{}], production: false })).toEqual({ kind: 'no_plan' });
  });

  it('refuse without the organisation’s address, after the account checks', () => {
    expect(refusalBeforeAsking({ organisation: { ...organisation, address: null }, used: 0, orders: [{}], production: false })).toEqual({ kind: 'sender_address_missing' });
    expect(refusalBeforeAsking({ organisation: { ...organisation, address: null, can_create_labels: false }, used: 0, orders: [{}], production: false })).toEqual({ kind: 'overdue_payments' });
  });
});

describe('repeating a request', () => {
  it('repeats a network failure twice by itself, then asks', () => {
    const offline = new NetworkError(new TypeError('Failed to fetch'));
    expect(retryDecision(offline, 1)).toEqual({ kind: 'wait', ms: 1000 });
    expect(retryDecision(offline, 2)).toEqual({ kind: 'wait', ms: 3000 });
    expect(retryDecision(offline, 3)).toEqual({ kind: 'ask' });
  });

  it('waits for a request the server is still working on', () => {
    expect(retryDecision(usageError('request_in_progress'), 1)).toEqual({ kind: 'wait', ms: 1000 });
  });

  it('never repeats an answer', () => {
    expect(retryDecision(usageError('quota_exceeded'), 1)).toEqual({ kind: 'fail' });
    expect(retryDecision(new Error('boom'), 1)).toEqual({ kind: 'fail' });
  });

  it('makes a new version 4 UUID per action, also outside a secure context', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newIdempotencyKey()).toMatch(uuid);
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
    const insecure: Pick<Crypto, 'getRandomValues'> = { getRandomValues: (array) => crypto.getRandomValues(array) };
    expect(newIdempotencyKey(insecure)).toMatch(uuid);
  });
});

describe('the existing label of an order', () => {
  it('is its newest label that still exists', async () => {
    const labels = new Map([[a, { id: a }]]);
    const asked: string[] = [];
    const found = await latestExistingLabel([a, b], async (id) => {
      asked.push(id);
      return labels.get(id) ?? null;
    });
    expect(found).toEqual({ id: a });
    expect(asked).toEqual([b, a]);
    expect(await latestExistingLabel([], async () => ({ id: a }))).toBeNull();
  });
});
