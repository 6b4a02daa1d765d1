import { describe, expect, it } from 'vitest';
import { labelTabFor, orderTabFor, tabSearch, visibleTabFor } from './dashboard-tabs';

describe('dashboard tabs', () => {
  it('shows the orders tab for /dashboard and for the problematic view', () => {
    expect(visibleTabFor(undefined)).toBe('orders');
    expect(visibleTabFor('problematic')).toBe('orders');
    expect(visibleTabFor('delayed')).toBe('tracking');
    expect(visibleTabFor('return')).toBe('return');
  });

  it('maps the route value to the server\'s order tab', () => {
    expect(orderTabFor(undefined)).toBe('orders');
    expect(orderTabFor('orders')).toBe('orders');
    expect(orderTabFor('problematic')).toBe('problematic');
    expect(orderTabFor('other')).toBe('other');
    expect(orderTabFor('labels')).toBeNull();
  });

  it('lists labels in Labels, Verzonden and Bezorgd', () => {
    expect(labelTabFor('labels')).toBe('labels');
    expect(labelTabFor('tracking')).toBe('tracking');
    expect(labelTabFor(visibleTabFor('delayed'))).toBe('tracking');
    expect(labelTabFor('delivered')).toBe('delivered');
    expect(labelTabFor('return')).toBe('return');
    expect(labelTabFor('orders')).toBeNull();
  });

  it('carries only the search over to another tab', () => {
    expect(tabSearch(new URLSearchParams('search=jan&page=3&sort=name'))).toBe('?search=jan');
    expect(tabSearch(new URLSearchParams('page=3'))).toBe('');
  });
});
