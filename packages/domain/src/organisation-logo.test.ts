import { describe, expect, it } from 'vitest';
import { checkLogo, logoLimits, logoTexts } from './organisation-logo';

describe('checkLogo', () => {
  it('recognises PNG and JPEG by their first bytes', () => {
    expect(checkLogo(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toEqual({ contentType: 'image/png' });
    expect(checkLogo(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toEqual({ contentType: 'image/jpeg' });
  });

  it('refuses other files, empty files and files over 1 MB', () => {
    expect(checkLogo(new TextEncoder().encode('<svg onload="x()"></svg>'))).toEqual({ problem: logoTexts.wrongType });
    expect(checkLogo(Uint8Array.from([0x47, 0x49, 0x46, 0x38]))).toEqual({ problem: logoTexts.wrongType });
    expect(checkLogo(new Uint8Array())).toEqual({ problem: logoTexts.required });
    const big = new Uint8Array(logoLimits.maxBytes + 1);
    big.set([0xff, 0xd8, 0xff]);
    expect(checkLogo(big)).toEqual({ problem: logoTexts.tooLarge });
    expect(checkLogo(big.subarray(0, logoLimits.maxBytes))).toEqual({ contentType: 'image/jpeg' });
  });
});
