import { describe, expect, it } from 'vitest';
import { labelPreconditionFailure, requestedPackagesOf, type LabelPreconditionInput } from './label-preconditions';

const fine: LabelPreconditionInput = {
  canCreateLabels: true,
  accountManagerActionRequired: false,
  hasPlan: true,
  quota: 50,
  usedLabels: 10,
  requestedPackages: 5,
  paymentReady: false,
  production: false,
};

describe('label preconditions', () => {
  it('let a user in good standing make labels (the mandate counts only in production)', () => {
    expect(labelPreconditionFailure(fine)).toBeNull();
    expect(labelPreconditionFailure({ ...fine, quota: null, usedLabels: 10_000 })).toBeNull();
    expect(labelPreconditionFailure({ ...fine, production: true, paymentReady: true })).toBeNull();
  });

  it('refuse in the order of account spec §4: overdue, account manager, quota, mandate', () => {
    const everything: LabelPreconditionInput = { canCreateLabels: false, accountManagerActionRequired: true, hasPlan: true, quota: 50, usedLabels: 50, requestedPackages: 1, paymentReady: false, production: true };
    expect(labelPreconditionFailure(everything)).toEqual({ code: 'overdue_payments' });
    expect(labelPreconditionFailure({ ...everything, canCreateLabels: true })).toEqual({ code: 'account_manager_action_required' });
    expect(labelPreconditionFailure({ ...everything, canCreateLabels: true, accountManagerActionRequired: false, hasPlan: false })).toEqual({ code: 'no_plan' });
    expect(labelPreconditionFailure({ ...everything, canCreateLabels: true, accountManagerActionRequired: false })).toEqual({ code: 'quota_exceeded', used: 50, quota: 50, requested: 1 });
    expect(labelPreconditionFailure({ ...everything, canCreateLabels: true, accountManagerActionRequired: false, quota: null })).toEqual({ code: 'direct_debit_required' });
  });

  it('allow exactly the quota and refuse one package above it', () => {
    expect(labelPreconditionFailure({ ...fine, usedLabels: 45, requestedPackages: 5 })).toBeNull();
    expect(labelPreconditionFailure({ ...fine, usedLabels: 45, requestedPackages: 6 })).toEqual({ code: 'quota_exceeded', used: 45, quota: 50, requested: 6 });
  });

  it('count every order as at least one package', () => {
    expect(requestedPackagesOf([{ packages: 0 }, { packages: 3 }, { packages: 1 }])).toBe(5);
    expect(requestedPackagesOf([])).toBe(0);
  });
});
