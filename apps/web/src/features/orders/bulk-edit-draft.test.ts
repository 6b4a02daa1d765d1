import { describe, expect, it } from 'vitest';
import { orderBulkEditTexts as texts } from '@verzendhuis/domain/orders-texts';
import { otherCourier, testCourier } from '../order-form/test-couriers';
import { draftCourier, draftToValues, emptyDraft, packageLimitError, sharedCourierId, withCourier, withCourierField, withShipmentType } from './bulk-edit-draft';

const test = testCourier();
const other = otherCourier();
const couriers = [test, other];

describe('the bulk edit draft', () => {
  it('sends nothing that was not set', () => {
    expect(draftToValues(emptyDraft)).toEqual({});
    expect(draftToValues({ ...emptyDraft, weight: 1500 })).toEqual({ weight: 1500 });
    expect(draftToValues({ ...emptyDraft, package_count: 2, courier_fields: { signature: false } })).toEqual({ package_count: 2, courier_fields: { signature: false } });
  });

  it('offers the types and options of the chosen courier, else of the one every order shares', () => {
    const same = [{ courier_id: test.id }, { courier_id: test.id }];
    const mixed = [{ courier_id: test.id }, { courier_id: null }];
    expect(sharedCourierId(same)).toBe(test.id);
    expect(sharedCourierId(mixed)).toBeNull();
    expect(draftCourier(emptyDraft, same, couriers)?.id).toBe(test.id);
    expect(draftCourier(emptyDraft, mixed, couriers)).toBeNull();
    expect(draftCourier({ ...emptyDraft, courier_id: other.id }, mixed, couriers)?.id).toBe(other.id);
  });

  it('starts type and options over when the courier changes', () => {
    const set = { ...emptyDraft, courier_id: test.id, shipment_type: 'parcel', courier_fields: { signature: true }, weight: 100 };
    expect(withCourier(set, other.id)).toEqual({ ...emptyDraft, courier_id: other.id, weight: 100 });
    expect(withCourier(set, test.id)).toBe(set);
  });

  it('forgets an option that is emptied, and the ones a letter type locks', () => {
    const set = withCourierField(withCourierField(emptyDraft, 'signature', true), 'delivery_date', '2030-01-07');
    expect(withCourierField(set, 'delivery_date', null).courier_fields).toEqual({ signature: true });
    expect(withShipmentType(set, test, 'letter')).toMatchObject({ shipment_type: 'letter', courier_fields: { delivery_date: '2030-01-07' } });
  });

  it('checks the package count against the courier before sending, with the server’s text', () => {
    // The Testvervoerder of the tests takes 3 packages; without a known courier 50 (the contract's limit).
    expect(packageLimitError({ package_count: 4 }, test)).toBe(texts.refusals.tooManyPackages(3));
    expect(packageLimitError({ package_count: 3 }, test)).toBeNull();
    expect(packageLimitError({ package_count: 4 }, null)).toBeNull();
    expect(packageLimitError({ weight: 100 }, test)).toBeNull();
  });
});
