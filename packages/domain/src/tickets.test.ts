import { describe, expect, it } from 'vitest';
import { attachmentTypeOf, ticketSubjects } from './tickets';

describe('attachmentTypeOf', () => {
  it('knows PDF, PNG and JPEG by their first bytes', () => {
    expect(attachmentTypeOf(Buffer.from('%PDF-1.7\n'))).toBe('application/pdf');
    expect(attachmentTypeOf(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(attachmentTypeOf(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
  });

  it('refuses anything else, whatever it is called: HTML, SVG, a truncated header, nothing', () => {
    expect(attachmentTypeOf(Buffer.from('<html><body>%PDF-</body></html>'))).toBeNull();
    expect(attachmentTypeOf(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(attachmentTypeOf(Buffer.from('%PDF'))).toBeNull();
    expect(attachmentTypeOf(Uint8Array.from([0xff, 0xd8]))).toBeNull();
    expect(attachmentTypeOf(new Uint8Array())).toBeNull();
  });
});

describe('ticketSubjects', () => {
  it('are the seven reasons of the spec', () => {
    expect(ticketSubjects).toHaveLength(7);
    expect(ticketSubjects.at(-1)).toBe('Anders');
  });
});
