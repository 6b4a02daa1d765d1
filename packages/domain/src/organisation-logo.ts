/**
 * The organisation's logo (account-and-contact and /settings/branding): a PNG or JPEG,
 * recognised by its first bytes (not by its name or the browser's type), at most 1 MB.
 */
export const logoLimits = { maxBytes: 1024 * 1024 } as const;

export const logoTexts = {
  required: 'Kies een afbeelding voor het logo.',
  wrongType: 'Het logo moet een PNG- of JPEG-afbeelding zijn.',
  tooLarge: 'Het logo mag maximaal 1 MB zijn.',
} as const;

const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const jpeg = [0xff, 0xd8, 0xff];

const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/** The image type of the bytes by their magic number, or the Dutch reason it is refused. */
export function checkLogo(bytes: Uint8Array): { contentType: 'image/png' | 'image/jpeg' } | { problem: string } {
  if (bytes.length === 0) return { problem: logoTexts.required };
  if (bytes.length > logoLimits.maxBytes) return { problem: logoTexts.tooLarge };
  if (startsWith(bytes, png)) return { contentType: 'image/png' };
  if (startsWith(bytes, jpeg)) return { contentType: 'image/jpeg' };
  return { problem: logoTexts.wrongType };
}
