import { shopServerTexts, wooCommerceTexts as texts } from '@verzendhuis/domain/shops-texts';
import { ShopError, type ShopAdapter, type ShopSettings } from '../adapter';
import { WooCallError, type WooConnection } from './client';
import { wooFulfil, wooPull, wooVerify } from './orders';

/** The settings of a WooCommerce link (all text, as the form gives them). */
function connectionOf(settings: ShopSettings): WooConnection {
  return {
    url: (settings.url ?? '').trim().replace(/\/+$/, ''),
    consumer_key: (settings.consumer_key ?? '').trim(),
    consumer_secret: (settings.consumer_secret ?? '').trim(),
    auth_in_query: settings.auth === 'query',
  };
}

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

async function translated<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw shopError(error);
  }
}

/**
 * WooCommerce (REST API v3 under `{url}/wp-json/wc/v3`; docs/shops.md). `fetch` is the
 * global one; the adapter's tests give one that trusts the fakes' certificate.
 */
export function createWooCommerceAdapter(deps: { fetch?: typeof fetch; /** The bound of one call to the shop (a pull of many pages has its own). */ callTimeoutMs?: number } = {}): ShopAdapter {
  const call = (signal: AbortSignal | undefined) => ({ fetch: deps.fetch ?? fetch, signal: signal ?? AbortSignal.timeout(60_000), callTimeoutMs: deps.callTimeoutMs });
  return {
    definition: {
      class: 'woocommerce',
      name: texts.name,
      mark: '/shops/woocommerce.svg',
      settingsFields: [
        { name: 'url', label: texts.url, type: 'url', required: true, help: texts.urlDescription },
        { name: 'consumer_key', label: texts.consumerKey, type: 'text', required: true, help: texts.consumerKeyDescription },
        { name: 'consumer_secret', label: texts.consumerSecret, type: 'secret', required: true },
        {
          name: 'auth',
          label: texts.authMethod,
          type: 'select',
          required: false,
          help: texts.authMethodHelp,
          options: [
            { value: 'header', label: texts.authHeader },
            { value: 'query', label: texts.authQuery },
          ],
        },
      ],
    },
    checkSettings(settings) {
      const errors: Record<string, string[]> = {};
      const c = connectionOf(settings);
      if (c.consumer_key && !/^ck_[A-Za-z0-9]+$/.test(c.consumer_key)) errors.consumer_key = [texts.consumerKeyInvalid];
      if (c.consumer_secret && !/^cs_[A-Za-z0-9]+$/.test(c.consumer_secret)) errors.consumer_secret = [texts.consumerSecretInvalid];
      if (settings.auth !== undefined && settings.auth !== '' && settings.auth !== 'header' && settings.auth !== 'query') errors.auth = [texts.authMethodInvalid];
      else if (c.auth_in_query && !c.url.startsWith('https:')) errors.auth = [texts.authQueryNeedsHttps];
      return errors;
    },
    verify: (settings, signal) => translated(wooVerify(connectionOf(settings), call(signal))),
    pull: (settings, state, signal) => translated(wooPull(connectionOf(settings), state, call(signal))),
    fulfil: (settings, fulfilment, signal) =>
      translated(wooFulfil(connectionOf(settings), { externalId: fulfilment.externalId, courierName: fulfilment.carrierName, trackingNumber: fulfilment.trackingNumber, trackingUrl: fulfilment.trackingUrl }, call(signal))),
  };
}
