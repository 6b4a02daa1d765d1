import { describe, expect, it } from 'vitest';
import { pageSelection, toggleAllOnPage, toggleRow, visibleSelection } from './selection';

describe('row selection', () => {
  it('toggles one row', () => {
    expect(toggleRow([], 'a')).toEqual(['a']);
    expect(toggleRow(['a', 'b'], 'a')).toEqual(['b']);
  });

  it('selects all rows of the page, and clears them when all were selected', () => {
    expect(toggleAllOnPage(['b'], ['a', 'b', 'c'])).toEqual(['b', 'a', 'c']);
    expect(toggleAllOnPage(['a', 'b', 'c'], ['a', 'b', 'c'])).toEqual([]);
  });

  it('tells whether none, some or all rows of the page are selected', () => {
    expect(pageSelection([], ['a'])).toBe('none');
    expect(pageSelection(['a'], ['a', 'b'])).toBe('some');
    expect(pageSelection(['a', 'b'], ['a', 'b'])).toBe('all');
    expect(pageSelection([], [])).toBe('none');
  });

  it('forgets rows that are no longer shown', () => {
    expect(visibleSelection(['a', 'x'], ['a', 'b'])).toEqual(['a']);
  });
});
