/** Keys of the TanStack Query cache that more than one part of the app touches. */
export const queryKeys = {
  config: ['config'],
  user: ['user'],
  unansweredTicket: ['tickets', 'unanswered'],
  /** Everything about orders: lists, counts and single orders; invalidated after each change. */
  orders: ['orders'],
  orderList: (query: { tab: string; page: number; page_size: number; sort: string; search: string }) =>
    ['orders', 'list', query] as const,
  orderCounts: (search: string) => ['orders', 'count', search] as const,
  order: (id: string) => ['orders', 'detail', id] as const,
  /** Everything about labels: the label tabs and single labels; invalidated after labels were made or printed. */
  labels: ['labels'],
  labelList: (query: { status: string; is_returned: string; page: number; page_size: number; sort: string; search: string }) =>
    ['labels', 'list', query] as const,
  label: (id: string) => ['labels', 'detail', id] as const,
  /** GET label/{id}/tracking: under labels, so a refresh or a change of labels reloads it. */
  labelTracking: (id: string) => ['labels', 'tracking', id] as const,
  /** GET user/organisation/payment: the direct-debit mandate (docs/billing.md). */
  paymentMandate: ['payment-mandate'],
  couriers: ['couriers'],
  shops: ['shops'],
  /** The shipping rules (/settings/shipmentlogic); the dry run sits under it. */
  shipmentLogic: ['shipment-logic'],
  contacts: (search: string) => ['contacts', search] as const,
  /** The address book page's list: one page of a search. */
  contactPage: (search: string, page: number, pageSize: number) => ['contacts', 'page', search, page, pageSize] as const,
  contact: (id: string) => ['contacts', 'one', id] as const,
} as const;
