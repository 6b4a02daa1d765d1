import type { CourierMeta } from '@verzendhuis/contract/courier';
import { dhlCarrier } from './dhl/adapter';
import { postnlCarrier } from './postnl/adapter';
import { testCarrier } from './test/adapter';
import type { CarrierAdapter } from './types';

/** The carrier classes the platform knows, each a folder under carriers/ behind CarrierAdapter. */
const carrierClasses: Record<string, CarrierAdapter> = {
  [testCarrier.meta.class]: testCarrier,
  [postnlCarrier.meta.class]: postnlCarrier,
  [dhlCarrier.meta.class]: dhlCarrier,
};

export function carrierAdapter(serviceClass: string): CarrierAdapter | null {
  return carrierClasses[serviceClass] ?? null;
}

export function courierClassMeta(serviceClass: string): CourierMeta | null {
  return carrierClasses[serviceClass]?.meta ?? null;
}

export function allCourierClassMeta(): CourierMeta[] {
  return Object.values(carrierClasses).map((c) => c.meta);
}
