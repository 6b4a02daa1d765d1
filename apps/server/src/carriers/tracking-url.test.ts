import { describe, expect, it } from 'vitest';
import { allCourierClassMeta, createCarrierRegistry } from './registry';

const registry = createCarrierRegistry({ labelDrawing: { draw: () => Promise.reject(new Error('draws nothing here')) } });
const adapter = (serviceClass: string) => {
  const found = registry.adapter(serviceClass);
  if (!found) throw new Error(`no adapter ${serviceClass}`);
  return found;
};

describe('the tracking page of a parcel, per carrier', () => {
  it('is a link for every carrier class with a public track and trace, and none for the Testvervoerder', () => {
    const parcel = { trackingNumber: '3SDEVC1234567', zipcode: ' 3511 ab', country: 'NL' };
    const urls = Object.fromEntries(allCourierClassMeta().map((meta) => [meta.class, adapter(meta.class).trackingUrl(parcel)]));
    expect(urls).toEqual({
      test: null,
      postnl: 'https://jouw.postnl.nl/track-and-trace/3SDEVC1234567-NL-3511AB',
      dhl: 'https://my.dhlparcel.nl/home/tracktrace/3SDEVC1234567/3511AB',
      dpd: 'https://tracking.dpd.de/status/nl_NL/parcel/3SDEVC1234567',
      gls: 'https://gls-group.com/NL/nl/volg-je-pakket?match=3SDEVC1234567&postalCode=3511AB',
      ups: 'https://www.ups.com/track?loc=nl_NL&tracknum=3SDEVC1234567',
      bpost: 'https://track.bpost.cloud/btr/web/#/search?itemCode=3SDEVC1234567&lang=nl&postalCode=3511AB',
    });
  });

  it('carries the destination abroad, and escapes what is not part of a path', () => {
    expect(adapter('postnl').trackingUrl({ trackingNumber: '3SDEVC7654321', zipcode: '1000', country: 'BE' })).toBe('https://jouw.postnl.nl/track-and-trace/3SDEVC7654321-BE-1000');
    expect(adapter('dhl').trackingUrl({ trackingNumber: 'JVGL/1?2', zipcode: 'sw1a 1aa', country: 'GB' })).toBe('https://my.dhlparcel.nl/home/tracktrace/JVGL%2F1%3F2/SW1A1AA');
  });
});
