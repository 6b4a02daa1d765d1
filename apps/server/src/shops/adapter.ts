import type { ShopMeta, ShopSettingsField } from '@verzendhuis/contract/shop';
import type { z } from 'zod';

/**
 * PROVISIONAL (i12-shops): stands in for the foundation's shops/adapter.ts until it is
 * merged; the lead's version replaces this file.
 */
export type ShopErrorKind = 'unauthorized' | 'unavailable' | 'invalid_response' | 'not_found';

export class ShopError extends Error {
  constructor(
    readonly kind: ShopErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'ShopError';
  }
}

export interface ShopCallContext {
  signal: AbortSignal;
}

export interface PulledOrder {
  externalId: string;
  body: unknown;
}

export interface ShopShipment {
  externalId: string;
  courierName: string;
  trackingNumber: string;
  trackingUrl: string | null;
}

export interface ShopAdapter {
  definition: { meta: ShopMeta; settingsFields: ShopSettingsField[]; settingsSchema: z.ZodType<Record<string, unknown>> };
  verify: (settings: Record<string, unknown>, context: ShopCallContext) => Promise<void>;
  pull: (settings: Record<string, unknown>, state: Record<string, unknown>, context: ShopCallContext) => Promise<{ orders: PulledOrder[]; state: Record<string, unknown> }>;
  fulfil: (settings: Record<string, unknown>, shipment: ShopShipment, context: ShopCallContext) => Promise<void>;
}
