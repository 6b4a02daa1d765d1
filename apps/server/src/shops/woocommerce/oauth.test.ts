import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { oauthEncode, oauthParameters } from './oauth';

describe('oauthParameters', () => {
  it('signs the method, the URL without its query and the sorted parameters (HMAC-SHA256, secret + "&")', () => {
    const url = new URL('http://winkel.example/wp-json/wc/v3/orders?status=processing&per_page=100&modified_after=2026-11-23T10:00:00');
    const params = oauthParameters({ method: 'get', url, consumerKey: 'ck_1', consumerSecret: 'cs_2' }, { timestamp: 1795000000, nonce: 'abc' });
    const base =
      'GET&http%3A%2F%2Fwinkel.example%2Fwp-json%2Fwc%2Fv3%2Forders&' +
      oauthEncode('modified_after=2026-11-23T10%3A00%3A00&oauth_consumer_key=ck_1&oauth_nonce=abc&oauth_signature_method=HMAC-SHA256&oauth_timestamp=1795000000&oauth_version=1.0&per_page=100&status=processing');
    expect(params).toEqual({
      oauth_consumer_key: 'ck_1',
      oauth_nonce: 'abc',
      oauth_signature_method: 'HMAC-SHA256',
      oauth_timestamp: '1795000000',
      oauth_version: '1.0',
      oauth_signature: createHmac('sha256', 'cs_2&').update(base).digest('base64'),
    });
  });

  it('encodes as RFC 3986 (!*\'() too, ~ not)', () => {
    expect(oauthEncode("a b!*'()~")).toBe('a%20b%21%2A%27%28%29~');
  });

  it('gives every request its own nonce and the current time', () => {
    const url = new URL('http://winkel.example/wp-json/wc/v3/orders');
    const a = oauthParameters({ method: 'GET', url, consumerKey: 'k', consumerSecret: 's' });
    const b = oauthParameters({ method: 'GET', url, consumerKey: 'k', consumerSecret: 's' });
    expect(a.oauth_nonce).not.toBe(b.oauth_nonce);
    expect(Math.abs(Number(a.oauth_timestamp) - Date.now() / 1000)).toBeLessThan(5);
  });
});
