import type { OrderListItem } from '@verzendhuis/contract/order';
import { request, type RawResponse, type ServerAddress, type TestOrganisation } from './factories';

/** POST update/{id}: pulls the shop's orders now, as "Nu ophalen" does. */
export function pullShop(server: ServerAddress, org: TestOrganisation, shopId: string): Promise<RawResponse> {
  return request(server, { method: 'POST', path: `/api/update/${shopId}`, token: org.token });
}

/** Every order of the organisation that came from this shop, over the API (all three tabs). */
export async function ordersOfShop(org: TestOrganisation, shopId: string): Promise<OrderListItem[]> {
  const tabs = await Promise.all((['orders', 'problematic', 'other'] as const).map((tab) => org.api.orders.list({ tab, page_size: 250 })));
  const byId = new Map(tabs.flatMap((t) => t.data).map((o) => [o.id, o]));
  return [...byId.values()].filter((o) => o.service_id === shopId);
}
