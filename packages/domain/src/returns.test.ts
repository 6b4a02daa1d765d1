import { describe, expect, it } from 'vitest';
import { formatEuroCents, parseEuroCents, returnWindowOpen, samePostcode, slugFromName, slugProblem, validateReturnSettings } from './returns';

describe('return rules', () => {
  it('reads euro amounts into cents without floating point', () => {
    expect(parseEuroCents('3,95')).toBe(395);
    expect(parseEuroCents('€ 4')).toBe(400);
    expect(parseEuroCents('4.5')).toBe(450);
    expect(parseEuroCents('0,07')).toBe(7);
    expect(parseEuroCents('drie')).toBeNull();
    expect(parseEuroCents('3,955')).toBeNull();
    expect(formatEuroCents(395)).toBe('€ 3,95');
    expect(formatEuroCents(7)).toBe('€ 0,07');
  });

  it('makes and checks slugs', () => {
    expect(slugFromName('Bakkerij Één & Zoon B.V.')).toBe('bakkerij-een-zoon-b-v');
    expect(slugFromName('X')).toBe('retour-x');
    expect(slugProblem('mijn-winkel')).toBeNull();
    for (const bad of ['', 'ab', '-ab', 'ab-', 'a b', 'Ab', 'a--b', 'x'.repeat(61)]) expect(slugProblem(bad)).not.toBeNull();
  });

  it('compares postcodes as typed and keeps the return period', () => {
    expect(samePostcode('1012 LG', '1012lg')).toBe(true);
    expect(samePostcode('', '')).toBe(false);
    const orderDate = new Date('2025-01-01T12:00:00Z');
    expect(returnWindowOpen({ orderDate, days: 30, now: new Date('2025-01-31T12:00:00Z') })).toBe(true);
    expect(returnWindowOpen({ orderDate, days: 30, now: new Date('2025-01-31T12:00:01Z') })).toBe(false);
  });

  it('refuses unknown payment methods, negative or non-integer prices and a period out of range', () => {
    expect(Object.keys(validateReturnSettings({ payment_methods: ['cash'], consumer_price_cents: 3.5, return_days: 0 })).sort()).toEqual(['consumer_price_cents', 'payment_methods', 'return_days']);
    expect(validateReturnSettings({ payment_methods: ['store_credit'], consumer_price_cents: 395, return_days: 14, slug: 'ok-slug' })).toEqual({});
  });
});
