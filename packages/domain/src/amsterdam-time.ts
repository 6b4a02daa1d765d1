/**
 * Carriers in the Netherlands stamp events in Dutch local time without a zone
 * ("07-11-2022 19:10:28"). This reads and writes such stamps as Europe/Amsterdam
 * time, whatever the host's time zone: nothing here uses the Date's local getters.
 */

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Amsterdam',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The wall-clock fields of a moment in Amsterdam. */
function amsterdamParts(utcMs: number): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string> {
  const p = Object.fromEntries(parts.formatToParts(new Date(utcMs)).map((x) => [x.type, x.value]));
  return { year: p.year ?? '', month: p.month ?? '', day: p.day ?? '', hour: p.hour ?? '', minute: p.minute ?? '', second: p.second ?? '' };
}

/** Milliseconds Amsterdam is ahead of UTC at a moment (one or two hours). */
function amsterdamOffset(utcMs: number): number {
  const p = amsterdamParts(utcMs);
  const local = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return local - Math.floor(utcMs / 1000) * 1000;
}

/** An Amsterdam wall-clock time as the moment it is. */
function fromAmsterdamWallClock(year: number, month: number, day: number, hour: number, minute: number, second: number): Date {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  // The offset at the guess, then at the result, settles both sides of a clock change.
  const first = asUtc - amsterdamOffset(asUtc);
  return new Date(asUtc - amsterdamOffset(first));
}

/**
 * "dd-MM-yyyy HH:mm:ss" in Amsterdam time, or an ISO 8601 stamp (one without a zone,
 * "2025-07-01T12:00:00", is Amsterdam time too); null when neither.
 */
export function parseDutchTimestamp(text: string): Date | null {
  const trimmed = text.trim();
  const dutch = /^(\d{2})-(\d{2})-(\d{4})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(trimmed);
  if (dutch) return fromAmsterdamWallClock(Number(dutch[3]), Number(dutch[2]), Number(dutch[1]), Number(dutch[4]), Number(dutch[5]), Number(dutch[6] ?? 0));
  const isoLocal = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?$/.exec(trimmed);
  if (isoLocal) return fromAmsterdamWallClock(Number(isoLocal[1]), Number(isoLocal[2]), Number(isoLocal[3]), Number(isoLocal[4]), Number(isoLocal[5]), Number(isoLocal[6] ?? 0));
  if (!/^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:?\d{2})$/i.test(trimmed)) return null;
  const date = new Date(trimmed);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A moment as "dd-MM-yyyy HH:mm:ss" in Amsterdam time (PostNL's MessageTimeStamp). */
export function formatDutchTimestamp(date: Date): string {
  const p = amsterdamParts(date.getTime());
  return `${p.day}-${p.month}-${p.year} ${p.hour}:${p.minute}:${p.second}`;
}

/**
 * An order date as the sources write it (docs/orders.md, "Besteldatum"): an ISO 8601 stamp
 * with a zone; a date alone (`2026-11-23` or Dutch `23-11-2026`), midnight in Amsterdam; the
 * `2026-11-23 10:23:45 +0100` of shop exports; or a wall-clock time without a zone, read as
 * Amsterdam time. null when it is none of these or names no real day.
 */
export function parseOrderDate(text: string): Date | null {
  const trimmed = text.trim();
  const isoDay = /^(\d{4})-(\d{2})-(\d{2})$/.exec(trimmed);
  const dutchDay = /^(\d{1,2})-(\d{1,2})-(\d{4})$/.exec(trimmed);
  const day = isoDay ? [isoDay[1], isoDay[2], isoDay[3]] : dutchDay ? [dutchDay[3], dutchDay[2], dutchDay[1]] : null;
  if (day) {
    const [year, month, date] = day.map(Number) as [number, number, number];
    if (!isRealDay(year, month, date)) return null;
    return fromAmsterdamWallClock(year, month, date, 0, 0, 0);
  }
  const exported = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))? ?([+-])(\d{2}):?(\d{2})$/.exec(trimmed);
  if (exported) {
    const [, y, mo, d, h, mi, s, sign, oh, om] = exported;
    if (!isRealDay(Number(y), Number(mo), Number(d))) return null;
    const offsetMs = (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om)) * 60_000;
    return new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0)) - offsetMs);
  }
  const wallClock = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})(?::(\d{2}))?$/.exec(trimmed);
  if (wallClock) return parseDutchTimestamp(trimmed.replace(' ', 'T'));
  return parseDutchTimestamp(trimmed);
}

function isRealDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
