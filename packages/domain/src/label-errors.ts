/**
 * The message_codes of the label calls (labels, label jobs) with their Dutch messages:
 * the label area's part of `errorMessages` (messages.ts). A message the screens show as
 * well is taken from the screens' catalogue, so each text lives once.
 */
import { labelJobMessages } from './label-job-texts';
import { labelUpdateErrorTexts } from './label-screens-texts';
import { labelRefusalTexts } from './labels-texts';

export const labelErrorMessages = {
  label_not_found: 'Label niet gevonden.',
  /** Account spec §4, the pre-checks before any label is made. */
  overdue_payments: labelRefusalTexts.overduePayments.message,
  account_manager_action_required: labelRefusalTexts.accountManager.message,
  direct_debit_required: labelRefusalTexts.directDebit.title,
  no_plan: labelRefusalTexts.noPlan.message,
  /** Before any label is made: the organisation's address is the sender of every label. */
  sender_address_missing: labelRefusalTexts.senderAddress.message,
  quota_exceeded: (used: number, quota: number, requested: number): string =>
    `Limiet bereikt! Je hebt ${used} van de ${quota} labels van je abonnement gebruikt en vraagt er ${requested} aan.`,
  /** The Idempotency-Key of order/label/create. */
  idempotency_key_reused: 'Deze Idempotency-Key is al gebruikt voor een ander verzoek.',
  request_in_progress: 'Dit verzoek wordt nog verwerkt. Probeer het zo opnieuw.',
  /** POST label/{id}, POST return/{id}. */
  label_canceled: labelUpdateErrorTexts.canceledNotDelivered,
  label_not_return: labelUpdateErrorTexts.markerOnlyReturn,
  /** A delete the carrier refused to cancel (the message carries the carrier's reason), or could not be asked. */
  label_cancel_refused: labelUpdateErrorTexts.cancelRefused('De vervoerder kon het label niet annuleren.'),
  label_cancel_unavailable: labelUpdateErrorTexts.cancelUnavailable,
  /** Label jobs: GET label/job/{id}, and the error of a job that stopped. */
  label_job_not_found: labelJobMessages.notFound,
  label_job_failed: labelJobMessages.failed,
} as const;

/** The checks of the body of order/label/create. */
export const labelRequestTexts = {
  noOrders: 'Kies minstens één bestelling.',
  tooManyOrders: 'Maak in één keer labels voor hoogstens 10.000 bestellingen.',
} as const;
