import { describe, expect, it } from 'vitest';
import { labelStatusDisplay } from './label-status';

describe('label status display (orders spec §4)', () => {
  it('shows ready, printed and completed as success, completed as Bezorgd', () => {
    expect(labelStatusDisplay('ready')).toEqual({ label: 'Klaar', tone: 'success' });
    expect(labelStatusDisplay('printed').tone).toBe('success');
    expect(labelStatusDisplay('completed')).toEqual({ label: 'Bezorgd', tone: 'success' });
  });

  it('shows error as Leveringsfout, an error', () => {
    expect(labelStatusDisplay('error')).toEqual({ label: 'Leveringsfout', tone: 'error' });
  });

  it('shows an unknown status as Onbekend', () => {
    expect(labelStatusDisplay('creating')).toEqual({ label: 'Onbekend', tone: 'neutral' });
    expect(labelStatusDisplay('toString').label).toBe('Onbekend');
    expect(labelStatusDisplay('').label).toBe('Onbekend');
  });
});
