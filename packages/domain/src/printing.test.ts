import { describe, expect, it } from 'vitest';
import { printContentFormat, wantedLabelFormat } from './printing';
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

describe('wantedLabelFormat', () => {
  const zebra = { name: 'Zebra', kind: 'zpl' as const };
  const office = { name: 'Kantoor', kind: 'pdf' as const };
  it('asks ZPL when any paired client has a ZPL printer as its label printer', () => {
    expect(wantedLabelFormat([{ printers: [zebra, office], selectedPrinter: 'Kantoor' }, { printers: [zebra], selectedPrinter: 'Zebra' }])).toBe('zpl');
  });
  it('asks PDF when the ZPL printer is not the selected one, or there is no client', () => {
    expect(wantedLabelFormat([{ printers: [zebra, office], selectedPrinter: 'Kantoor' }])).toBe('pdf');
    expect(wantedLabelFormat([{ printers: [zebra], selectedPrinter: null }])).toBe('pdf');
    expect(wantedLabelFormat([])).toBe('pdf');
  });
});
