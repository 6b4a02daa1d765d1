import { beforeAll, describe, expect, it } from 'vitest';
import type { OrganisationAddress } from '@verzendhuis/contract/user';
import { createTestCarrier } from '../carriers/test/adapter';
import { extractText, requireTools, withScratch } from '../documents/pdf-tools-for-tests';
import { drawTestLabel } from '../documents/test-label';
import { shipmentParties } from './shipment-parties';

/**
 * The Testvervoerder's label as label creation makes it (shipmentParties → the carrier →
 * the drawing), read back with pdftotext: the organisation's address as sender, and a
 * return label that says RETOUR and goes from the customer to the organisation.
 */

const organisationAddress: OrganisationAddress = {
  company_name: 'Theewinkel Het Blaadje',
  address_1: 'Keizersgracht',
  housenumber: '123',
  housenumber_addition: 'B',
  zipcode: '1015 CJ',
  city: 'Amsterdam',
  country: 'NL',
};
const organisation = { contact: { email: 'info@blaadje.nl', phone: '0201234567' } };
const order = { name: 'Søren Weiß', companyName: null, address1: 'Oudegracht', housenumber: '12', address2: null, zipcode: '3511 AB', city: 'Utrecht', country: 'NL', email: null, phone: null };

async function labelText(isReturn: boolean): Promise<string> {
  const carrier = createTestCarrier({ drawLabel: drawTestLabel });
  const { sender, receiver } = shipmentParties({ order, organisation, organisationAddress, isReturn });
  const [label] = await carrier.createShipment(
    { reference: 'WEB-1001', shipmentType: 'standard', courierFields: {}, sender, receiver, packages: [{ weight: 800 }], isReturn },
    { settings: {}, signal: AbortSignal.timeout(10_000) },
  );
  return withScratch((dir) => extractText(dir, label!.labelPdf));
}

/** The label's text split at its two captions: what stands under Afzender and under Ontvanger. */
function blocks(text: string): { sender: string; receiver: string } {
  const [, afterSender = ''] = text.split('Afzender');
  const [sender = '', receiver = ''] = afterSender.split('Ontvanger');
  return { sender, receiver };
}

describe('the sender and receiver on a Testvervoerder label', () => {
  beforeAll(async () => {
    await requireTools('pdftotext');
  });

  it('has the organisation’s address as sender and the customer as receiver', async () => {
    const text = await labelText(false);
    const { sender, receiver } = blocks(text);
    for (const line of ['Theewinkel Het Blaadje', 'Keizersgracht 123 B', '1015 CJ', 'Amsterdam', 'Nederland']) expect(sender).toContain(line);
    for (const line of ['Søren Weiß', 'Oudegracht 12', '3511 AB', 'Utrecht']) expect(receiver).toContain(line);
    expect(text).not.toContain('RETOUR');
  });

  it('says RETOUR on a return label, from the customer to the organisation', async () => {
    const text = await labelText(true);
    expect(text).toContain('RETOUR');
    const { sender, receiver } = blocks(text);
    for (const line of ['Søren Weiß', 'Oudegracht 12', '3511 AB', 'Utrecht']) expect(sender).toContain(line);
    for (const line of ['Theewinkel Het Blaadje', 'Keizersgracht 123 B', '1015 CJ', 'Amsterdam']) expect(receiver).toContain(line);
    expect(receiver).not.toContain('Søren');
  });
});
