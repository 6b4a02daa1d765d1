/**
 * The Admin GraphQL operations of the Shopify adapter. Page sizes keep one orders page
 * under Shopify's single-query limit of 1000 points (20 orders × 5 lines ≈ 850); an order
 * with more lines fetches the rest with `orderLineItems`.
 */
export const ordersPageSize = 20;
export const lineItemsPageSize = 5;

const lineItemFields = /* GraphQL */ `
  id
  name
  sku
  quantity
  requiresShipping
  originalUnitPriceSet { shopMoney { amount currencyCode } }
  variant { barcode inventoryItem { measurement { weight { unit value } } } }
`;

export const shopQuery = /* GraphQL */ `
  query VerzendhuisShop {
    shop { name myshopifyDomain }
  }
`;

export const ordersQuery = /* GraphQL */ `
  query VerzendhuisOrders($first: Int!, $after: String, $query: String!) {
    orders(first: $first, after: $after, query: $query, sortKey: UPDATED_AT) {
      pageInfo { hasNextPage endCursor }
      nodes {
        id
        name
        email
        phone
        createdAt
        updatedAt
        displayFinancialStatus
        displayFulfillmentStatus
        currencyCode
        shippingAddress { name firstName lastName company address1 address2 city zip provinceCode countryCodeV2 phone }
        shippingLine { title }
        lineItems(first: ${lineItemsPageSize}) {
          pageInfo { hasNextPage endCursor }
          nodes { ${lineItemFields} }
        }
      }
    }
  }
`;

export const orderLineItemsQuery = /* GraphQL */ `
  query VerzendhuisOrderLines($id: ID!, $after: String) {
    order(id: $id) {
      lineItems(first: 50, after: $after) {
        pageInfo { hasNextPage endCursor }
        nodes { ${lineItemFields} }
      }
    }
  }
`;

export const fulfillmentOrdersQuery = /* GraphQL */ `
  query VerzendhuisFulfillmentOrders($id: ID!) {
    order(id: $id) {
      id
      fulfillmentOrders(first: 20) {
        nodes { id status supportedActions { action } }
      }
    }
  }
`;

export const fulfillmentCreateMutation = /* GraphQL */ `
  mutation VerzendhuisFulfil($fulfillment: FulfillmentInput!) {
    fulfillmentCreate(fulfillment: $fulfillment) {
      fulfillment { id status }
      userErrors { field message }
    }
  }
`;

/** The search of the orders call: open, not yet shipped, changed since the last pull. */
export function ordersSearch(updatedSince: Date | null): string {
  const terms = ['status:open', 'fulfillment_status:unshipped'];
  if (updatedSince) terms.push(`updated_at:>='${updatedSince.toISOString()}'`);
  return terms.join(' ');
}
