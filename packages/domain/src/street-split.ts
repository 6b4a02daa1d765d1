/**
 * A Dutch or Belgian street line split into street, house number and addition, the way
 * shops and CSV exports write it in one field ("Oudegracht 231 bis", "Kerkstraat 12-A",
 * "Rue de la Loi 16 bus 3", "2e Hugo de Grootstraat 4 hs"). A street that starts with a
 * number ("1e Jan Steenstraat 10") keeps it; a line without a house number stays whole.
 */
export interface StreetParts {
  street: string;
  housenumber: string | null;
  addition: string | null;
}

// The number is the last group of digits that follows the street; what comes after it
// (a letter, "bis", "-A", "bus 3", "hs", "III") is the addition.
// An addition that starts with a digit needs a dash or slash ("12-2"): after a space the
// last number is the house number ("Plein 1944 5").
const pattern = /^(?<street>.*?[^\d\s].*?)[\s,]+(?<number>\d{1,6})(?:\s*[-/]\s*(?<numbered>[A-Za-z0-9][A-Za-z0-9 .\-/]{0,15})|\s*(?<addition>[A-Za-z][A-Za-z0-9 .\-/]{0,15}))?$/u;

export function splitStreet(line: string | null | undefined): StreetParts {
  const text = (line ?? '').replace(/\s+/g, ' ').trim();
  const match = pattern.exec(text);
  if (!match?.groups) return { street: text, housenumber: null, addition: null };
  const street = (match.groups.street ?? '').replace(/[\s,]+$/, '').trim();
  const number = match.groups.number ?? null;
  const addition = (match.groups.numbered ?? match.groups.addition)?.trim() || null;
  return { street, housenumber: number, addition };
}

/** The house number as our orders keep it: the number, then its addition after a space ("231 bis", "12 A"). */
export function housenumberWithAddition(parts: Pick<StreetParts, 'housenumber' | 'addition'>): string | null {
  if (!parts.housenumber) return null;
  return parts.addition ? `${parts.housenumber} ${parts.addition}` : parts.housenumber;
}
