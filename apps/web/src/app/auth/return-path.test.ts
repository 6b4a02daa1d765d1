import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it('keeps a path of the app with its query', () => {
    expect(safeReturnPath('/dashboard/labels?search=abc')).toBe('/dashboard/labels?search=abc');
  });

  it('refuses other sites, other values and the login callback', () => {
    expect(safeReturnPath('https://example.com/')).toBe('/');
    expect(safeReturnPath('//example.com/')).toBe('/');
    expect(safeReturnPath('/\\example.com')).toBe('/');
    expect(safeReturnPath(undefined)).toBe('/');
    expect(safeReturnPath(42)).toBe('/');
    expect(safeReturnPath('/authentication?code=x')).toBe('/');
  });
});
