import { describe, expect, it } from 'vitest';
import { ShopError } from './adapter';
import type { ShopFulfilment } from './adapter';
import { createShopWriteBack, shopOrderId } from './write-back';
import type { ShopWriteBackRepository, WriteBackTarget } from './write-back-repository';

const org = '00000000-0000-4000-8000-000000000001';
const shopId = '00000000-0000-4000-8000-0000000000s1'.replace('s', 'a');
const labelId = '00000000-0000-4000-8000-0000000000b1';

/** The write-back over an in-memory label and shop; `fulfil` decides what the shop answers. */
function setup(fulfil: (shipment: ShopFulfilment) => Promise<void>, target: Partial<WriteBackTarget> = {}) {
  const label: WriteBackTarget & { warning: string | null } = {
    labelId,
    isActive: true,
    isReturn: false,
    courierClass: 'postnl',
    trackingNumber: '3SABC123',
    trackingUrl: 'https://jouw.postnl.nl/track-and-trace/3SABC123-NL-3511AB',
    shopId,
    externalKey: `shop:${shopId}:gid://shopify/Order/1001`,
    hasWarning: false,
    writeBack: 'pending',
    warning: null,
    ...target,
  };
  const calls: ShopFulfilment[] = [];
  const sent: { queue: string; data: object; options?: object }[] = [];
  let queueDown = false;
  /** What the recovery's look at pending write-backs finds. */
  const pending: { organisationId: string; labelId: string }[] = [];
  const repository = {
    for: (organisationId: string) => ({
      target: async (id: string) => (organisationId === org && id === labelId ? { ...label, hasWarning: label.warning !== null } : null),
      markFailed: async (_: string, message: string) => void Object.assign(label, { warning: message, writeBack: 'failed' }),
      markDone: async () => void Object.assign(label, { warning: null, writeBack: 'done' }),
      clearFailed: async () => void (label.warning = null),
    }),
    crossOrganisation: { takePending: async () => pending.splice(0) },
  } as unknown as ShopWriteBackRepository;
  const writeBack = createShopWriteBack({
    repository,
    loadShop: async (organisationId, id) => (organisationId === org && id === shopId ? { name: 'Fietsenwinkel', isActive: true, linkable: true } : null),
    fulfil: async (organisationId, id, shipment) => {
      if (organisationId !== org || id !== shopId) throw new Error('another shop');
      calls.push(shipment);
      await fulfil(shipment);
    },
    carrierName: (courierClass) => (courierClass === 'postnl' ? 'PostNL' : courierClass),
    queue: {
      send: async (queue, data, options) => {
        if (queueDown) throw new Error('the queue is unreachable');
        sent.push({ queue, data, options });
      },
    },
    log: { warn: () => undefined, error: () => undefined },
  });
  const job = (retryCount: number) => ({ id: 'j', data: { organisationId: org, labelId }, retryCount, retryLimit: 3 });
  return { writeBack, label, calls, sent, job, pending, setQueueDown: (down: boolean) => (queueDown = down) };
}

describe('shop write-back', () => {
  it('queues one job per label, keyed by the label', async () => {
    const { writeBack, sent } = setup(async () => undefined);
    await writeBack.labelMade(org, labelId);
    expect(sent).toEqual([{ queue: 'shop-write-back', data: { organisationId: org, labelId }, options: expect.objectContaining({ id: labelId, retryLimit: 3 }) }]);
  });

  it('leaves a write-back it cannot queue pending, without a warning: the recovery queues it later', async () => {
    const { writeBack, sent, label, pending, setQueueDown } = setup(async () => undefined);
    setQueueDown(true);
    await writeBack.labelMade(org, labelId);
    expect(sent).toEqual([]);
    expect(label).toMatchObject({ writeBack: 'pending', warning: null });

    setQueueDown(false);
    pending.push({ organisationId: org, labelId });
    expect(await writeBack.resendPending()).toBe(1);
    expect(sent).toEqual([{ queue: 'shop-write-back', data: { organisationId: org, labelId }, options: expect.objectContaining({ id: labelId }) }]);
  });

  it('tells the shop the tracking number, URL and carrier of the order, and marks the write-back done', async () => {
    const { writeBack, calls, label, job } = setup(async () => undefined);
    await writeBack.handle(job(0));
    expect(calls).toEqual([{ externalId: 'gid://shopify/Order/1001', trackingNumber: '3SABC123', trackingUrl: label.trackingUrl, carrierName: 'PostNL' }]);
    expect(label).toMatchObject({ writeBack: 'done', warning: null });
  });

  it('never tells the shop again of a write-back done or failed (a job sent again after pg-boss archived the first)', async () => {
    for (const writeBackState of ['done', 'failed'] as const) {
      const { writeBack, calls, job } = setup(async () => undefined, { writeBack: writeBackState });
      await writeBack.handle(job(0));
      expect(calls).toEqual([]);
    }
  });

  it('lets the queue retry a failure and leaves the warning after the last attempt', async () => {
    const { writeBack, label, job } = setup(async () => {
      throw new ShopError('unavailable', 'Shopify is nu niet bereikbaar.');
    });
    for (const attempt of [0, 1, 2]) await expect(writeBack.handle(job(attempt))).rejects.toThrow('Shopify is nu niet bereikbaar.');
    expect(label.warning).toBeNull();
    expect(label.writeBack).toBe('pending');
    await writeBack.handle(job(3));
    expect(label.warning).toBe('De bestelling kon niet worden bijgewerkt in Fietsenwinkel: Shopify is nu niet bereikbaar.');
    expect(label.writeBack).toBe('failed');
  });

  it('does not retry refused credentials: the warning comes at once', async () => {
    const { writeBack, label, job } = setup(async () => {
      throw new ShopError('unauthorized', 'Shopify weigert het toegangstoken.');
    });
    await writeBack.handle(job(0));
    expect(label.warning).toContain('Shopify weigert het toegangstoken.');
  });

  it('tells the shop nothing of a return label or a deleted label', async () => {
    for (const target of [{ isReturn: true }, { isActive: false }, { shopId: null, externalKey: null }]) {
      const { writeBack, calls, job } = setup(async () => undefined, target);
      await writeBack.handle(job(0));
      expect(calls).toEqual([]);
    }
  });

  it('retries on request: a success clears the warning, a failure answers the reason and keeps it', async () => {
    let down = true;
    const { writeBack, label } = setup(async () => {
      if (down) throw new ShopError('unavailable', 'Shopify is nu niet bereikbaar.');
    });
    label.warning = 'oud';
    expect(await writeBack.retry(org, [labelId])).toEqual({
      status: 'failed',
      data: [],
      errors: [{ label_id: labelId, message: 'De bestelling kon niet worden bijgewerkt in Fietsenwinkel: Shopify is nu niet bereikbaar.' }],
    });
    expect(label.warning).toContain('Shopify is nu niet bereikbaar.');
    down = false;
    expect(await writeBack.retry(org, [labelId, labelId])).toEqual({ status: 'success', data: [{ label_id: labelId }], errors: [] });
    expect(label).toMatchObject({ writeBack: 'done', warning: null });
  });

  it('answers another organisation’s label as not found and touches nothing', async () => {
    const { writeBack, calls, label } = setup(async () => undefined);
    label.warning = 'oud';
    const other = '00000000-0000-4000-8000-000000000002';
    expect(await writeBack.retry(other, [labelId])).toEqual({ status: 'failed', data: [], errors: [{ label_id: labelId, message: 'Label niet gevonden.' }] });
    expect(calls).toEqual([]);
    expect(label.warning).toBe('oud');
  });
});

describe('shopOrderId', () => {
  it('takes the shop’s id from our key, colons and all', () => {
    expect(shopOrderId(`shop:${shopId}:gid://shopify/Order/1001`, shopId)).toBe('gid://shopify/Order/1001');
    expect(shopOrderId('shop:other:1001', shopId)).toBeNull();
    expect(shopOrderId(null, shopId)).toBeNull();
  });
});
