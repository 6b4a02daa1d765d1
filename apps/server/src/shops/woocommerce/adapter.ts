import { z } from 'zod';
import type { ShopSettingsField } from '@verzendhuis/contract/shop';
import { shopServerTexts, wooCommerceTexts as texts } from '@verzendhuis/domain/shops-texts';
import { ShopError, type ShopAdapter } from '../adapter';
import { WooCallError, type WooConnection } from './client';
import { wooFulfil, wooPull, wooVerify } from './orders';

/** What a user enters to link a WooCommerce shop (stored sealed). */
export const wooCommerceSettingsSchema = z
  .object({
    url: z
      .string({ error: texts.urlInvalid })
      .trim()
      .refine((value) => {
        try {
          const url = new URL(value);
          return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' && !url.search && !url.hash;
        } catch {
          return false;
        }
      }, { error: texts.urlInvalid })
      .transform((value) => value.replace(/\/+$/, '')),
    consumer_key: z.string({ error: texts.consumerKeyInvalid }).trim().regex(/^ck_[A-Za-z0-9]+$/, { error: texts.consumerKeyInvalid }),
    consumer_secret: z.string({ error: texts.consumerSecretInvalid }).trim().regex(/^cs_[A-Za-z0-9]+$/, { error: texts.consumerSecretInvalid }),
    auth_in_query: z.boolean().default(false),
  })
  .refine((s) => !s.auth_in_query || s.url.startsWith('https:'), { error: texts.authInQueryNeedsHttps, path: ['auth_in_query'] });

const settingsFields: ShopSettingsField[] = [
  { name: 'url', label: texts.url, description: texts.urlDescription, type: 'url', required: true, secret: false, default: null },
  { name: 'consumer_key', label: texts.consumerKey, description: texts.consumerKeyDescription, type: 'text', required: true, secret: false, default: null },
  { name: 'consumer_secret', label: texts.consumerSecret, description: null, type: 'password', required: true, secret: true, default: null },
  { name: 'auth_in_query', label: texts.authInQuery, description: texts.authInQueryDescription, type: 'checkbox', required: false, secret: false, default: false },
];

/** Which field a refusal of the shop belongs to, for the form's errors per field. */
export const wooFieldOf: Record<string, string> = { unauthorized: 'consumer_key', unavailable: 'url', invalid_response: 'url', not_found: 'url' };

function shopError(error: unknown): unknown {
  if (!(error instanceof WooCallError)) return error;
  switch (error.kind) {
    case 'unauthorized':
      return new ShopError('unauthorized', shopServerTexts.unauthorized(texts.name));
    case 'not_found':
      return new ShopError('not_found', shopServerTexts.notFoundAtShop(texts.name));
    case 'invalid_response':
      return new ShopError('invalid_response', shopServerTexts.invalidResponse(texts.name));
    case 'timeout':
      return new ShopError('unavailable', shopServerTexts.timeout(texts.name));
    default:
      return new ShopError('unavailable', shopServerTexts.unavailable(texts.name));
  }
}

/**
 * The WooCommerce adapter (REST API v3 under `{url}/wp-json/wc/v3`); see docs/shops.md.
 * `fetch` is the global one; tests give one that trusts the fakes' certificate.
 */
export function createWooCommerceAdapter(deps: { fetch?: typeof fetch } = {}): ShopAdapter {
  const doFetch = deps.fetch ?? fetch;
  const connection = (settings: Record<string, unknown>): WooConnection => wooCommerceSettingsSchema.parse(settings);
  return {
    definition: {
      meta: { class: 'woocommerce', name: texts.name, is_internal: false, order_fields: [], images: { mark: '/shops/woocommerce.svg' } },
      settingsFields,
      settingsSchema: wooCommerceSettingsSchema,
    },
    async verify(settings, context) {
      await wooVerify(connection(settings), { fetch: doFetch, signal: context.signal }).catch((e: unknown) => {
        throw shopError(e);
      });
    },
    async pull(settings, state, context) {
      return wooPull(connection(settings), state, { fetch: doFetch, signal: context.signal }).catch((e: unknown) => {
        throw shopError(e);
      });
    },
    async fulfil(settings, shipment, context) {
      await wooFulfil(connection(settings), shipment, { fetch: doFetch, signal: context.signal }).catch((e: unknown) => {
        throw shopError(e);
      });
    },
  };
}
