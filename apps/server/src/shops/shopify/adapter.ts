import { shopifySettingsTexts } from '@verzendhuis/domain/shops-texts';
import { ShopError, type ShopAdapter, type ShopSettings } from '../adapter';
import { shopifyFulfil, shopifyPull, shopifySettingsSchema, shopifyVerify, type ShopifyOptions, type ShopifySettings } from './operations';

function settingsOf(settings: ShopSettings): ShopifySettings {
  const parsed = shopifySettingsSchema.safeParse(settings);
  if (!parsed.success) throw new ShopError('unauthorized', parsed.error.issues[0]?.message ?? shopifySettingsTexts.accessTokenRequired);
  return parsed.data;
}

/** Shopify behind the one shop interface (docs/shopify.md); the sync state is the newest updatedAt seen. */
export function createShopifyAdapter(options: ShopifyOptions = {}): ShopAdapter {
  return {
    definition: {
      class: 'shopify',
      name: 'Shopify',
      mark: '/shops/shopify.svg',
      settingsFields: [
        { name: 'shop_domain', label: shopifySettingsTexts.shopDomain, type: 'text', required: true, help: shopifySettingsTexts.shopDomainDescription },
        { name: 'access_token', label: shopifySettingsTexts.accessToken, type: 'secret', required: true, help: shopifySettingsTexts.accessTokenDescription },
      ],
      credentialsField: 'access_token',
    },
    checkSettings(settings) {
      // Empty fields are the service's "Vul … in."; here only what is filled in but not right.
      const errors: Record<string, string[]> = {};
      for (const issue of shopifySettingsSchema.safeParse(settings).error?.issues ?? []) {
        const name = String(issue.path[0] ?? 'shop_domain');
        if ((settings[name] ?? '').trim() !== '') (errors[name] ??= []).push(issue.message);
      }
      return errors;
    },
    async verify(settings) {
      await shopifyVerify(settingsOf(settings), options);
    },
    async pull(settings, state) {
      const since = typeof state?.updated_since === 'string' ? new Date(state.updated_since) : null;
      const { orders, newest } = await shopifyPull(settingsOf(settings), since && !Number.isNaN(since.getTime()) ? since : null, options);
      return { orders, state: newest ? { updated_since: newest.toISOString() } : {} };
    },
    async fulfil(settings, fulfilment) {
      await shopifyFulfil(settingsOf(settings), { externalId: fulfilment.externalId, trackingNumber: fulfilment.trackingNumber, trackingUrl: fulfilment.trackingUrl, company: fulfilment.carrierName }, options);
    },
  };
}
