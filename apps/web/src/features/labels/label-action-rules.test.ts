import { describe, expect, it } from 'vitest';
import { canMarkDelivered, formatAmount, formatEuro, investigationAction, investigationPaths, invoiceTotal, labelTabOf, returnLabelState } from './label-action-rules';

const item = (type: string, total = '5.95') => ({ id: '00000000-0000-4000-8000-000000000001', type, parts: [], total });
const shipment = (courierClass?: string) => ({
  tracking_number: null,
  tracking_url: null,
  shipment_type: 'parcel',
  courier_fields: {},
  packages: courierClass
    ? [{ package_number: 1, weight: 0, tracking_number: 'X', tracking_url: null, pickup_url: null, courier_class: courierClass, courier_id: '00000000-0000-4000-8000-000000000002' }]
    : [],
});

describe('mark delivered (orders spec §4)', () => {
  it('is offered until a label is delivered or canceled', () => {
    for (const status of ['ready', 'printed', 'shipped', 'delayed', 'error']) expect(canMarkDelivered({ status, is_active: true })).toBe(true);
    expect(canMarkDelivered({ status: 'completed', is_active: true })).toBe(false);
    expect(canMarkDelivered({ status: 'canceled', is_active: true })).toBe(false);
    expect(canMarkDelivered({ status: 'ready', is_active: false })).toBe(false);
  });
});

describe('investigation (orders spec §2.5, §6)', () => {
  it('is requested only with a label_price invoice item, or in development', () => {
    expect(investigationAction({ ticket: null, invoice_items: [] }, { development: false })).toBeNull();
    expect(investigationAction({ ticket: null, invoice_items: [item('surcharge')] }, { development: false })).toBeNull();
    expect(investigationAction({ ticket: null, invoice_items: [item('label_price')] }, { development: false })).toEqual({ kind: 'request' });
    expect(investigationAction({ ticket: null, invoice_items: [] }, { development: true })).toEqual({ kind: 'request' });
  });

  it('goes to the existing investigation when there is one', () => {
    const ticket = { id: '00000000-0000-4000-8000-000000000009' };
    expect(investigationAction({ ticket, invoice_items: [] }, { development: false })).toEqual({ kind: 'open', ticketId: ticket.id });
    expect(investigationPaths.ticket(ticket.id)).toBe(`/settings/tickets/${ticket.id}`);
    expect(investigationPaths.create('abc')).toBe('/dashboard/labels/abc/create-ticket');
  });
});

describe('Retourlabel maken (orders spec §2.7, §5)', () => {
  it('is disabled with the reason for PostNL to Germany and France', () => {
    const refused = returnLabelState({ is_return: false, is_active: true, country: 'DE', shipment: shipment('postnl') });
    expect(refused).toEqual({ shown: true, refusal: 'Voor deze vervoerder kunnen geen retourlabels worden gemaakt voor bestellingen naar dit land.' });
    expect(returnLabelState({ is_return: false, is_active: true, country: 'FR', shipment: shipment() }, 'postnl').refusal).not.toBeNull();
  });

  it('is allowed for the Testvervoerder and PostNL in the Netherlands', () => {
    expect(returnLabelState({ is_return: false, is_active: true, country: 'FR', shipment: shipment('test') })).toEqual({ shown: true, refusal: null });
    expect(returnLabelState({ is_return: false, is_active: true, country: 'NL', shipment: shipment('postnl') })).toEqual({ shown: true, refusal: null });
  });

  it('is not offered on a return label itself', () => {
    expect(returnLabelState({ is_return: true, is_active: true, country: 'NL', shipment: shipment('test') }).shown).toBe(false);
  });
});

describe('amounts (orders spec §2.7)', () => {
  it('formats euros the Dutch way and adds totals in cents', () => {
    expect(formatEuro('5.95').replace(/\s/g, ' ')).toBe('€ 5,95');
    expect(formatEuro('-1234.50').replace(/\s/g, ' ')).toMatch(/^€ -1\.234,50$|^-€ 1\.234,50$/);
    expect(formatEuro('kapot')).toBe('–');
    expect(invoiceTotal([item('label_price', '0.10'), item('surcharge', '0.20')])).toBe('0.30');
    expect(invoiceTotal([])).toBe('0.00');
    expect(formatAmount(1234.5)).toBe('1.234,50');
  });
});

describe('the back button of the label page', () => {
  it('returns to the tab that lists the label now', () => {
    expect(labelTabOf({ status: 'ready', is_return: false }, false)).toBe('labels');
    expect(labelTabOf({ status: 'canceled', is_return: false }, false)).toBe('labels');
    expect(labelTabOf({ status: 'shipped', is_return: false }, false)).toBe('tracking');
    expect(labelTabOf({ status: 'error', is_return: false }, false)).toBe('tracking');
    expect(labelTabOf({ status: 'completed', is_return: false }, false)).toBe('delivered');
    expect(labelTabOf({ status: 'printed', is_return: true }, false)).toBe('return');
  });

  it('returns to Retouren when the page was opened from there', () => {
    expect(labelTabOf({ status: 'completed', is_return: true }, true)).toBe('return');
  });
});
