import { beforeAll, describe, expect, it } from 'vitest';
import { testLabelTexts } from '@verzendhuis/domain/labels-texts';
import { extractText, requireTools, withScratch } from '../../documents/pdf-tools-for-tests';
import { drawTestLabel } from '../../documents/test-label';
import { createTestCarrier } from './adapter';

/**
 * Issue 14 §5: a Testvervoerder parcel for a pickup point, read back with pdftotext: the
 * receiver's name stays, the address is the point's, marked AFHAALPUNT.
 */

const sender = { name: '', company_name: 'Theewinkel Het Blaadje', address_1: 'Keizersgracht', housenumber: '123', zipcode: '1015 CJ', city: 'Amsterdam', country: 'NL' };
const receiver = { name: 'Søren Weiß', company_name: null, address_1: 'Oudegracht', housenumber: '12', address_2: 'tweede verdieping', zipcode: '3511 AB', city: 'Utrecht', country: 'NL' };
const pickupPoint = { id: 'TV-3511-01', name: 'Boekhandel De Zwaan', address: { street_address: 'Lange Elisabethstraat 9', zip_code: '3511 JB', city: 'Utrecht-Centrum' } };

async function labelText(withPoint: boolean): Promise<string> {
  const carrier = createTestCarrier({ drawLabel: drawTestLabel });
  const [label] = await carrier.createShipment(
    { reference: 'WEB-1001', shipmentType: 'standard', courierFields: {}, sender, receiver, packages: [{ weight: 800 }], isReturn: false, ...(withPoint ? { pickupPoint } : {}) },
    { settings: {}, signal: AbortSignal.timeout(10_000) },
  );
  return withScratch((dir) => extractText(dir, label!.labelPdf));
}

describe('a Testvervoerder label for a pickup point', () => {
  beforeAll(async () => {
    await requireTools('pdftotext');
  });

  it('keeps the receiver’s name and prints the point’s name and address, marked AFHAALPUNT', async () => {
    const text = await labelText(true);
    const [, receiverBlock = ''] = text.split(testLabelTexts.receiver);
    expect(text).toContain(testLabelTexts.pickupPointMark);
    for (const line of ['Søren Weiß', 'Boekhandel De Zwaan', 'Lange Elisabethstraat 9', '3511 JB', 'Utrecht-Centrum']) expect(receiverBlock).toContain(line);
    // The customer's own address is not where the parcel goes.
    for (const line of ['Oudegracht 12', 'tweede verdieping', '3511 AB']) expect(text).not.toContain(line);
  });

  it('has no mark and the customer’s address without a pickup point', async () => {
    const text = await labelText(false);
    expect(text).not.toContain(testLabelTexts.pickupPointMark);
    for (const line of ['Søren Weiß', 'Oudegracht 12', '3511 AB']) expect(text).toContain(line);
  });
});
