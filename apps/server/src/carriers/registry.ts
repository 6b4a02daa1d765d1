import type { CourierMeta } from '@verzendhuis/contract/courier';
import type { LabelDrawing } from '../documents/label-drawing';
import { bpostCarrier } from './bpost/adapter';
import { dhlCarrier } from './dhl/adapter';
import { dpdCarrier } from './dpd/adapter';
import { glsCarrier } from './gls/adapter';
import { postnlCarrier } from './postnl/adapter';
import { createTestCarrier, testCarrierClass } from './test/adapter';
import { upsCarrier } from './ups/adapter';
import type { OutboundFetch } from '../http/outbound';
import type { CarrierAdapter, CarrierCallContext, CarrierIo, CarrierCancelRequest, CarrierPickupPointQuery, CarrierTrackContext } from './types';

/** What a carrier class is without calling anyone: its metadata and the settings of a contract. */
export type CarrierClass = Pick<CarrierAdapter, 'meta' | 'settingsSchema' | 'verifySettings'>;

/**
 * The carrier classes the platform knows, each a folder under carriers/ behind
 * CarrierAdapter. What a class is (metadata, settings) is fixed and read anywhere;
 * the adapters that call carriers come from the registry the composition root makes
 * (services.ts), because the Testvervoerder draws with the process's drawing threads.
 */
const carrierClasses: readonly CarrierClass[] = [testCarrierClass, postnlCarrier, dhlCarrier, dpdCarrier, glsCarrier, upsCarrier, bpostCarrier];
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
export function createCarrierRegistry(deps: { labelDrawing: Pick<LabelDrawing, 'draw'>; outbound?: OutboundFetch; timeCall?: CarrierCallTimer }) {
  const adapters: readonly CarrierAdapter[] = [createTestCarrier({ drawLabel: deps.labelDrawing.draw }), postnlCarrier, dhlCarrier, dpdCarrier, glsCarrier, upsCarrier, bpostCarrier].map((a) =>
    withOutbound(a, deps.outbound && deps.timeCall ? timedOutbound(deps.outbound, deps.timeCall, a.meta.class) : () => deps.outbound),
  );
  const adapterOf = new Map(adapters.map((a) => [a.meta.class, a]));
  return {
    adapter(serviceClass: string): CarrierAdapter | null {
      return adapterOf.get(serviceClass) ?? null;
    },
  };
}

/** Times one HTTP call of a carrier (the metric verzendhuis_carrier_request_duration_seconds, http/metrics.ts). */
export type CarrierCallTimer = <T>(carrier: string, call: string, work: () => Promise<T>) => Promise<T>;

/** The outbound fetch of one carrier class, each HTTP call timed under the adapter call that makes it. */
export function timedOutbound(outbound: OutboundFetch, timeCall: CarrierCallTimer, carrier: string): (call: string) => OutboundFetch {
  return (call) => ((input, init) => timeCall(carrier, call, () => outbound(input, init))) as OutboundFetch;
}

/**
 * The adapter with the one outbound fetch (http/outbound.ts) in the context of every call,
 * so that each carrier reaches the address a user entered only through its checks; the
 * fetch of each call is timed under that call's name (createShipment, track, ...).
 */
function withOutbound(adapter: CarrierAdapter, fetchFor: (call: string) => OutboundFetch | undefined): CarrierAdapter {
  const withFetch = <C extends object>(context: C, call: string): C => {
    const fetch = fetchFor(call);
    return fetch ? { ...context, fetch } : context;
  };
  return {
    ...adapter,
    ...(adapter.verifySettings ? { verifySettings: (settings: Record<string, unknown>, context: CarrierIo) => adapter.verifySettings!(settings, withFetch(context, 'verifySettings')) } : {}),
    createShipment: (request, context) => adapter.createShipment(request, withFetch(context, 'createShipment')),
    track: (request, context) => adapter.track(request, withFetch(context, 'track')),
    ...(adapter.cancel ? { cancel: (request: CarrierCancelRequest, context: CarrierTrackContext) => adapter.cancel!(request, withFetch(context, 'cancel')) } : {}),
    ...(adapter.pickupPoints
      ? { pickupPoints: (query: CarrierPickupPointQuery, context: CarrierCallContext) => adapter.pickupPoints!(query, withFetch(context, 'pickupPoints')) }
      : {}),
  };
}

export type CarrierRegistry = ReturnType<typeof createCarrierRegistry>;
