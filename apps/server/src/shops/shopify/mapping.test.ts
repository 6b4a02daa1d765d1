import { describe, expect, it } from 'vitest';
import { shopifyOrderStatus, shopifyOrderToInput, weightInGrams, type ShopifyLineItemNode, type ShopifyOrderNode } from './mapping';

const line = (over: Partial<ShopifyLineItemNode> = {}): ShopifyLineItemNode => ({
  id: 'gid://shopify/LineItem/1',
  name: 'Fietsbel - Zilver',
  sku: 'BEL-01',
  quantity: 2,
  requiresShipping: true,
  originalUnitPriceSet: { shopMoney: { amount: '12.50', currencyCode: 'EUR' } },
  variant: { barcode: '8712345678906', inventoryItem: { measurement: { weight: { unit: 'GRAMS', value: 150 } } } },
  ...over,
});

const order = (over: Partial<ShopifyOrderNode> = {}): ShopifyOrderNode => ({
  id: 'gid://shopify/Order/1001',
  name: '#1001',
  email: 'jan@voorbeeld.nl',
  phone: null,
  createdAt: '2026-11-23T09:23:45Z',
  updatedAt: '2026-11-23T09:23:45Z',
  displayFinancialStatus: 'PAID',
  displayFulfillmentStatus: 'UNFULFILLED',
  currencyCode: 'EUR',
  shippingAddress: {
    name: 'Jan Jansen',
    firstName: 'Jan',
    lastName: 'Jansen',
    company: null,
    address1: 'Oudegracht 231 bis',
    address2: null,
    city: 'Utrecht',
    zip: '3511 NK',
    provinceCode: null,
    countryCodeV2: 'NL',
    phone: '+31612345678',
  },
  shippingLine: { title: 'PostNL Pakketpost' },
  lineItems: { nodes: [line()], pageInfo: { hasNextPage: false, endCursor: null } },
  ...over,
});

describe('shopifyOrderToInput', () => {
  it('maps the address with the Dutch street line split, the lines, the shipping method and the status', () => {
    expect(shopifyOrderToInput(order())).toEqual({
      order_number: '#1001',
      order_date: '2026-11-23T09:23:45Z',
      order_status: 'Betaald · Niet verzonden',
      name: 'Jan Jansen',
      company_name: null,
      address_1: 'Oudegracht',
      address_2: null,
      housenumber: '231 bis',
      zipcode: '3511 NK',
      city: 'Utrecht',
      state_province_code: null,
      country: 'NL',
      email: 'jan@voorbeeld.nl',
      phone: '+31612345678',
      currency: 'EUR',
      shop_shipping_method: 'PostNL Pakketpost',
      order_items: [{ name: 'Fietsbel - Zilver', quantity: 2, unit_price_inc_btw: 12.5, sku: 'BEL-01', ean_code: '8712345678906', weight: 150 }],
    });
  });

  it('takes a house number that the theme put in address2', () => {
    const input = shopifyOrderToInput(order({ shippingAddress: { ...order().shippingAddress!, address1: 'Kerkstraat', address2: '12-A' } }));
    expect(input).toMatchObject({ address_1: 'Kerkstraat', housenumber: '12 A', address_2: null });
  });

  it('leaves a street line outside the Netherlands and Belgium whole', () => {
    const input = shopifyOrderToInput(order({ shippingAddress: { ...order().shippingAddress!, address1: '10 Downing Street', countryCodeV2: 'GB', zip: 'SW1A 2AA', city: 'London' } }));
    expect(input).toMatchObject({ address_1: '10 Downing Street', housenumber: null, country: 'GB' });
  });

  it('splits a Belgian street line with bus', () => {
    expect(shopifyOrderToInput(order({ shippingAddress: { ...order().shippingAddress!, address1: 'Rue de la Loi 16 bus 3', countryCodeV2: 'BE' } }))).toMatchObject({ address_1: 'Rue de la Loi', housenumber: '16 bus 3' });
  });

  it('leaves out lines that need no shipping and converts weights to grams', () => {
    const input = shopifyOrderToInput(
      order({
        lineItems: {
          nodes: [
            line({ name: 'Cadeaubon', requiresShipping: false }),
            line({ name: 'Zadel', sku: null, variant: { barcode: null, inventoryItem: { measurement: { weight: { unit: 'KILOGRAMS', value: 1.25 } } } } }),
            line({ name: 'Sticker', variant: null }),
          ],
          pageInfo: { hasNextPage: false, endCursor: null },
        },
      }),
    );
    expect(input.order_items?.map((i) => [i.name, i.sku, i.ean_code, i.weight])).toEqual([
      ['Zadel', null, null, 1250],
      ['Sticker', 'BEL-01', null, null],
    ]);
  });

  it('names a recipient without a full name by first and last name', () => {
    expect(shopifyOrderToInput(order({ shippingAddress: { ...order().shippingAddress!, name: null } })).name).toBe('Jan Jansen');
  });
});

describe('weightInGrams', () => {
  it('converts every Shopify weight unit', () => {
    expect([weightInGrams({ unit: 'GRAMS', value: 12.4 }), weightInGrams({ unit: 'OUNCES', value: 1 }), weightInGrams({ unit: 'POUNDS', value: 1 }), weightInGrams(null), weightInGrams({ unit: 'GRAMS', value: 0 })]).toEqual([12, 28, 454, null, null]);
  });
});

describe('shopifyOrderStatus', () => {
  it('words both display statuses in Dutch, as the shop owner reads them in Shopify', () => {
    expect(shopifyOrderStatus({ displayFinancialStatus: 'PARTIALLY_REFUNDED', displayFulfillmentStatus: 'UNFULFILLED' })).toBe('Gedeeltelijk terugbetaald · Niet verzonden');
    expect(shopifyOrderStatus({ displayFinancialStatus: null, displayFulfillmentStatus: 'UNFULFILLED' })).toBe('Niet verzonden');
  });

  it('keeps a status it has no Dutch name for, readable', () => {
    expect(shopifyOrderStatus({ displayFinancialStatus: 'SOMETHING_NEW', displayFulfillmentStatus: 'FULFILLED' })).toBe('something new · Verzonden');
  });
});
