import { describe, expect, it } from 'vitest';
import { nextSort, parseSort, readListParams, writeListParams } from './list-params';

const defaults = { sort: '-order_date' };

describe('readListParams', () => {
  it('falls back to page 1, 25 rows, the default sort and no search', () => {
    expect(readListParams(new URLSearchParams(''), defaults)).toEqual({ page: 1, pageSize: 25, sort: '-order_date', search: '' });
  });

  it('reads the query and ignores nonsense', () => {
    expect(readListParams(new URLSearchParams('page=3&page_size=50&sort=name&search=jan'), defaults)).toEqual({
      page: 3,
      pageSize: 50,
      sort: 'name',
      search: 'jan',
    });
    expect(readListParams(new URLSearchParams('page=-1&page_size=33'), defaults)).toMatchObject({ page: 1, pageSize: 25 });
    expect(readListParams(new URLSearchParams('page=abc'), defaults).page).toBe(1);
  });
});

describe('writeListParams', () => {
  it('leaves defaults out of the URL and keeps unrelated parameters', () => {
    const out = writeListParams(new URLSearchParams('page=2&x=1'), { page: 1 }, defaults);
    expect(out.toString()).toBe('x=1');
  });

  it('starts again at page 1 when the search, sort or page size changes', () => {
    const at3 = new URLSearchParams('page=3');
    expect(writeListParams(at3, { search: 'piet' }, defaults).toString()).toBe('search=piet');
    expect(writeListParams(at3, { sort: 'name' }, defaults).toString()).toBe('sort=name');
    expect(writeListParams(at3, { pageSize: 50 }, defaults).toString()).toBe('page_size=50');
  });

  it('keeps the page when nothing else changes', () => {
    expect(writeListParams(new URLSearchParams('search=piet&page=2'), { search: 'piet' }, defaults).get('page')).toBe('2');
    expect(Object.fromEntries(writeListParams(new URLSearchParams('search=piet'), { page: 4 }, defaults))).toEqual({ page: '4', search: 'piet' });
  });

  it('drops a blank search', () => {
    expect(writeListParams(new URLSearchParams('search=piet'), { search: '  ' }, defaults).has('search')).toBe(false);
  });
});

describe('sorting', () => {
  it('parses a leading minus as descending', () => {
    expect(parseSort('-order_date')).toEqual({ key: 'order_date', descending: true });
    expect(parseSort('name')).toEqual({ key: 'name', descending: false });
  });

  it('sorts a new column ascending and flips the same column', () => {
    expect(nextSort('-order_date', 'name')).toBe('name');
    expect(nextSort('name', 'name')).toBe('-name');
    expect(nextSort('-name', 'name')).toBe('name');
  });
});
