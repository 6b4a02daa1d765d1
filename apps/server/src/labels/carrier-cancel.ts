import { isNeverHandedOver } from '@verzendhuis/domain/invoices';
import { labelUpdateErrorTexts } from '@verzendhuis/domain/label-screens-texts';
import type { CarrierRegistry } from '../carriers/registry';
import { courierClassMeta } from '../carriers/registry';
import { CarrierError } from '../carriers/types';
import type { CourierRepository } from '../couriers/repository';
import { settingsForCarrierCall } from '../couriers/service';
import type { SettingsCrypto } from '../couriers/settings-crypto';
import type { CarrierBudgets } from './carrier-budget';
import type { LabelRepository } from './repository';

/** Why a label's delete did not go through: its carrier refused the cancel, or could not be asked. */
export interface CancelRefusal {
  labelId: string;
  kind: 'refused' | 'unavailable';
  message: string;
}

export interface CarrierCancelOutcome {
  /** Labels that stay: their carrier refused (already scanned) or was not reached. */
  refusals: CancelRefusal[];
  /** Labels cancelled with us only: their carrier has no cancel call (PostNL, DHL, DPD). */
  notInformed: string[];
}

/**
 * A delete asks each label's carrier to cancel it first (docs/labels.md, "Cancel at the
 * carrier"): only labels never handed over (ready, printed), only carriers with a cancel
 * call, each call within the carrier's label budget and through the outbound fetch (the
 * registry's adapter). An accepted cancel is written at once (`carrier_canceled_at`), so
 * a retried delete never asks the carrier twice, nor do two deletes at once (a lock per label).
 */
export function createCarrierCancel(deps: {
  labels: LabelRepository;
  couriers: CourierRepository;
  crypto: SettingsCrypto;
  carriers: CarrierRegistry;
  carrierBudgets: CarrierBudgets;
  timeoutMs: number;
  /** TEST_CARRIER_TIME_SCALE: how fast the Testvervoerder's parcels move (it refuses once picked up). */
  timeScale: number;
}) {
  return async function cancelAtCarriers(organisationId: string, labelIds: readonly string[]): Promise<CarrierCancelOutcome> {
    const outcome: CarrierCancelOutcome = { refusals: [], notInformed: [] };
    const scoped = deps.labels.for(organisationId);
    const candidates = (await scoped.cancelCandidates(labelIds)).filter((c) => isNeverHandedOver(c.status) && c.carrierCanceledAt === null);
    if (candidates.length === 0) return outcome;
    const couriers = new Map((await deps.couriers.for(organisationId).listAll()).map((c) => [c.id, c]));
    // One label at a time: a delete is a user's click or selection, and each call waits its budget anyway.
    for (const label of candidates) {
      const adapter = deps.carriers.adapter(label.courierClass);
      if (!adapter?.cancel) {
        outcome.notInformed.push(label.id);
        continue;
      }
      const courier = couriers.get(label.courierId);
      const settings = courier ? await settingsForCarrierCall(courier, deps) : ({ ok: false, message: labelUpdateErrorTexts.cancelUnavailable } as const);
      if (!settings.ok) {
        outcome.refusals.push({ labelId: label.id, kind: 'unavailable', message: settings.message });
        continue;
      }
      // Under a lock on the label: a second delete of it at the same moment waits, then finds it cancelled.
      const refusal = await scoped.underCancelLock(label.id, async (current): Promise<CancelRefusal | null> => {
        if (!current || current.carrierCanceledAt !== null) return null;
        const release = await deps.carrierBudgets.acquire(label.courierClass, adapter.labelBudget);
        try {
          await adapter.cancel!(
            { trackingNumbers: label.trackingNumbers, labelCreatedAt: label.createdAt, carrierReference: label.carrierReference },
            { settings: settings.settings, signal: AbortSignal.timeout(deps.timeoutMs), now: new Date(), timeScale: label.courierClass === 'test' ? deps.timeScale : 1 },
          );
        } catch (error) {
          const refused = error instanceof CarrierError && error.kind === 'refused';
          const carrier = courierClassMeta(label.courierClass)?.name ?? label.courierClass;
          return {
            labelId: label.id,
            kind: refused ? 'refused' : 'unavailable',
            message: refused ? labelUpdateErrorTexts.cancelRefused(error.message) : `${carrier}: ${labelUpdateErrorTexts.cancelUnavailable}`,
          };
        } finally {
          release();
        }
        await scoped.markCarrierCanceled(label.id);
        return null;
      });
      if (refusal) outcome.refusals.push(refusal);
    }
    return outcome;
  };
}

export type CarrierCancel = ReturnType<typeof createCarrierCancel>;
