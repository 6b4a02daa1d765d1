/**
 * Plans and add-ons (account spec §2, §3, §7; docs/plans.md): the pro rata rule of a
 * change during a month, the paid periods of add-ons, and the area's Dutch texts.
 * Amounts are whole cents, never floats; dates are Europe/Amsterdam calendar days.
 */

const dayMs = 24 * 60 * 60 * 1000;

const amsterdamDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The Amsterdam calendar date of a moment: [year, month 1-12, day]. */
export function amsterdamDay(moment: Date): [number, number, number] {
  const [y, m, d] = amsterdamDate.format(moment).split('-').map(Number);
  return [y ?? 1970, m ?? 1, d ?? 1];
}

/** Midnight (00:00 Amsterdam) at the start of a calendar date, as the moment it is. */
export function amsterdamMidnight(year: number, month: number, day: number): Date {
  const asUtc = Date.UTC(year, month - 1, day);
  // Amsterdam is one or two hours ahead: try both, keep the one that is that date's midnight.
  for (const hours of [1, 2]) {
    const candidate = new Date(asUtc - hours * 60 * 60 * 1000);
    const [y, m, d] = amsterdamDay(candidate);
    const back = new Date(candidate.getTime() - 1);
    const [by, bm, bd] = amsterdamDay(back);
    if (y === year && m === month && d === day && !(by === year && bm === month && bd === day)) return candidate;
  }
  return new Date(asUtc - 60 * 60 * 1000);
}

function daysBetween(a: [number, number, number], b: [number, number, number]): number {
  return Math.round((Date.UTC(b[0], b[1] - 1, b[2]) - Date.UTC(a[0], a[1] - 1, a[2])) / dayMs);
}

export type SubscriptionPeriod = 'month' | 'year';

/**
 * The paid period a change on `now` falls in: this calendar month, or this calendar
 * year; `days` in it, `remaining` of them from today (today included), `end` the moment
 * it ends (the first midnight after it, Amsterdam).
 */
export function periodOf(now: Date, period: SubscriptionPeriod): { days: number; remaining: number; end: Date } {
  const [y, m, d] = amsterdamDay(now);
  const start: [number, number, number] = period === 'month' ? [y, m, 1] : [y, 1, 1];
  const next: [number, number, number] = period === 'month' ? (m === 12 ? [y + 1, 1, 1] : [y, m + 1, 1]) : [y + 1, 1, 1];
  return { days: daysBetween(start, next), remaining: daysBetween([y, m, d], next), end: amsterdamMidnight(...next) };
}

/** The Amsterdam calendar date of a moment as an ISO date, "2026-11-25". */
export function amsterdamIsoDate(moment: Date): string {
  const [y, m, d] = amsterdamDay(moment);
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * The first day after the calendar month or year an ISO date falls in: the exclusive end
 * of that paid period ("2026-11-20", month → "2026-12-01"; "2026-12-01", year → "2027-01-01").
 * A renewal charges the period starting at the paid-through date and moves it on by this.
 */
export function calendarPeriodEnd(date: string, period: SubscriptionPeriod): string {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7));
  if (period === 'year') return `${y + 1}-01-01`;
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

/** The day before an ISO date, "2026-12-01" → "2026-11-30" (the last paid day of an exclusive end). */
export function dayBefore(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** An ISO date as a Dutch date, "2026-12-01" → "01-12-2026". */
export function formatIsoDateDutch(date: string): string {
  return `${date.slice(8, 10)}-${date.slice(5, 7)}-${date.slice(0, 4)}`;
}

const dutchMonthNames = ['januari', 'februari', 'maart', 'april', 'mei', 'juni', 'juli', 'augustus', 'september', 'oktober', 'november', 'december'] as const;

/** The period a renewal charges, as an invoice line names it: "december 2026", or "2027" for a year. */
export function renewalPeriodName(start: string, period: SubscriptionPeriod): string {
  const year = start.slice(0, 4);
  return period === 'year' ? year : `${dutchMonthNames[Number(start.slice(5, 7)) - 1] ?? ''} ${year}`;
}

/**
 * The one rounding rule: the price of the period times the remaining days over the
 * period's days, rounded half away from zero to whole cents.
 */
export function proRataCents(priceCents: number, remainingDays: number, periodDays: number): number {
  if (periodDays <= 0) return 0;
  const exact = (priceCents * remainingDays) / periodDays;
  return Math.sign(exact) * Math.round(Math.abs(exact));
}

/** Cents as the API's money strings ("29.00", "-4.68"). */
export function centsToEuros(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Cents as a person reads them: "€ 29,00". */
export function formatEuros(cents: number): string {
  return `€ ${centsToEuros(cents).replace('.', ',')}`;
}

/** A Dutch date: "25-11-2026" (Amsterdam). */
export function formatDutchDate(iso: string): string {
  const [y, m, d] = amsterdamDay(new Date(iso));
  return `${String(d).padStart(2, '0')}-${String(m).padStart(2, '0')}-${y}`;
}

/** The message_codes of the plan and add-on calls (account spec §8) with their messages. */
export const planErrorMessages = {
  /** Account spec §8: "already subscribed to {plan_name}". */
  already_subscribed: (planName: string): string => `Je bent al geabonneerd op ${planName}.`,
  addon_already_active: (addonName: string): string => `De add-on ${addonName} is al actief voor je organisatie.`,
  addon_not_active: (addonName: string): string => `De add-on ${addonName} is niet actief voor je organisatie.`,
} as const;

/** Validation messages of the plan and add-on calls. */
export const planValidationTexts = {
  planUnknown: 'Kies een abonnement uit de lijst.',
  addonUnknown: 'Kies een add-on uit de lijst.',
  periodInvalid: 'Kies per maand of per jaar.',
} as const;

/** The descriptions on invoice items of type other. */
export const planChargeTexts = {
  planCharge: (planName: string, from: string, to: string): string => `Abonnement ${planName} van ${from} tot en met ${to}`,
  planCredit: (planName: string, from: string, to: string): string => `Tegoed abonnement ${planName} van ${from} tot en met ${to}`,
  addonCharge: (addonName: string, from: string, to: string): string => `Add-on ${addonName} van ${from} tot en met ${to}`,
  /** A renewal: the next full month (or year) of the plan, "Abonnement Groei, december 2026". */
  planRenewal: (planName: string, periodName: string): string => `Abonnement ${planName}, ${periodName}`,
  addonRenewal: (addonName: string, periodName: string): string => `Add-on ${addonName}, ${periodName}`,
} as const;

/** /settings/plans and /settings/plans/change. */
export const planPageTexts = {
  intro: 'Je abonnement, je verbruik deze maand en je add-ons.',
  changeIntro: 'Kies het abonnement dat bij je verzendingen past. Een wijziging gaat direct in.',
  addonsIntro: 'Breid Verzendhuis uit met extra functies. Je betaalt per maand of per jaar.',
  currentPlan: 'Huidig abonnement',
  usage: 'Labels deze maand',
  usageOf: (used: number, quota: number): string => `${used} van ${quota} labels gebruikt`,
  usageUnlimited: (used: number): string => `${used} labels gebruikt (onbeperkt)`,
  trialEnds: (date: string): string => `Je proefperiode loopt tot en met ${date}.`,
  trialEnded: 'Je proefperiode is afgelopen.',
  monthlyPrice: 'Prijs per maand',
  perMonth: (price: string): string => `${price} per maand excl. btw`,
  perYear: (price: string): string => `${price} per jaar excl. btw`,
  free: 'Gratis',
  changePlan: 'Abonnement wijzigen',
  addonsTitle: 'Add-ons',
  addonActive: 'Actief',
  paidThrough: (date: string): string => `Betaald tot en met ${date}`,
  nextRenewal: (date: string, amount: string): string => `Volgende verlenging op ${date}: ${amount} excl. btw`,
  addonActiveUntil: (date: string): string => `Actief tot en met ${date}, daarna uitgeschakeld`,
  addonInactive: 'Niet actief',
  enable: 'Inschakelen',
  disable: 'Uitschakelen',
  enablePerMonth: 'Per maand',
  enablePerYear: 'Per jaar',
  quota: (quota: number | null): string => (quota === null ? 'Onbeperkt aantal labels per maand' : `${quota.toLocaleString('nl-NL')} labels per maand`),
  current: 'Huidig abonnement',
  choose: (name: string): string => `Kies ${name}`,
  confirmTitle: 'Abonnement wijzigen',
  confirmMessage: (name: string): string =>
    `Je stapt direct over op ${name}. De resterende dagen van deze maand worden naar rato verrekend op je volgende factuur.`,
  confirm: 'Bevestigen',
  cancel: 'Annuleren',
  changed: (name: string): string => `Je abonnement is gewijzigd naar ${name}.`,
  backToPlans: 'Terug naar abonnement',
  loadFailed: 'De abonnementen konden niet worden geladen.',
  addonConfirmTitle: (name: string): string => `${name} inschakelen`,
  addonConfirmMessage: (name: string, price: string): string =>
    `Je schakelt ${name} direct in voor ${price}. De rest van deze periode wordt naar rato op je volgende factuur gezet.`,
  addonResumeMessage: (name: string): string => `${name} blijft gewoon actief. Je betaalt niets extra: de betaalde periode loopt door.`,
  addonDisableTitle: (name: string): string => `${name} uitschakelen`,
  addonDisableMessage: (name: string): string => `${name} blijft actief tot het einde van de betaalde periode en wordt daarna uitgeschakeld.`,
  addonEnabled: (name: string): string => `${name} is ingeschakeld.`,
  addonDisabled: (name: string): string => `${name} wordt uitgeschakeld aan het einde van de betaalde periode.`,
} as const;

/** The add-ons' names and descriptions as first seeded (the operator may change them: addon-set). */
export const addonDefaultTexts = {
  ANALYTICS: { name: 'Analytics', description: 'Inzicht in je zendingen, bezorgprestaties en retouren.' },
  ORDER_ITEM_SCAN: { name: 'Artikelen scannen', description: 'Scan elk artikel van een bestelling en print direct het juiste label.' },
} as const;
