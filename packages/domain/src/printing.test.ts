import { describe, expect, it } from 'vitest';
import { printContentFormat } from './printing';
import { normalisePairingCode, pairingCodeAlphabet } from './printing-texts';

describe('printContentFormat', () => {
  it('sends raw ZPL only when every label is ZPL and the printer is a ZPL printer', () => {
    expect(printContentFormat(['zpl', 'zpl'], 'zpl')).toBe('zpl');
    expect(printContentFormat(['zpl', 'pdf'], 'zpl')).toBe('pdf');
    expect(printContentFormat(['zpl'], 'pdf')).toBe('pdf');
    expect(printContentFormat(['pdf'], 'zpl')).toBe('pdf');
    expect(printContentFormat(['zpl'], null)).toBe('pdf');
    expect(printContentFormat([], 'zpl')).toBe('pdf');
  });
});

describe('pairing codes', () => {
  it('use no characters that look alike', () => {
    expect(pairingCodeAlphabet).not.toMatch(/[01OI]/);
  });
  it('are read without regard to case, spaces or dashes', () => {
    expect(normalisePairingCode(' abcd-ef 23 ')).toBe('ABCDEF23');
  });
});
