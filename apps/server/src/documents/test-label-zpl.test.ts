import { describe, expect, it } from 'vitest';
import { testLabelZpl, zplField } from './test-label-zpl';

const input = {
  trackingNumber: '3STEST000000042',
  packageNumber: 1,
  packageCount: 2,
  weightGrams: 1250,
  shipmentTypeName: 'Pakket',
  reference: 'ORD-7',
  sender: { name: '', company_name: 'Webwinkel B.V.', address_1: 'Keizersgracht', housenumber: '100', zipcode: '1015 AA', city: 'Amsterdam', country: 'NL' },
  receiver: { name: 'Zoë ^XZ~JA de Vries', address_1: 'Oudegracht', housenumber: '12 bis', zipcode: '3511 ab', city: 'Utrecht', country: 'NL' },
};

describe('the Testvervoerder ZPL label', () => {
  it('is one ZPL II document with the label fields, a Code 128 of the tracking number and the Data Matrix', () => {
    const zpl = testLabelZpl(input).toString('utf8');
    expect(zpl.startsWith('^XA\n^CI28')).toBe(true);
    expect(zpl.trimEnd().endsWith('^XZ')).toBe(true);
    expect(zpl.match(/\^XA/g)).toHaveLength(1);
    expect(zpl).toContain('^BCN,200,Y,N,N^FH_^FD3STEST000000042^FS');
    expect(zpl).toContain('^BXN,6,200^FH_^FD3STEST000000042+3511AB^FS');
    for (const text of ['Webwinkel B.V.', 'Oudegracht 12 bis', '3511 ab Utrecht', 'Pakket 1/2', '1,3 kg', 'Referentie: ORD-7']) expect(zpl).toContain(text);
  });

  it('cannot be ended or steered by an address: ^ and ~ in a field are hex escapes', () => {
    const zpl = testLabelZpl(input).toString('utf8');
    expect(zpl.match(/\^XZ/g)).toHaveLength(1);
    expect(zpl).toContain('Zoë _5EXZ_7EJA de Vries');
    expect(zplField('a_b\nc')).toBe('a_5Fb c');
  });
});
