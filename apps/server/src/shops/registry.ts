import type { ShopAdapter } from './adapter';
import { createWooCommerceAdapter } from './woocommerce/adapter';

/** Every shop platform by class. A new platform: a folder beside woocommerce/ and a line here. */
export function createShopRegistry(deps: { fetch?: typeof fetch } = {}) {
  const adapters: Record<string, ShopAdapter> = {
    woocommerce: createWooCommerceAdapter(deps),
  };
  return {
    adapter(shopClass: string): ShopAdapter | null {
      return Object.hasOwn(adapters, shopClass) ? (adapters[shopClass] ?? null) : null;
    },
    all(): ShopAdapter[] {
      return Object.values(adapters);
    },
  };
}

export type ShopRegistry = ReturnType<typeof createShopRegistry>;
