import { afterEach, describe, expect, it } from 'vitest';
import { formatDutchTimestamp, parseDutchTimestamp } from '@verzendhuis/domain/amsterdam-time';

const hostZone = process.env.TZ;

/** Node follows a change of TZ at once: the same code runs as on a host in another zone. */
function onHostIn(zone: string): void {
  process.env.TZ = zone;
}

afterEach(() => {
  if (hostZone === undefined) delete process.env.TZ;
  else process.env.TZ = hostZone;
});

describe.each(['UTC', 'America/New_York', 'Asia/Tokyo', 'Europe/Amsterdam'])('carrier time stamps on a host in %s', (zone) => {
  it('reads Dutch stamps and ISO stamps without a zone as Amsterdam time', () => {
    onHostIn(zone);
    expect(parseDutchTimestamp('07-11-2022 19:10:28')?.toISOString()).toBe('2022-11-07T18:10:28.000Z');
    expect(parseDutchTimestamp('01-07-2025 12:00:00')?.toISOString()).toBe('2025-07-01T10:00:00.000Z');
    expect(parseDutchTimestamp('2025-07-01T12:00:00')?.toISOString()).toBe('2025-07-01T10:00:00.000Z');
    expect(parseDutchTimestamp('2025-01-15T08:30')?.toISOString()).toBe('2025-01-15T07:30:00.000Z');
  });

  it('keeps the zone an ISO stamp names', () => {
    onHostIn(zone);
    expect(parseDutchTimestamp('2025-07-01T10:00:00Z')?.toISOString()).toBe('2025-07-01T10:00:00.000Z');
    expect(parseDutchTimestamp('2025-07-01T12:00:00+02:00')?.toISOString()).toBe('2025-07-01T10:00:00.000Z');
    expect(parseDutchTimestamp('gisteren')).toBeNull();
    expect(parseDutchTimestamp('2025-07-01Tnonsense')).toBeNull();
  });

  it('writes a moment as Amsterdam wall-clock time (PostNL MessageTimeStamp)', () => {
    onHostIn(zone);
    expect(formatDutchTimestamp(new Date('2022-11-07T18:10:28Z'))).toBe('07-11-2022 19:10:28');
    expect(formatDutchTimestamp(new Date('2025-07-01T22:30:05Z'))).toBe('02-07-2025 00:30:05');
  });
});

it('settles both sides of the clock changes', () => {
  // 30 March 2025 02:00 CET jumps to 03:00 CEST; 26 October 2025 03:00 CEST falls back to 02:00 CET.
  expect(parseDutchTimestamp('30-03-2025 01:59:59')?.toISOString()).toBe('2025-03-30T00:59:59.000Z');
  expect(parseDutchTimestamp('30-03-2025 03:00:00')?.toISOString()).toBe('2025-03-30T01:00:00.000Z');
  expect(parseDutchTimestamp('26-10-2025 04:00:00')?.toISOString()).toBe('2025-10-26T03:00:00.000Z');
  expect(formatDutchTimestamp(new Date('2025-10-26T00:30:00Z'))).toBe('26-10-2025 02:30:00');
  expect(formatDutchTimestamp(new Date('2025-10-26T01:30:00Z'))).toBe('26-10-2025 02:30:00');
});
