/**
 * GDPR rules (docs/gdpr.md): when a recipient is old enough to be anonymised, and how an
 * export's cells are written so that a spreadsheet reads them as text.
 */

/** The moment before which orders and labels are anonymised: `months` calendar months before `now` (UTC, the day clamped to the month's end). */
export function retentionCutoff(now: Date, months: number): Date {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() - months;
  const target = new Date(Date.UTC(year, month, 1, now.getUTCHours(), now.getUTCMinutes(), now.getUTCSeconds(), now.getUTCMilliseconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(now.getUTCDate(), lastDay));
  return target;
}

/**
 * One value as a CSV cell of the export: empty for null, ISO 8601 for a date, JSON for an
 * object or list; a text a spreadsheet would run as a formula (=, +, @, a tab, or - not
 * followed by a digit) gets a leading apostrophe.
 */
export function exportCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  return typeof value === 'string' && /^([=+@\t\r]|-(?![\d.]))/.test(text) ? `'${text}` : text;
}
