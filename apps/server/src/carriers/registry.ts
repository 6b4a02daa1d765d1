import type { CourierMeta } from '@verzendhuis/contract/courier';
import type { LabelDrawing } from '../documents/label-drawing';
import { dhlCarrier } from './dhl/adapter';
import { dpdCarrier } from './dpd/adapter';
import { postnlCarrier } from './postnl/adapter';
import { createTestCarrier, testCarrierClass } from './test/adapter';
import { upsCarrier } from './ups/adapter';
import type { CarrierAdapter } from './types';

/** What a carrier class is without calling anyone: its metadata and the settings of a contract. */
export type CarrierClass = Pick<CarrierAdapter, 'meta' | 'settingsSchema' | 'verifySettings'>;

/**
 * The carrier classes the platform knows, each a folder under carriers/ behind
 * CarrierAdapter. What a class is (metadata, settings) is fixed and read anywhere;
 * the adapters that call carriers come from the registry the composition root makes
 * (services.ts), because the Testvervoerder draws with the process's drawing threads.
 */
const carrierClasses: readonly CarrierClass[] = [testCarrierClass, postnlCarrier, dhlCarrier, dpdCarrier, upsCarrier];
const byClass = new Map(carrierClasses.map((c) => [c.meta.class, c]));

/** A class's metadata and settings schema; null for a class the platform does not know. */
export function carrierClass(serviceClass: string): CarrierClass | null {
  return byClass.get(serviceClass) ?? null;
}

export function courierClassMeta(serviceClass: string): CourierMeta | null {
  return byClass.get(serviceClass)?.meta ?? null;
}

export function allCourierClassMeta(): CourierMeta[] {
  return carrierClasses.map((c) => c.meta);
}

/** The adapters of every class, for the services that make labels, track parcels and find pickup points. */
export function createCarrierRegistry(deps: { labelDrawing: Pick<LabelDrawing, 'draw'> }) {
  const adapters: readonly CarrierAdapter[] = [createTestCarrier({ drawLabel: deps.labelDrawing.draw }), postnlCarrier, dhlCarrier, dpdCarrier, upsCarrier];
  const adapterOf = new Map(adapters.map((a) => [a.meta.class, a]));
  return {
    adapter(serviceClass: string): CarrierAdapter | null {
      return adapterOf.get(serviceClass) ?? null;
    },
  };
}

export type CarrierRegistry = ReturnType<typeof createCarrierRegistry>;
