/**
 * Account spec §4 / orders spec §5: the checks before any label is made, in this
 * order. The server refuses a label request with the first that fails; the web app
 * asks the same before it opens a dialog of its own (the duplicates selection), so a
 * user who cannot make labels is told that first.
 */
export type LabelPreconditionFailure =
  | { code: 'overdue_payments' }
  | { code: 'account_manager_action_required' }
  /** The organisation has no plan (its trial ended): labels wait for a plan to be chosen. */
  | { code: 'no_plan' }
  | { code: 'quota_exceeded'; used: number; quota: number; requested: number }
  | { code: 'direct_debit_required' };

export interface LabelPreconditionInput {
  /** false with overdue payments. */
  canCreateLabels: boolean;
  accountManagerActionRequired: boolean;
  /** false when the organisation has no plan (the trial ended without a choice). */
  hasPlan: boolean;
  /** The plan's label quota per calendar month; null: no quota. */
  quota: number | null;
  /** Packages labelled this calendar month. */
  usedLabels: number;
  /** Packages of the selection (an order without packages makes one label). */
  requestedPackages: number;
  /** The payment mandate is ready (direct debit). */
  paymentReady: boolean;
  /** The mandate is only required in production. */
  production: boolean;
}

export function labelPreconditionFailure(input: LabelPreconditionInput): LabelPreconditionFailure | null {
  if (!input.canCreateLabels) return { code: 'overdue_payments' };
  if (input.accountManagerActionRequired) return { code: 'account_manager_action_required' };
  if (!input.hasPlan) return { code: 'no_plan' };
  if (input.quota !== null && input.usedLabels + input.requestedPackages > input.quota) {
    return { code: 'quota_exceeded', used: input.usedLabels, quota: input.quota, requested: input.requestedPackages };
  }
  if (input.production && !input.paymentReady) return { code: 'direct_debit_required' };
  return null;
}

/** The packages a selection asks labels for: each order's packages, at least one. */
export function requestedPackagesOf(orders: readonly { packages: number }[]): number {
  return orders.reduce((sum, o) => sum + Math.max(1, o.packages), 0);
}
