import type { ShopAdapter } from './adapter';

/** The shop platforms we link, by class (shop_class / service_class). */
export function createShopRegistry(adapters: readonly ShopAdapter[] = []) {
  const byClass = new Map(adapters.map((a) => [a.definition.class, a]));
  return {
    get(shopClass: string): ShopAdapter | undefined {
      return byClass.get(shopClass);
    },
    all(): ShopAdapter[] {
      return [...byClass.values()];
    },
  };
}

export type ShopRegistry = ReturnType<typeof createShopRegistry>;
