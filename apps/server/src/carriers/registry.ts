import type { CourierMeta } from '@verzendhuis/contract/courier';
import { testCourierMeta } from './test/meta';

/**
 * The carrier classes the platform knows, each a folder under carriers/. The labels
 * issue adds the adapter interface (create, cancel, track, pickup points) next to
 * the metadata.
 */
const carrierClasses: Record<string, CourierMeta> = {
  [testCourierMeta.class]: testCourierMeta,
};

export function courierClassMeta(serviceClass: string): CourierMeta | null {
  return carrierClasses[serviceClass] ?? null;
}

export function allCourierClassMeta(): CourierMeta[] {
  return Object.values(carrierClasses);
}
