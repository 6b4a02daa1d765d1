import { PDFDocument } from '@cantoo/pdf-lib';
import { describe, expect, it } from 'vitest';
import { drawFakeLabel } from './carrier-label';

describe('the label a fake carrier hands back', () => {
  it('is one A6 page, also for names the standard fonts cannot write', async () => {
    const pdf = await drawFakeLabel({
      carrier: 'PostNL',
      trackingNumber: '3SDEVC100000001',
      reference: 'PN-1',
      receiver: { name: 'Zoë Łukasz-Müller', street: 'Damrak', houseNumber: '1 A', zipcode: '1012LG', city: 'Amsterdam', country: 'NL' },
    });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const document = await PDFDocument.load(pdf);
    expect(document.getPageCount()).toBe(1);
    const { width, height } = document.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([298, 420]);
  });
});
