import { describe, expect, it } from 'vitest';
import {
  bulkActionApplies,
  bulkActionChange,
  canLabelOrder,
  canMarkDelivered,
  isFinalLabelStatus,
  isTravellingStatus,
  isVisibleLabel,
  labelChangeRefusal,
  labelChangeValues,
  statusAfterPrint,
  untrackedLabelStatuses,
} from './label-rules';
import { isFinalLabelStatus as trackingFinal } from './tracking';

const travelling = ['ready', 'printed', 'shipped', 'delayed', 'error'];

describe('label rules', () => {
  it('show a user the active labels that are no longer being made', () => {
    expect(isVisibleLabel({ status: 'ready', isActive: true })).toBe(true);
    expect(isVisibleLabel({ status: 'completed', isActive: true })).toBe(true);
    expect(isVisibleLabel({ status: 'creating', isActive: true })).toBe(false);
    expect(isVisibleLabel({ status: 'ready', isActive: false })).toBe(false);
  });

  it('keep delivered and canceled final, and track only the labels still travelling', () => {
    expect(isFinalLabelStatus('completed')).toBe(true);
    expect(isFinalLabelStatus('canceled')).toBe(true);
    for (const status of travelling) {
      expect(isFinalLabelStatus(status)).toBe(false);
      expect(isTravellingStatus(status)).toBe(true);
    }
    for (const status of ['creating', 'completed', 'canceled']) expect(isTravellingStatus(status)).toBe(false);
    expect([...untrackedLabelStatuses].sort()).toEqual(['canceled', 'completed', 'creating']);
    // tracking.ts answers with the same rule.
    expect(trackingFinal).toBe(isFinalLabelStatus);
  });

  it('delete any visible label in bulk, and deliver only those neither delivered nor canceled', () => {
    for (const status of [...travelling, 'completed', 'canceled']) expect(bulkActionApplies('deactivate', { status, isActive: true })).toBe(true);
    for (const status of travelling) expect(bulkActionApplies('deliver_labels', { status, isActive: true })).toBe(true);
    expect(bulkActionApplies('deliver_labels', { status: 'completed', isActive: true })).toBe(false);
    expect(bulkActionApplies('deliver_labels', { status: 'canceled', isActive: true })).toBe(false);
    for (const action of ['deactivate', 'deliver_labels'] as const) {
      expect(bulkActionApplies(action, { status: 'ready', isActive: false })).toBe(false);
      expect(bulkActionApplies(action, { status: 'creating', isActive: true })).toBe(false);
    }
    expect(labelChangeValues(bulkActionChange('deactivate'))).toEqual({ isActive: false });
    expect(labelChangeValues(bulkActionChange('deliver_labels'))).toEqual({ status: 'completed' });
    expect(canMarkDelivered({ status: 'shipped', isActive: true })).toBe(true);
    expect(canMarkDelivered({ status: 'canceled', isActive: true })).toBe(false);
  });

  it('refuse to deliver a canceled label and to mark an outgoing one, checking delivery first', () => {
    expect(labelChangeRefusal({ status: 'canceled', isReturn: false }, { status: 'completed' })).toBe('canceled_not_delivered');
    expect(labelChangeRefusal({ status: 'ready', isReturn: false }, { marker: 'confirm' })).toBe('marker_only_return');
    expect(labelChangeRefusal({ status: 'ready', isReturn: false }, { marker: null })).toBe('marker_only_return');
    expect(labelChangeRefusal({ status: 'canceled', isReturn: false }, { status: 'completed', marker: 'confirm' })).toBe('canceled_not_delivered');
    // Allowed: delivering again, deleting a canceled label, marking a return label.
    expect(labelChangeRefusal({ status: 'completed', isReturn: false }, { status: 'completed' })).toBeNull();
    expect(labelChangeRefusal({ status: 'canceled', isReturn: false }, { isActive: false })).toBeNull();
    expect(labelChangeRefusal({ status: 'shipped', isReturn: true }, { marker: 'refuse' })).toBeNull();
  });

  it('write only what a change names (a null marker clears it)', () => {
    expect(labelChangeValues({ isActive: false })).toEqual({ isActive: false });
    expect(labelChangeValues({ status: 'completed', marker: undefined })).toEqual({ status: 'completed' });
    expect(labelChangeValues({ marker: null })).toEqual({ marker: null });
    expect(labelChangeValues({ isActive: false, status: 'completed', marker: 'confirm' })).toEqual({ isActive: false, status: 'completed', marker: 'confirm' });
  });

  it('move a ready label to printed on print, and never take a later status back', () => {
    expect(statusAfterPrint('ready')).toBe('printed');
    for (const status of ['printed', 'shipped', 'delayed', 'error', 'completed', 'canceled']) expect(statusAfterPrint(status)).toBe(status);
  });

  it('make labels for ready, warning and completed orders only', () => {
    for (const status of ['ready', 'warning', 'completed']) expect(canLabelOrder(status)).toBe(true);
    for (const status of ['incomplete', 'error', 'pending', 'other', 'ignored']) expect(canLabelOrder(status)).toBe(false);
  });
});
