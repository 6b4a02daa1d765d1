import { describe, expect, it } from 'vitest';
import { invalidTextFields, jsonNestsDeeperThan, textProblem } from './input-guard';

describe('jsonNestsDeeperThan', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(jsonNestsDeeperThan('{"a":[{"b":1}]}', 3)).toBe(false);
    expect(jsonNestsDeeperThan('{"a":[{"b":[1]}]}', 3)).toBe(true);
    expect(jsonNestsDeeperThan('{"a":"[[[[[[[[{{{{{{"}', 1)).toBe(false);
    expect(jsonNestsDeeperThan('{"a":"\\"[[[["}', 1)).toBe(false);
  });

  it('scans a body of a million brackets without recursion', () => {
    const deep = '['.repeat(500_000) + ']'.repeat(500_000);
    expect(jsonNestsDeeperThan(deep, 32)).toBe(true);
  });
});

describe('invalidTextFields', () => {
  it('names each field with a NUL character or a lone surrogate, keys included', () => {
    const value = { name: 'Jan\u0000', items: [{ title: 'ok' }, { title: 'x\uD800y' }], ['k\uDC00']: 1, fine: '😀 is een paar' };
    const found = invalidTextFields(value);
    expect(found).toHaveLength(3);
    expect(found).toEqual(
      expect.arrayContaining([
        { path: 'name', problem: 'nul' },
        { path: 'items.1.title', problem: 'surrogate' },
        { path: 'k\uDC00', problem: 'surrogate' },
      ]),
    );
  });

  it('walks a deeply nested value without overflowing the stack', () => {
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    const [found] = invalidTextFields(deep);
    expect(found?.problem).toBe('nul');
    expect(found?.path.split('.')).toHaveLength(200_000);
  });

  it('stops at the limit', () => {
    expect(invalidTextFields(Array.from({ length: 50 }, () => '\u0000'), 20)).toHaveLength(20);
  });
});

describe('textProblem', () => {
  it('accepts paired surrogates and refuses lone ones at either end', () => {
    expect(textProblem('Zoë 📦')).toBeNull();
    expect(textProblem('\uD83D')).toBe('surrogate');
    expect(textProblem('\uDCE6abc')).toBe('surrogate');
    expect(textProblem('abc\uD83D')).toBe('surrogate');
  });
});
