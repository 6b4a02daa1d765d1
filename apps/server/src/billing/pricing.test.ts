import { describe, expect, it } from 'vitest';
import { allCourierClassMeta } from '../carriers/registry';
import { referencePriceRows } from './price-table';
import { priceLabel, priceZone, type PriceInput } from './pricing';

const rows = referencePriceRows();
const price = (input: Partial<PriceInput>) =>
  priceLabel(rows, { courierClass: 'test', shipmentType: 'parcel', country: 'NL', weights: [800], courierFields: {}, ...input });

describe('priceZone', () => {
  it('puts NL, the other EU members and the rest of the world apart', () => {
    expect(priceZone('NL')).toBe('NL');
    expect(priceZone('be')).toBe('EU');
    expect(priceZone('DE')).toBe('EU');
    expect(priceZone('GB')).toBe('WORLD');
    expect(priceZone('CH')).toBe('WORLD');
    expect(priceZone('US')).toBe('WORLD');
  });
});

describe('priceLabel', () => {
  it('charges the base price of the weight bracket', () => {
    expect(price({})).toMatchObject({ ok: true, charge: { totalCents: 495, parts: [{ description: 'Testvervoerder Pakket Nederland tot 2 kg', unit_price: '4.95' }] } });
    expect(price({ weights: [2000] })).toMatchObject({ ok: true, charge: { totalCents: 495 } });
    expect(price({ weights: [2001] })).toMatchObject({ ok: true, charge: { totalCents: 695 } });
    expect(price({ weights: [31500] })).toMatchObject({ ok: true, charge: { totalCents: 1595 } });
  });

  it('makes one base part per package, each with the surcharges of the options that are on', () => {
    const result = price({ weights: [1500, 12000], courierFields: { signature: true, no_neighbours: false, insurance: '0', reference: 'ABC' } });
    expect(result).toEqual({
      ok: true,
      charge: {
        totalCents: 495 + 30 + 1195 + 30,
        parts: [
          expect.objectContaining({ description: 'Pakket 1: Testvervoerder Pakket Nederland tot 2 kg', unit_price: '4.95' }),
          expect.objectContaining({ description: 'Pakket 1: Toeslag handtekening bij aflevering', unit_price: '0.30' }),
          expect.objectContaining({ description: 'Pakket 2: Testvervoerder Pakket Nederland tot 23 kg', unit_price: '11.95' }),
          expect.objectContaining({ description: 'Pakket 2: Toeslag handtekening bij aflevering', unit_price: '0.30' }),
        ],
      },
    });
  });

  it('charges the surcharge of the chosen insurance amount', () => {
    expect(price({ courierFields: { insurance: '1000' } })).toMatchObject({ ok: true, charge: { totalCents: 495 + 250 } });
    expect(price({ courierFields: { insurance: '5000' }, country: 'BE' })).toMatchObject({ ok: true, charge: { totalCents: 995 + 2250 } });
  });

  it('uses the zone of the destination', () => {
    expect(price({ country: 'FR' })).toMatchObject({ ok: true, charge: { totalCents: 995 } });
    expect(price({ country: 'NO' })).toMatchObject({ ok: true, charge: { totalCents: 1995 } });
  });

  it('names the input without a price: shipment type, country, weight or option', () => {
    expect(price({ shipmentType: 'express' })).toEqual({ ok: false, field: 'shipment_type', message: 'Prijs onbekend voor test express: shipment_type.' });
    expect(price({ shipmentType: 'letterbox', country: 'DE' })).toEqual({ ok: false, field: 'country', message: 'Prijs onbekend voor test letterbox: country.' });
    expect(price({ weights: [800, 31501] })).toEqual({ ok: false, field: 'weight', message: 'Prijs onbekend voor test parcel: weight.' });
    expect(price({ country: 'US', courierFields: { signature: true } })).toEqual({ ok: false, field: 'signature', message: 'Prijs onbekend voor test parcel: signature.' });
    expect(price({ country: 'US', courierFields: { insurance: '5000' } })).toMatchObject({ ok: false, field: 'insurance' });
    expect(priceLabel(rows, { courierClass: 'dhl', shipmentType: 'door', country: 'US', weights: [500], courierFields: {} })).toMatchObject({ ok: false, field: 'country' });
    expect(priceLabel(rows, { courierClass: 'onbekend', shipmentType: 'standard', country: 'NL', weights: [500], courierFields: {} })).toMatchObject({ ok: false, field: 'shipment_type' });
  });

  it('prices a package without weight in the first bracket', () => {
    expect(price({ weights: [] })).toMatchObject({ ok: true, charge: { totalCents: 495 } });
  });
});

describe('the reference price table', () => {
  it('prices every shipment type of every courier class within the Netherlands', () => {
    for (const meta of allCourierClassMeta()) {
      for (const type of meta.shipment_types) {
        expect(priceLabel(rows, { courierClass: meta.class, shipmentType: type.id, country: 'NL', weights: [1000], courierFields: {} }).ok, `${meta.class} ${type.id}`).toBe(true);
      }
    }
  });

  it('has brackets up to the maximum shipment weight for parcels and 2 kg for letterbox parcels', () => {
    for (const meta of allCourierClassMeta()) {
      for (const type of meta.shipment_types) {
        const top = Math.max(...rows.filter((r) => r.courierClass === meta.class && r.shipmentType === type.id && r.option === null).map((r) => r.maxWeight ?? 0));
        expect(top, `${meta.class} ${type.id}`).toBe(type.is_letter ? 2000 : 31500);
      }
    }
  });

  it('prices options by the order-field names and values of the courier class', () => {
    for (const row of rows.filter((r) => r.option !== null)) {
      const [name, value] = (row.option ?? '').split('=');
      const field = allCourierClassMeta().find((m) => m.class === row.courierClass)?.order_fields.find((f) => f.name === name);
      expect(field, `${row.courierClass} ${row.option}`).toBeDefined();
      if (value !== undefined) expect(field?.options.map((o) => o.value), `${row.courierClass} ${row.option}`).toContain(value);
    }
  });

  it('gives every row its own stable id', () => {
    const ids = rows.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(referencePriceRows().map((r) => r.id)).toEqual(ids);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
