import { ApiError, NetworkError } from '@verzendhuis/contract/client';
import type { LabelCreateResponse } from '@verzendhuis/contract/label';
import type { Organisation } from '@verzendhuis/contract/user';
import { labelPreconditionFailure, requestedPackagesOf } from '@verzendhuis/domain/label-preconditions';

export type CreateWarning = LabelCreateResponse['warnings'][number];
export type CreateError = LabelCreateResponse['errors'][number];
export type CreatedLabel = LabelCreateResponse['data'][number];

/**
 * What to do with an answer of order/label/create (orders spec §4, steps 2 and 3):
 * - not `warning`: labels were made (or refused per order): finish;
 * - duplicates the user has not decided on yet: the selection dialog (existing or new);
 * - other warnings: the confirm dialog (Labels aanmaken / Annuleren), then force;
 * - only duplicates the user already chose to make anew: force at once.
 */
export type NextStep =
  | { kind: 'finish'; created: CreatedLabel[]; errors: CreateError[] }
  /** A large selection: its labels are made by a background job the dashboard follows. */
  | { kind: 'queued'; jobId: string }
  | { kind: 'choose-duplicates'; duplicates: CreateWarning[]; others: CreateWarning[] }
  | { kind: 'confirm-warnings'; warnings: CreateWarning[] }
  | { kind: 'force' };

export function nextStep(response: LabelCreateResponse, options: { duplicatesDecided: boolean }): NextStep {
  if (response.status === 'queued' && response.job) return { kind: 'queued', jobId: response.job.id };
  if (response.status !== 'warning') return { kind: 'finish', created: response.data, errors: response.errors };
  const duplicates = response.warnings.filter((w) => w.type === 'duplicate');
  const others = response.warnings.filter((w) => w.type !== 'duplicate');
  if (duplicates.length > 0 && !options.duplicatesDecided) return { kind: 'choose-duplicates', duplicates, others };
  if (others.length > 0) return { kind: 'confirm-warnings', warnings: others };
  return { kind: 'force' };
}

/** The orders left to label after the user chose to use the existing labels of some. */
export function withoutOrders(orderIds: readonly string[], remove: readonly string[]): string[] {
  const removed = new Set(remove);
  return orderIds.filter((id) => !removed.has(id));
}

/**
 * A request that failed on the way (or that the server is still working on) is
 * repeated with the same Idempotency-Key: twice by itself, after 1 s and 3 s, then
 * only when the user asks. Any other failure is an answer: it is not repeated.
 */
export const automaticRetryDelaysMs = [1_000, 3_000] as const;

export type RetryDecision = { kind: 'wait'; ms: number } | { kind: 'ask' } | { kind: 'fail' };

export function retryDecision(error: unknown, failedAttempts: number): RetryDecision {
  const retryable = error instanceof NetworkError || (error instanceof ApiError && error.body.message_code === 'request_in_progress');
  if (!retryable) return { kind: 'fail' };
  const delay = automaticRetryDelaysMs[failedAttempts - 1];
  return delay === undefined ? { kind: 'ask' } : { kind: 'wait', ms: delay };
}

/** Account spec §4: the pre-checks that refuse label creation before anything is made. */
export type Refusal =
  | { kind: 'overdue_payments' }
  | { kind: 'account_manager_action_required' }
  | { kind: 'quota_exceeded'; used: string; quota: string; requested: string }
  | { kind: 'direct_debit_required' }
  /** The trial ended without a plan: the dialog leads to /settings/plans/change. */
  | { kind: 'no_plan' }
  /** Not of §4: the organisation has no address, the sender of every label (issue 11). */
  | { kind: 'sender_address_missing' };

export function refusalOf(error: unknown): Refusal | null {
  if (!(error instanceof ApiError) || error.body.type !== 'usage') return null;
  const { message_code: code, fields } = error.body;
  if (code === 'overdue_payments' || code === 'account_manager_action_required' || code === 'direct_debit_required' || code === 'no_plan' || code === 'sender_address_missing') return { kind: code };
  if (code === 'quota_exceeded') {
    const first = (name: string) => fields[name]?.[0] ?? '?';
    return { kind: 'quota_exceeded', used: first('used'), quota: first('quota'), requested: first('requested') };
  }
  return null;
}

/**
 * Orders spec §4 step 1 in the browser: the pre-checks the server runs, asked before the
 * duplicates dialog (which opens before anything is sent), so a user who cannot make
 * labels is told that first and not asked about duplicates. `used` is labelcounters/.
 * The server checks again when the labels are asked for.
 */
export function refusalBeforeAsking({
  organisation,
  used,
  orders,
  production,
}: {
  organisation: Pick<Organisation, 'can_create_labels' | 'account_manager_action_required' | 'plan' | 'payment' | 'address'>;
  used: number;
  orders: readonly { shipment_packages?: number }[];
  production: boolean;
}): Refusal | null {
  const failure = labelPreconditionFailure({
    canCreateLabels: organisation.can_create_labels,
    accountManagerActionRequired: organisation.account_manager_action_required,
    hasPlan: organisation.plan !== null,
    quota: organisation.plan?.quota.labels ?? null,
    usedLabels: used,
    requestedPackages: requestedPackagesOf(orders.map((o) => ({ packages: o.shipment_packages ?? 1 }))),
    paymentReady: organisation.payment.status === 'ready',
    production,
  });
  if (!failure) return organisation.address ? null : { kind: 'sender_address_missing' };
  if (failure.code === 'quota_exceeded') return { kind: 'quota_exceeded', used: String(failure.used), quota: String(failure.quota), requested: String(failure.requested) };
  return { kind: failure.code };
}

/** The label ids a PDF is made of: the new labels first, then the existing ones chosen, each once. */
export function labelIdsToPrint(created: readonly CreatedLabel[], existing: readonly string[]): string[] {
  return [...new Set([...created.map((c) => c.id), ...existing])];
}

/**
 * The existing label of an order for the selection dialog: its shipment ids are its
 * labels, the newest last; a label that is gone (deleted) is skipped.
 */
export async function latestExistingLabel<L>(shipmentIds: readonly string[], fetchLabel: (id: string) => Promise<L | null>): Promise<L | null> {
  for (const id of [...shipmentIds].reverse()) {
    const label = await fetchLabel(id);
    if (label) return label;
  }
  return null;
}

/**
 * A fresh Idempotency-Key for one user action: a version 4 UUID. randomUUID exists
 * only in a secure context (https or localhost); elsewhere the same from random bytes.
 */
export function newIdempotencyKey(random: Pick<Crypto, 'getRandomValues'> & Partial<Pick<Crypto, 'randomUUID'>> = crypto): string {
  if (typeof random.randomUUID === 'function') return random.randomUUID();
  const bytes = random.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
