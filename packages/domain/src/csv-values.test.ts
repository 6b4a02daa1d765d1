import { describe, expect, it } from 'vitest';
import { readCountry, readDate, readDecimal, readGrams, readPostcode, readWhole } from './csv-values';

describe('readDate', () => {
  it('reads Dutch, ISO and Shopify dates as the moment in Amsterdam time', () => {
    expect(readDate('23-11-2026')).toBe('2026-11-22T23:00:00.000Z');
    expect(readDate('23/11/2026 10:23')).toBe('2026-11-23T09:23:00.000Z');
    expect(readDate('1.7.2026')).toBe('2026-06-30T22:00:00.000Z');
    expect(readDate('2026-11-23')).toBe('2026-11-22T23:00:00.000Z');
    expect(readDate('2026-07-01 09:00:00')).toBe('2026-07-01T07:00:00.000Z');
    expect(readDate('2026-11-23 10:23:45 +0100')).toBe('2026-11-23T09:23:45.000Z');
    expect(readDate('2026-11-23T10:23:45Z')).toBe('2026-11-23T10:23:45.000Z');
    expect(readDate('')).toBeNull();
  });
  it('refuses what is no date', () => {
    expect(readDate('31-02-2026')).toEqual({ invalid: '31-02-2026' });
    expect(readDate('gisteren')).toEqual({ invalid: 'gisteren' });
  });
});

describe('numbers, postcodes and countries', () => {
  it('reads decimal commas and points', () => {
    expect(readDecimal('12,95')).toBe(12.95);
    expect(readDecimal('1.234,50')).toBe(1234.5);
    expect(readDecimal('1,234.50')).toBe(1234.5);
    expect(readDecimal('€ 8,50')).toBe(8.5);
    expect(readDecimal('12.95')).toBe(12.95);
    expect(readDecimal('twaalf')).toEqual({ invalid: 'twaalf' });
    expect(readWhole('2')).toBe(2);
    expect(readWhole('2,5')).toEqual({ invalid: '2,5' });
    expect(readGrams('350,4')).toBe(351);
  });
  it('drops Shopify’s apostrophe before a numeric postcode', () => {
    expect(readPostcode("'2000")).toBe('2000');
    expect(readPostcode(' 3511 AB ')).toBe('3511 AB');
  });
  it('reads a country code or name', () => {
    expect(readCountry('nl')).toBe('NL');
    expect(readCountry('Nederland')).toBe('NL');
    expect(readCountry('België')).toBe('BE');
    expect(readCountry('Germany')).toBe('DE');
    expect(readCountry('Atlantis')).toEqual({ invalid: 'Atlantis' });
  });
});
