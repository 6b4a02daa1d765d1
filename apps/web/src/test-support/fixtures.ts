import { labelSchema, type Label } from '@verzendhuis/contract/label';
import { orderSchema, type Order } from '@verzendhuis/contract/order';
import type { Organisation, User } from '@verzendhuis/contract/user';
import type { Shop } from '@verzendhuis/contract/shop';
import { vi } from 'vitest';
import type { AuthContextValue, AuthStatus } from '../app/auth/auth-context';

/**
 * Answers of the API as the web app receives them, for web tests: complete objects
 * with plain defaults, changed per test by overrides.
 */

/** An organisation on a paid plan without a label quota, payment ready, nothing to do. */
export function testOrganisation(overrides: Partial<Organisation> = {}): Organisation {
  return {
    id: '7f1d6f8e-2c1a-4b7e-9a51-0d2b8f4c3e21',
    name: 'Webwinkel De Vries',
    status: null,
    status_info: [],
    shipment_logic: [],
    is_active: true,
    can_create_labels: true,
    account_manager_action_required: false,
    plan: { id: 'basic', name: 'Basis', capabilities: { trial: false }, quota: { labels: null }, subscription: { to: null } },
    plans: [],
    payment: { status: 'ready' },
    contact: { email: 'info@devries.nl', phone: '0201234567' },
    address: { company_name: 'Webwinkel De Vries', address_1: 'Oudegracht', housenumber: '12', housenumber_addition: null, zipcode: '3511 AB', city: 'Utrecht', country: 'NL' },
    company_logo_url: null,
    company: { characteristics: null, eori_number: null, eori_number_gb: null, vat_number: null, hmrc_code: null, national_phone: null },
    created_at: '2025-01-01T00:00:00Z',
    tracking: { mail_settings: {} },
    active_addons: [],
    ...overrides,
  };
}

/** GET user: the logged-in user and their organisation. */
export function testUser(organisation: Partial<Organisation> = {}): User {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Demo',
    email: 'demo@voorbeeld.nl',
    intercom_hash: null,
    is_first_login: false,
    is_operator: false,
    organisation: testOrganisation(organisation),
  };
}

/** GET label/{id}: a printed Testvervoerder label of one package (checked against the contract, so it never drifts). */
export function testLabel({ id, orderId, orderNumber = '1001', ...overrides }: { id: string; orderId: string; orderNumber?: string } & Partial<Label>): Label {
  const at = '2026-03-01T10:00:00.000Z';
  return labelSchema.parse({
    id,
    order_id: orderId,
    order_number: orderNumber,
    order_date: null, order_status: null, status: 'printed', error_status: null, status_info: [], is_active: true, is_return: false,
    marker: null, payment: null, reason_retour: null, created_at: at, updated_at: at, tracking_date: null, printed_at: at,
    courier_id: '00000000-0000-4000-8000-0000000000c1',
    service_id: null,
    // The recipient, as the label shows it.
    name: 'Lotte Visser', company_name: null, address_1: 'Oudegracht', address_2: null, housenumber: '12', zipcode: '3511 AB',
    city: 'Utrecht', country: 'NL', email: null, phone: null,
    order_items: [],
    validators: { is_export: false },
    invoice_items: [],
    ticket: null,
    shipment: { tracking_number: '3STEST000001', tracking_url: null, shipment_type: 'Pakket', courier_fields: {}, packages: [] },
    ...overrides,
  });
}

/** GET order/{id} and the answer of a save: a ready manual order of one package (checked against the contract). */
/** A linked WooCommerce shop, active and pulled without problems. */
export function testShop({ id, ...overrides }: { id: string } & Partial<Shop>): Shop {
  return {
    id,
    service_class: 'woocommerce',
    is_active: true,
    label: 'WooCommerce mijnwinkel.nl',
    meta: { class: 'woocommerce', name: 'WooCommerce', is_internal: false, order_fields: [], images: { mark: '/shops/woocommerce.svg' } },
    fields: { url: 'https://mijnwinkel.nl', consumer_key: 'ck_abc', auth: 'header' },
    last_sync_at: '2026-11-24T10:00:00.000Z',
    last_sync_count: 3,
    last_sync_error: null,
    needs_refresh: false,
    ...overrides,
  };
}

export function testOrder({ id, ...overrides }: { id: string } & Partial<Order>): Order {
  const at = '2026-03-01T10:00:00.000Z';
  return orderSchema.parse({
    id,
    order_number: '1001', order_date: at, created_at: at, updated_at: at, status: 'ready', error_status: null, status_info: [], order_status: null,
    name: 'Lotte Visser', company_name: null, address_1: 'Oudegracht', address_2: null, housenumber: '12', zipcode: '3511 AB', city: 'Utrecht',
    state_province_code: null, country: 'NL', email: null, phone: null, currency: 'EUR',
    courier_id: null, service_id: null, webshop: null, shipment_type: null, shop_shipping_method: null, pickup_point: null,
    shipment: { packages: [{ weight: 500 }], courier_fields: {} },
    shipment_packages: 1, shipment_ids: [], order_items: [], validators: { is_export: false }, ticket: null, is_active: true,
    ...overrides,
  });
}

/** The auth context of a screen behind the login (status authenticated; every action a spy). */
export function testAuth(status: AuthStatus = 'authenticated'): AuthContextValue {
  return {
    status,
    login: vi.fn(() => Promise.resolve()),
    register: vi.fn(() => Promise.resolve()),
    completeLogin: vi.fn(() => Promise.resolve('/')),
    logout: vi.fn(() => Promise.resolve()),
    restartLogin: vi.fn(() => Promise.resolve()),
    getAccessToken: vi.fn(() => Promise.resolve('token')),
  };
}
