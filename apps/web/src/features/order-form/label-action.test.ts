import { describe, expect, it } from 'vitest';
import type { Order } from '@verzendhuis/contract/order';
import { labelActionState } from './label-action';

const order = (status: Order['status'], shipment_ids: string[] = []) => ({ id: 'o1', order_number: '1001', status, shipment_ids, shipment_packages: 1 });

describe('Label maken in the order form footer', () => {
  it('is offered for a stored order without problems and without unsaved changes', () => {
    expect(labelActionState(order('ready'), false)).toEqual({ enabled: true });
    expect(labelActionState(order('warning'), false)).toEqual({ enabled: true });
    expect(labelActionState(order('completed', ['l1']), false)).toEqual({ enabled: true });
  });

  it('asks to save first when the order is new or changed', () => {
    expect(labelActionState(undefined, false)).toEqual({ enabled: false, reason: 'Sla de bestelling eerst op.' });
    expect(labelActionState(order('ready'), true).enabled).toBe(false);
  });

  it('asks to solve the problems first', () => {
    expect(labelActionState(order('incomplete'), false)).toEqual({ enabled: false, reason: 'Los eerst de problemen van deze bestelling op.' });
    expect(labelActionState(order('error'), false).enabled).toBe(false);
  });
});
