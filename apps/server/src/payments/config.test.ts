import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';

describe('the payment provider in the configuration', () => {
  it('is the built-in test provider by default outside production', () => {
    expect(loadConfig({}).payments).toEqual({ provider: 'test' });
    expect(loadConfig({ NODE_ENV: 'test' }).paymentTimeoutMs).toBe(15_000);
  });

  it('is Mollie in production, and the app does not start without its key', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/MOLLIE_API_KEY/);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'mollie' })).toThrow(/MOLLIE_API_KEY/);
    expect(loadConfig({ NODE_ENV: 'production', MOLLIE_API_KEY: 'live_abc' }).payments).toEqual({ provider: 'mollie', apiUrl: 'https://api.mollie.com/v2', apiKey: 'live_abc' });
    expect(loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'test' }).payments).toEqual({ provider: 'test' });
  });

  it('refuses a provider it does not know', () => {
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(/PAYMENT_PROVIDER/);
  });
});
