/**
 * Carriers in the Netherlands stamp events in Dutch local time without a zone
 * ("07-11-2022 19:10:28"). This reads such a stamp as Europe/Amsterdam time.
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

/** Milliseconds Amsterdam is ahead of UTC at a moment (one or two hours). */
function amsterdamOffset(utcMs: number): number {
  const p = Object.fromEntries(parts.formatToParts(new Date(utcMs)).map((x) => [x.type, x.value]));
  const local = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return local - Math.floor(utcMs / 1000) * 1000;
}

/** "dd-MM-yyyy HH:mm:ss" in Amsterdam time, or an ISO 8601 stamp; null when neither. */
export function parseDutchTimestamp(text: string): Date | null {
  const m = /^(\d{2})-(\d{2})-(\d{4})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text.trim());
  if (!m) {
    if (!/^\d{4}-\d{2}-\d{2}T/.test(text)) return null;
    const date = new Date(text);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  const asUtc = Date.UTC(Number(m[3]), Number(m[2]) - 1, Number(m[1]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0));
  // The offset at the guess, then at the result, settles both sides of a clock change.
  const first = asUtc - amsterdamOffset(asUtc);
  return new Date(asUtc - amsterdamOffset(first));
}
