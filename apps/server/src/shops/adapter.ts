import type { OrderInput } from '@verzendhuis/contract/order';

/**
 * A webshop platform behind one interface (WooCommerce, Shopify, ...), as carriers are
 * behind CarrierAdapter. An adapter holds no state: the shop's settings (opened from their
 * sealed form) and its sync state are passed in on every call.
 */

/** A field of the form that links a shop of this class (shop/meta). */
export interface ShopSettingsField {
  name: string;
  /** Dutch label of the field. */
  label: string;
  /** secret: sealed at rest, never returned, shown as a password field. */
  type: 'text' | 'url' | 'secret' | 'select';
  required: boolean;
  /** Dutch help text under the field. */
  help?: string;
  /** For select: the values and their Dutch labels. */
  options?: { value: string; label: string }[];
}

export interface ShopClassDefinition {
  /** shop_class / service_class, e.g. `woocommerce`. */
  class: string;
  /** The platform's name as users know it. */
  name: string;
  /** Logo path under the web app's public folder. */
  mark: string;
  settingsFields: ShopSettingsField[];
  /**
   * The field a refusal of the credentials is shown on when linking (Shopify: the access
   * token); without it, the first field that is not the URL.
   */
  credentialsField?: string;
}

/** A shop's settings as the user gave them (secrets opened). */
export type ShopSettings = Record<string, string>;

/** An order as the shop has it, mapped to our order input (contract orderInputSchema). */
export interface PulledOrder {
  /** The shop's own id of the order: with the shop it makes the intake key. */
  externalId: string;
  body: OrderInput;
}

export interface ShopPullResult {
  orders: PulledOrder[];
  /**
   * What the next pull starts from (a modified-after stamp, a cursor): stored with the
   * shop and passed back; null state means "from the start".
   */
  state: Record<string, unknown>;
}

/** What a shop hears when one of its orders got a label. */
export interface ShopFulfilment {
  externalId: string;
  trackingNumber: string;
  trackingUrl: string | null;
  /** The carrier's name as the customer knows it (PostNL, DHL, ...). */
  carrierName: string;
}

export interface ShopAdapter {
  definition: ShopClassDefinition;
  /**
   * The platform's own checks of the settings before the shop is asked (a key's form, a
   * URL's scheme): Dutch messages per field name; {} when they pass. The generic checks
   * (required fields, URLs) are the service's.
   */
  checkSettings?(settings: ShopSettings): Record<string, string[]>;
  /** Checks the settings with one cheap call to the shop; throws ShopError when they do not work. */
  verify(settings: ShopSettings, signal?: AbortSignal): Promise<void>;
  /** The orders to ship that changed since `state` (every page of them); throws ShopError. */
  pull(settings: ShopSettings, state: Record<string, unknown> | null, signal?: AbortSignal): Promise<ShopPullResult>;
  /** Tells the shop that the order is shipped, with its tracking; throws ShopError. */
  fulfil(settings: ShopSettings, fulfilment: ShopFulfilment, signal?: AbortSignal): Promise<void>;
}

/**
 * What went wrong talking to a shop. unauthorized: the credentials no longer work (the
 * connection must be refreshed); unavailable: the shop did not answer or answered 5xx or
 * kept throttling (try again later); invalid_response: it answered something we cannot
 * read; not_found: the shop or the order is not there.
 */
export class ShopError extends Error {
  constructor(
    readonly kind: 'unauthorized' | 'unavailable' | 'invalid_response' | 'not_found',
    message: string,
  ) {
    super(message);
    this.name = 'ShopError';
  }
}
