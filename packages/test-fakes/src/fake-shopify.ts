import {
  buildSchema,
  execute,
  getNamedType,
  isLeafType,
  isObjectType,
  Kind,
  parse,
  validate,
  type DocumentNode,
  type GraphQLObjectType,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { startFakeHttpServer, type FakeFaultRule } from './fake-http-server';

/**
 * The part of Shopify's Admin GraphQL API (2026-10) that a shipping app uses, with
 * Shopify's own names: the shop, open orders by cursor with the search syntax, an
 * order's fulfillment orders and fulfillmentCreate. Queries are validated against it,
 * so a misspelt field fails here as it would at Shopify.
 */
const schema = buildSchema(/* GraphQL */ `
  scalar DateTime
  scalar Decimal
  scalar URL
  scalar UnsignedInt64
  scalar CountryCode
  scalar CurrencyCode

  type Query {
    shop: Shop!
    orders(first: Int, last: Int, after: String, before: String, query: String, sortKey: OrderSortKeys, reverse: Boolean): OrderConnection!
    order(id: ID!): Order
  }
  type Mutation {
    fulfillmentCreate(fulfillment: FulfillmentInput!, message: String): FulfillmentCreatePayload
  }
  type Shop { id: ID! name: String! myshopifyDomain: String! currencyCode: CurrencyCode! }
  enum OrderSortKeys { CREATED_AT ID PROCESSED_AT UPDATED_AT }
  type PageInfo { hasNextPage: Boolean! hasPreviousPage: Boolean! startCursor: String endCursor: String }
  type OrderConnection { nodes: [Order!]! edges: [OrderEdge!]! pageInfo: PageInfo! }
  type OrderEdge { cursor: String! node: Order! }
  enum OrderDisplayFinancialStatus { AUTHORIZED EXPIRED PAID PARTIALLY_PAID PARTIALLY_REFUNDED PENDING REFUNDED VOIDED }
  enum OrderDisplayFulfillmentStatus { FULFILLED IN_PROGRESS ON_HOLD OPEN PARTIALLY_FULFILLED PENDING_FULFILLMENT REQUEST_DECLINED RESTOCKED SCHEDULED UNFULFILLED }
  type Order {
    id: ID!
    legacyResourceId: UnsignedInt64!
    name: String!
    email: String
    phone: String
    createdAt: DateTime!
    updatedAt: DateTime!
    processedAt: DateTime!
    closed: Boolean!
    cancelledAt: DateTime
    displayFinancialStatus: OrderDisplayFinancialStatus
    displayFulfillmentStatus: OrderDisplayFulfillmentStatus!
    currencyCode: CurrencyCode!
    totalPriceSet: MoneyBag!
    totalWeight: UnsignedInt64
    shippingAddress: MailingAddress
    shippingLine: ShippingLine
    lineItems(first: Int, after: String): LineItemConnection!
    fulfillmentOrders(first: Int, after: String, displayable: Boolean): FulfillmentOrderConnection!
  }
  type MoneyBag { shopMoney: MoneyV2! presentmentMoney: MoneyV2! }
  type MoneyV2 { amount: Decimal! currencyCode: CurrencyCode! }
  type MailingAddress {
    name: String
    firstName: String
    lastName: String
    company: String
    address1: String
    address2: String
    city: String
    zip: String
    province: String
    provinceCode: String
    country: String
    countryCodeV2: CountryCode
    phone: String
  }
  type ShippingLine { title: String! code: String carrierIdentifier: String }
  type LineItemConnection { nodes: [LineItem!]! edges: [LineItemEdge!]! pageInfo: PageInfo! }
  type LineItemEdge { cursor: String! node: LineItem! }
  type LineItem {
    id: ID!
    name: String!
    title: String!
    sku: String
    quantity: Int!
    requiresShipping: Boolean!
    originalUnitPriceSet: MoneyBag!
    variant: ProductVariant
  }
  type ProductVariant { id: ID! sku: String barcode: String inventoryItem: InventoryItem! }
  type InventoryItem { id: ID! harmonizedSystemCode: String countryCodeOfOrigin: CountryCode measurement: InventoryItemMeasurement! }
  type InventoryItemMeasurement { id: ID! weight: Weight }
  type Weight { unit: WeightUnit! value: Float! }
  enum WeightUnit { GRAMS KILOGRAMS OUNCES POUNDS }
  type FulfillmentOrderConnection { nodes: [FulfillmentOrder!]! edges: [FulfillmentOrderEdge!]! pageInfo: PageInfo! }
  type FulfillmentOrderEdge { cursor: String! node: FulfillmentOrder! }
  enum FulfillmentOrderStatus { CANCELLED CLOSED INCOMPLETE IN_PROGRESS ON_HOLD OPEN SCHEDULED }
  enum FulfillmentOrderAction { CANCEL_FULFILLMENT_ORDER CREATE_FULFILLMENT EXTERNAL HOLD MARK_AS_OPEN MOVE RELEASE_HOLD REQUEST_CANCELLATION REQUEST_FULFILLMENT SPLIT }
  type FulfillmentOrderSupportedAction { action: FulfillmentOrderAction! }
  type FulfillmentOrder { id: ID! status: FulfillmentOrderStatus! supportedActions: [FulfillmentOrderSupportedAction!]! }
  input FulfillmentInput {
    lineItemsByFulfillmentOrder: [FulfillmentOrderLineItemsInput!]!
    notifyCustomer: Boolean
    trackingInfo: FulfillmentTrackingInput
  }
  input FulfillmentOrderLineItemsInput { fulfillmentOrderId: ID! fulfillmentOrderLineItems: [FulfillmentOrderLineItemInput!] }
  input FulfillmentOrderLineItemInput { id: ID! quantity: Int! }
  input FulfillmentTrackingInput { number: String url: URL company: String numbers: [String!] urls: [URL!] }
  type FulfillmentCreatePayload { fulfillment: Fulfillment userErrors: [UserError!]! }
  enum FulfillmentStatus { CANCELLED ERROR FAILURE SUCCESS }
  type FulfillmentTrackingInfo { company: String number: String url: URL }
  type Fulfillment { id: ID! status: FulfillmentStatus! trackingInfo(first: Int): [FulfillmentTrackingInfo!]! }
  type UserError { field: [String!] message: String! }
`);

/** One line of a fake order: what the shop owner sees in the admin. */
export interface FakeShopifyLineItem {
  name: string;
  sku?: string | null;
  barcode?: string | null;
  quantity: number;
  /** Unit price in the shop's currency, as Shopify writes decimals ("12.50"). */
  price: string;
  weight?: { unit: 'GRAMS' | 'KILOGRAMS' | 'OUNCES' | 'POUNDS'; value: number } | null;
  requiresShipping?: boolean;
}

export interface FakeShopifyAddress {
  firstName?: string | null;
  lastName?: string | null;
  company?: string | null;
  address1?: string | null;
  address2?: string | null;
  city?: string | null;
  zip?: string | null;
  provinceCode?: string | null;
  countryCodeV2?: string | null;
  phone?: string | null;
}

export interface FakeShopifyOrderInput {
  email?: string | null;
  phone?: string | null;
  shippingAddress?: FakeShopifyAddress | null;
  shippingLine?: string | null;
  lineItems: FakeShopifyLineItem[];
  displayFinancialStatus?: string;
  currencyCode?: string;
  createdAt?: Date;
}

/** A paid order to Utrecht with one shipped line (2 × Fietsbel, 150 g each), changed by `over`. */
export function aShopifyOrder(over: Partial<FakeShopifyOrderInput> = {}): FakeShopifyOrderInput {
  return {
    email: 'lotte@voorbeeld.nl',
    shippingAddress: { firstName: 'Lotte', lastName: 'Visser', address1: 'Kerkstraat 12-A', city: 'Utrecht', zip: '3511 AB', countryCodeV2: 'NL', phone: '0612345678' },
    shippingLine: 'PostNL Pakketpost',
    lineItems: [{ name: 'Fietsbel', sku: 'BEL-1', barcode: '8712345678906', quantity: 2, price: '12.50', weight: { unit: 'GRAMS', value: 150 } }],
    ...over,
  };
}

/** An order in the fake shop, as stored. */
export interface FakeShopifyOrder extends FakeShopifyOrderInput {
  id: string;
  legacyResourceId: number;
  name: string;
  createdAt: Date;
  updatedAt: Date;
  closed: boolean;
  cancelledAt: Date | null;
  displayFulfillmentStatus: string;
  fulfillmentOrders: { id: string; status: string }[];
}

/** A fulfilment made through fulfillmentCreate. */
export interface FakeShopifyFulfilment {
  id: string;
  orderId: string;
  fulfillmentOrderIds: string[];
  notifyCustomer: boolean;
  trackingInfo: { number?: string | null; url?: string | null; company?: string | null };
}

export interface FakeShopifyCall {
  accessToken: string | undefined;
  path: string;
  query: string;
  variables: Record<string, unknown>;
  /** What Shopify answered: ok, throttled, unauthorized, failed (a told failure). */
  answer: 'ok' | 'throttled' | 'unauthorized' | 'failed' | 'invalid';
}

/** What the fake can be told to do wrong on the next calls. */
export type FakeShopifyFailure =
  /** fulfillmentCreate answers a userError. */
  | 'fulfil'
  /** Any call answers 503, as Shopify does during an outage. */
  | 'unavailable'
  /** Any call answers THROTTLED with the bucket as it is. */
  | 'throttled';

export interface FakeShopify {
  /** Where the shop answers; the Admin API is at `${url}/admin/api/{version}/graphql.json`. */
  url: string;
  /** The shop's domain as a user enters it for this fake (`localhost:port`). */
  domain: string;
  orders: FakeShopifyOrder[];
  fulfilments: FakeShopifyFulfilment[];
  calls: FakeShopifyCall[];
  /** The cost bucket as Shopify reports it in extensions.cost.throttleStatus. */
  bucket: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
  addOrder: (input: FakeShopifyOrderInput) => FakeShopifyOrder;
  /** Changes an order as the shop owner would (a new address); its updatedAt moves on. */
  updateOrder: (id: string, change: Partial<FakeShopifyOrderInput>) => FakeShopifyOrder;
  /** The next `times` matching calls fail in this way. */
  fail: (failure: FakeShopifyFailure, times?: number) => void;
  /** Forgets the failures it was told and not yet used. */
  healthy: () => void;
  /** The shop owner uninstalls the app: the token stops working (401) until `restoreToken`. */
  revokeToken: () => void;
  restoreToken: () => void;
  /**
   * While set, faults the calls it names before they are handled (docs/faults.md): keyed by
   * "METHOD /path" (Shopify: "query" or "mutation" and the first field, e.g. "mutation fulfillmentCreate"); a faulted call changes nothing in the shop.
   */
  faults: FakeFaultRule | null;
  close: () => Promise<void>;
}

export interface FakeShopifyOptions {
  accessToken: string;
  port?: number;
  shopName?: string;
  /** The leaky bucket (Shopify's standard plan: 2000 points, 100 a second). */
  bucket?: { maximumAvailable: number; restoreRate: number };
  /** The most one query may cost (Shopify: 1000). */
  maxQueryCost?: number;
  /** The clock the bucket refills by, in ms; a test drives it to make waiting instant. */
  now?: () => number;
}

const encodeCursor = (index: number) => Buffer.from(JSON.stringify({ last: index })).toString('base64');
const decodeCursor = (cursor: string | null | undefined) => {
  if (!cursor) return -1;
  try {
    return (JSON.parse(Buffer.from(cursor, 'base64').toString()) as { last: number }).last;
  } catch {
    return -1;
  }
};

function connection<T>(items: readonly T[], args: { first?: number | null; after?: string | null }) {
  const start = decodeCursor(args.after) + 1;
  const first = Math.min(args.first ?? 250, 250);
  const page = items.slice(start, start + first);
  const edges = page.map((node, i) => ({ cursor: encodeCursor(start + i), node }));
  return {
    nodes: page,
    edges,
    pageInfo: { hasNextPage: start + first < items.length, hasPreviousPage: start > 0, startCursor: edges[0]?.cursor ?? null, endCursor: edges.at(-1)?.cursor ?? null },
  };
}

/**
 * Shopify's calculated query cost, simplified: an object costs 1, a scalar 0, a
 * connection 2 plus `first` times what one of its nodes costs, a mutation 10.
 */
function queryCost(operation: OperationDefinitionNode, variables: Record<string, unknown>): number {
  const value = (node: { kind: string; value?: unknown; name?: { value: string } }): unknown =>
    node.kind === Kind.VARIABLE ? variables[node.name?.value ?? ''] : node.kind === Kind.INT ? Number(node.value) : node.value;
  const cost = (set: SelectionSetNode | undefined, type: GraphQLObjectType): number => {
    let total = 0;
    for (const selection of set?.selections ?? []) {
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        total += cost(selection.selectionSet, type);
        continue;
      }
      if (selection.kind !== Kind.FIELD) continue;
      const field = type.getFields()[selection.name.value];
      if (!field) continue;
      const named = getNamedType(field.type);
      if (isLeafType(named) || !isObjectType(named)) continue;
      if (named.name.endsWith('Connection')) {
        const firstArg = selection.arguments?.find((a) => a.name.value === 'first');
        const first = Number(firstArg ? value(firstArg.value as never) : 250) || 0;
        let node = 0;
        for (const inner of selection.selectionSet?.selections ?? []) {
          if (inner.kind !== Kind.FIELD) continue;
          const innerType = getNamedType(named.getFields()[inner.name.value]?.type);
          if (inner.name.value === 'nodes' && innerType && isObjectType(innerType)) node += 1 + cost(inner.selectionSet, innerType);
          if (inner.name.value === 'edges' && innerType && isObjectType(innerType)) node += cost(inner.selectionSet, innerType);
        }
        total += 2 + first * node;
      } else {
        total += 1 + cost(selection.selectionSet, named);
      }
    }
    return total;
  };
  if (operation.operation === 'mutation') return 10;
  const root = schema.getQueryType();
  return root ? cost(operation.selectionSet, root) : 0;
}

/** Orders matching Shopify's search syntax, as far as a shipping app uses it. */
function matches(order: FakeShopifyOrder, search: string | null | undefined): boolean {
  const terms = (search ?? '').match(/(\w+):(>=|<=|>|<)?('[^']*'|"[^"]*"|\S+)/g) ?? [];
  return terms.every((term) => {
    const [, key, op, raw] = /^(\w+):(>=|<=|>|<)?(.*)$/.exec(term) ?? [];
    const value = (raw ?? '').replace(/^['"]|['"]$/g, '');
    if (key === 'status') return value === 'open' ? !order.closed && !order.cancelledAt : value === 'any' || (value === 'closed' && order.closed);
    if (key === 'fulfillment_status') {
      if (value === 'unshipped' || value === 'unfulfilled') return order.displayFulfillmentStatus === 'UNFULFILLED';
      return value === 'any' || order.displayFulfillmentStatus === value.toUpperCase();
    }
    if (key === 'updated_at' || key === 'created_at') {
      const at = (key === 'updated_at' ? order.updatedAt : order.createdAt).getTime();
      const bound = new Date(value).getTime();
      if (op === '>') return at > bound;
      if (op === '>=') return at >= bound;
      if (op === '<') return at < bound;
      if (op === '<=') return at <= bound;
      return at === bound;
    }
    return true;
  });
}

const money = (amount: string, currencyCode: string) => ({ shopMoney: { amount, currencyCode }, presentmentMoney: { amount, currencyCode } });

/**
 * A local Shopify shop on 127.0.0.1: POST /admin/api/{version}/graphql.json with the
 * X-Shopify-Access-Token header (another token: 401 as Shopify answers it), the cost
 * extensions and the leaky bucket (THROTTLED when a query costs more than is left),
 * cursor paging, and fulfilments recorded. `fail` makes the next calls go wrong.
 */
export async function startFakeShopify(options: FakeShopifyOptions): Promise<FakeShopify> {
  const now = options.now ?? Date.now;
  const max = options.bucket?.maximumAvailable ?? 2000;
  const bucket = { maximumAvailable: max, currentlyAvailable: max, restoreRate: options.bucket?.restoreRate ?? 100 };
  let refilledAt = now();
  const refill = () => {
    const t = now();
    bucket.currentlyAvailable = Math.min(bucket.maximumAvailable, bucket.currentlyAvailable + ((t - refilledAt) / 1000) * bucket.restoreRate);
    refilledAt = t;
  };
  const orders: FakeShopifyOrder[] = [];
  const fulfilments: FakeShopifyFulfilment[] = [];
  const calls: FakeShopifyCall[] = [];
  const failures: FakeShopifyFailure[] = [];
  let revoked = false;
  let serial = 1000;
  let tick = 0;
  // Every change moves updatedAt on by at least a millisecond, so "updated after" sees it.
  const stamp = () => new Date(Math.max(Date.now(), tick + 1));
  const shopName = options.shopName ?? 'Fietsenwinkel De Ketting';

  const toGraph = (order: FakeShopifyOrder) => ({
    ...order,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
    processedAt: order.createdAt.toISOString(),
    cancelledAt: order.cancelledAt?.toISOString() ?? null,
    displayFinancialStatus: order.displayFinancialStatus ?? 'PAID',
    currencyCode: order.currencyCode ?? 'EUR',
    totalPriceSet: money(order.lineItems.reduce((sum, l) => sum + Number(l.price) * l.quantity, 0).toFixed(2), order.currencyCode ?? 'EUR'),
    totalWeight: String(order.lineItems.reduce((sum, l) => sum + grams(l.weight) * l.quantity, 0)),
    shippingAddress: order.shippingAddress
      ? { ...order.shippingAddress, name: [order.shippingAddress.firstName, order.shippingAddress.lastName].filter(Boolean).join(' ') || null, country: order.shippingAddress.countryCodeV2 }
      : null,
    shippingLine: order.shippingLine ? { title: order.shippingLine, code: order.shippingLine, carrierIdentifier: null } : null,
    lineItems: (args: { first?: number; after?: string }) =>
      connection(
        order.lineItems.map((l, i) => ({
          id: `gid://shopify/LineItem/${order.legacyResourceId}${i}`,
          name: l.name,
          title: l.name,
          sku: l.sku ?? null,
          quantity: l.quantity,
          requiresShipping: l.requiresShipping ?? true,
          originalUnitPriceSet: money(l.price, order.currencyCode ?? 'EUR'),
          variant: {
            id: `gid://shopify/ProductVariant/${order.legacyResourceId}${i}`,
            sku: l.sku ?? null,
            barcode: l.barcode ?? null,
            inventoryItem: { id: `gid://shopify/InventoryItem/${order.legacyResourceId}${i}`, harmonizedSystemCode: null, countryCodeOfOrigin: null, measurement: { id: `gid://shopify/InventoryItemMeasurement/${i}`, weight: l.weight ?? null } },
          },
        })),
        args,
      ),
    fulfillmentOrders: (args: { first?: number; after?: string }) =>
      connection(
        order.fulfillmentOrders.map((f) => ({ ...f, supportedActions: f.status === 'OPEN' || f.status === 'IN_PROGRESS' ? [{ action: 'CREATE_FULFILLMENT' }] : [] })),
        args,
      ),
  });

  const root = {
    shop: () => ({ id: 'gid://shopify/Shop/1', name: shopName, myshopifyDomain: 'ketting.myshopify.com', currencyCode: 'EUR' }),
    orders: (args: { first?: number; after?: string; query?: string; sortKey?: string; reverse?: boolean }) => {
      const key = args.sortKey === 'UPDATED_AT' ? 'updatedAt' : 'createdAt';
      const list = orders.filter((o) => matches(o, args.query)).sort((a, b) => a[key].getTime() - b[key].getTime() || a.legacyResourceId - b.legacyResourceId);
      if (args.reverse) list.reverse();
      return connection(list.map(toGraph), args);
    },
    order: ({ id }: { id: string }) => {
      const order = orders.find((o) => o.id === id);
      return order ? toGraph(order) : null;
    },
    fulfillmentCreate: ({ fulfillment }: { fulfillment: { lineItemsByFulfillmentOrder: { fulfillmentOrderId: string }[]; notifyCustomer?: boolean; trackingInfo?: FakeShopifyFulfilment['trackingInfo'] } }) => {
      const ids = fulfillment.lineItemsByFulfillmentOrder.map((l) => l.fulfillmentOrderId);
      if (take('fulfil')) return { fulfillment: null, userErrors: [{ field: ['fulfillment'], message: 'Fulfillment order could not be fulfilled (told to fail).' }] };
      const order = orders.find((o) => o.fulfillmentOrders.some((f) => ids.includes(f.id)));
      const open = order?.fulfillmentOrders.filter((f) => ids.includes(f.id) && (f.status === 'OPEN' || f.status === 'IN_PROGRESS')) ?? [];
      if (!order || open.length !== ids.length) return { fulfillment: null, userErrors: [{ field: ['fulfillment', 'lineItemsByFulfillmentOrder'], message: 'Fulfillment order does not exist or is not open.' }] };
      for (const f of open) f.status = 'CLOSED';
      order.displayFulfillmentStatus = 'FULFILLED';
      order.updatedAt = stamp();
      tick = order.updatedAt.getTime();
      serial += 1;
      const made: FakeShopifyFulfilment = { id: `gid://shopify/Fulfillment/${serial}`, orderId: order.id, fulfillmentOrderIds: ids, notifyCustomer: fulfillment.notifyCustomer ?? false, trackingInfo: fulfillment.trackingInfo ?? {} };
      fulfilments.push(made);
      return { fulfillment: { id: made.id, status: 'SUCCESS', trackingInfo: [made.trackingInfo] }, userErrors: [] };
    },
  };

  function take(failure: FakeShopifyFailure): boolean {
    const index = failures.indexOf(failure);
    if (index < 0) return false;
    failures.splice(index, 1);
    return true;
  }

  const server = await startFakeHttpServer(({ method, url, headers, body }, { send }) => {
    const token = headers['x-shopify-access-token'] as string | undefined;
    const request = (body ?? {}) as { query?: string; variables?: Record<string, unknown> };
    const call: FakeShopifyCall = { accessToken: token, path: url.pathname, query: request.query ?? '', variables: request.variables ?? {}, answer: 'ok' };
    calls.push(call);
    if (method !== 'POST' || !/^\/admin\/api\/\d{4}-\d{2}\/graphql\.json$/.test(url.pathname)) return send(404, { errors: 'Not Found' });
    if (revoked || token !== options.accessToken) {
      call.answer = 'unauthorized';
      return send(401, { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' });
    }
    if (take('unavailable')) {
      call.answer = 'failed';
      return send(503, { errors: 'Service Unavailable' });
    }
    let document: DocumentNode;
    try {
      document = parse(call.query);
    } catch (error) {
      call.answer = 'invalid';
      return send(200, { errors: [{ message: String((error as Error).message), extensions: { code: 'PARSE_ERROR' } }] });
    }
    const invalid = validate(schema, document);
    if (invalid.length > 0) {
      call.answer = 'invalid';
      return send(200, { errors: invalid.map((e) => ({ message: e.message, extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } })) });
    }
    const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
    const requested = operation ? queryCost(operation, call.variables) : 0;
    refill();
    const cost = (actual: number) => ({ cost: { requestedQueryCost: requested, actualQueryCost: actual, throttleStatus: { ...bucket, currentlyAvailable: Math.floor(bucket.currentlyAvailable) } } });
    const maxCost = Math.min(options.maxQueryCost ?? 1000, bucket.maximumAvailable);
    if (requested > maxCost) {
      call.answer = 'invalid';
      return send(200, { errors: [{ message: `Query cost is ${requested}, which exceeds the single query max cost limit (${maxCost}).`, extensions: { code: 'MAX_COST_EXCEEDED', cost: requested, maxCost } }], extensions: cost(0) });
    }
    if (take('throttled') || requested > bucket.currentlyAvailable) {
      call.answer = 'throttled';
      return send(200, { errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/rate-limits' } }], extensions: cost(0) });
    }
    bucket.currentlyAvailable -= requested;
    void Promise.resolve(execute({ schema, document, rootValue: root, variableValues: call.variables })).then((result) =>
      send(200, { ...result, errors: result.errors?.map((e) => ({ message: e.message, path: e.path })), extensions: cost(requested) }),
    );
  }, options.port ?? 0, undefined, ({ body }) => {
    // "mutation fulfillmentCreate", "query orders": the operation and its first field.
    const query = String((body as { query?: unknown } | null)?.query ?? '');
    const kind = /^\s*mutation\b/.test(query) ? 'mutation' : 'query';
    const field = /\{\s*(\w+)/.exec(query)?.[1] ?? '';
    return `${kind} ${field}`;
  });

  const fake: FakeShopify = {
    url: server.url,
    domain: server.url.replace(/^http:\/\//, ''),
    orders,
    fulfilments,
    calls,
    get bucket() {
      refill();
      return bucket;
    },
    addOrder(input) {
      serial += 1;
      const createdAt = input.createdAt ?? stamp();
      const updatedAt = stamp();
      tick = updatedAt.getTime();
      const order: FakeShopifyOrder = {
        ...input,
        id: `gid://shopify/Order/${serial}`,
        legacyResourceId: serial,
        name: `#${serial}`,
        createdAt,
        updatedAt,
        closed: false,
        cancelledAt: null,
        displayFulfillmentStatus: 'UNFULFILLED',
        fulfillmentOrders: [{ id: `gid://shopify/FulfillmentOrder/${serial}`, status: 'OPEN' }],
      };
      orders.push(order);
      return order;
    },
    updateOrder(id, change) {
      const order = orders.find((o) => o.id === id);
      if (!order) throw new Error(`fake Shopify has no order ${id}`);
      Object.assign(order, change);
      order.updatedAt = stamp();
      tick = order.updatedAt.getTime();
      return order;
    },
    fail(failure, times = 1) {
      for (let i = 0; i < times; i += 1) failures.push(failure);
    },
    healthy() {
      failures.splice(0);
    },
    revokeToken() {
      revoked = true;
    },
    restoreToken() {
      revoked = false;
    },
    get faults() {
      return server.faults;
    },
    set faults(rule) {
      server.faults = rule;
    },
    close: server.close,
  };
  return fake;
}

function grams(weight: FakeShopifyLineItem['weight']): number {
  if (!weight) return 0;
  const factor = { GRAMS: 1, KILOGRAMS: 1000, OUNCES: 28.349523125, POUNDS: 453.59237 }[weight.unit];
  return Math.round(weight.value * factor);
}
