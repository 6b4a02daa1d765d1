/**
 * Tracking e-mails, the pure part: the organisation's settings with their defaults, which
 * mail a tracking change makes due, the AA contrast of the button, and the rendering of a
 * mail (placeholders, HTML escaping, a plain-text part). docs/tracking-mail.md.
 */
import {
  defaultBrandColor,
  defaultTrackingMails,
  isTrackingMailStatus,
  trackingMailPlaceholders,
  trackingMailStatuses,
  trackingMailTexts,
  type TrackingMailPlaceholder,
  type TrackingMailStatus,
} from './tracking-mail-texts';

export interface TrackingMailTemplate {
  enabled: boolean;
  subject: string;
  body: string;
}

/** organisations.tracking_mail_settings, as the API answers it: every mail present. */
export interface TrackingMailSettings {
  brand_color: string;
  mails: Record<TrackingMailStatus, TrackingMailTemplate>;
}

const hexColour = /^#[0-9a-fA-F]{6}$/;

export function isHexColour(value: string): boolean {
  return hexColour.test(value);
}

/** The stored settings (jsonb, possibly `{}` or partial) completed with the defaults. */
export function resolveTrackingMailSettings(stored: unknown): TrackingMailSettings {
  const s = (stored && typeof stored === 'object' ? stored : {}) as { brand_color?: unknown; mails?: unknown };
  const mails = (s.mails && typeof s.mails === 'object' ? s.mails : {}) as Record<string, Partial<TrackingMailTemplate> | undefined>;
  return {
    brand_color: typeof s.brand_color === 'string' && isHexColour(s.brand_color) ? s.brand_color.toLowerCase() : defaultBrandColor,
    mails: Object.fromEntries(
      trackingMailStatuses.map((status) => {
        const m = mails[status] ?? {};
        const d = defaultTrackingMails[status];
        return [
          status,
          {
            enabled: typeof m.enabled === 'boolean' ? m.enabled : d.enabled,
            subject: typeof m.subject === 'string' && m.subject.trim() ? m.subject : d.subject,
            body: typeof m.body === 'string' && m.body.trim() ? m.body : d.body,
          },
        ];
      }),
    ) as Record<TrackingMailStatus, TrackingMailTemplate>,
  };
}

/** Placeholders in a text that are not ours ({naam} is, {name} is not). */
export function unknownPlaceholders(text: string): string[] {
  const found = [...text.matchAll(/\{([^{}\s]{1,40})\}/g)].map((m) => m[1] as string);
  return [...new Set(found.filter((name) => !(trackingMailPlaceholders as readonly string[]).includes(name)))];
}

/**
 * The mails a tracking change makes due, the furthest first. Several at once (a label
 * refreshed after a long time: picked up, out for delivery and delivered in one go): the
 * caller sends only the first of them that the organisation has on, so a consumer never
 * gets three mails in a minute about the past, and still gets one when only "shipped" is on.
 */
export function dueTrackingMails(change: { previousStatus: string; status: string; newEvents: readonly string[] }): TrackingMailStatus[] {
  const events = new Set(change.newEvents);
  const due = new Set<TrackingMailStatus>();
  if (events.has('shipped') || (['ready', 'printed'].includes(change.previousStatus) && change.status === 'shipped')) due.add('shipped');
  if (change.status === 'delayed' && change.previousStatus !== 'delayed') due.add('delayed');
  if (events.has('out_for_delivery')) due.add('out_for_delivery');
  if (events.has('at_service_point')) due.add('at_service_point');
  const backToSender = events.has('returned') || events.has('returned_from_service_point') || events.has('delivered_at_sender');
  if (change.status === 'completed' && change.previousStatus !== 'completed' && !backToSender) due.add('delivered');
  if (backToSender) due.add('returned');
  const furthestFirst: TrackingMailStatus[] = ['returned', 'delivered', 'at_service_point', 'out_for_delivery', 'delayed', 'shipped'];
  return furthestFirst.filter((s) => due.has(s));
}

function luminance(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG 2.1 contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [l1, l2] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (l1 + 0.05) / (l2 + 0.05);
}

/**
 * The button text on the brand colour: white when that reaches AA (4.5:1), else black,
 * whichever contrasts more. One of the two always reaches 4.5:1, so every colour can be chosen.
 */
export function buttonTextColour(brand: string): { colour: '#ffffff' | '#000000'; ratio: number } {
  const white = contrastRatio(brand, '#ffffff');
  const black = contrastRatio(brand, '#000000');
  return white >= 4.5 || white >= black ? { colour: '#ffffff', ratio: white } : { colour: '#000000', ratio: black };
}

export type TrackingMailValues = Record<TrackingMailPlaceholder, string>;

export interface RenderedTrackingMail {
  subject: string;
  html: string;
  text: string;
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Replaces our placeholders by `value(name)`; unknown ones stay as written. */
function fill(text: string, value: (name: TrackingMailPlaceholder) => string): string {
  return text.replace(/\{([a-z]+)\}/g, (whole, name: string) => ((trackingMailPlaceholders as readonly string[]).includes(name) ? value(name as TrackingMailPlaceholder) : whole));
}

/** Only http(s) links become links; anything else is shown as text. */
const safeUrl = (url: string) => (/^https?:\/\//i.test(url) ? url : null);

/**
 * A mail from its template: the subject on one line; the text part with the values as
 * they are; the HTML part escaped, paragraphs from blank lines, {trackinglink} as a link,
 * the logo (or the shop's name) above and a button in the brand colour below.
 */
export function renderTrackingMail(input: { template: Pick<TrackingMailTemplate, 'subject' | 'body'>; values: TrackingMailValues; brandColor: string; logoUrl: string | null }): RenderedTrackingMail {
  const { values } = input;
  const subject = fill(input.template.subject, (n) => values[n]).replace(/[\r\n]+/g, ' ').trim();
  const text = `${fill(input.template.body, (n) => values[n]).trim()}\n\n--\n${trackingMailTexts.footer(values.winkel)}\n`;
  const link = safeUrl(values.trackinglink);
  const brand = isHexColour(input.brandColor) ? input.brandColor : defaultBrandColor;
  const buttonText = buttonTextColour(brand).colour;
  const paragraphs = input.template.body
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) => {
      const inner = paragraph
        .split('\n')
        .map((line) =>
          fill(escapeHtml(line), (n) => {
            const v = escapeHtml(values[n]);
            return n === 'trackinglink' && link ? `<a href="${escapeHtml(link)}" style="color:${brand}">${v}</a>` : v;
          }),
        )
        .join('<br>');
      return `<p style="margin:0 0 16px 0">${inner}</p>`;
    })
    .join('\n');
  const logoUrl = input.logoUrl ? safeUrl(input.logoUrl) : null;
  const header = logoUrl
    ? `<img src="${escapeHtml(logoUrl)}" alt="${escapeHtml(values.winkel)}" style="max-height:60px;max-width:240px">`
    : `<strong style="font-size:20px">${escapeHtml(values.winkel)}</strong>`;
  const button = link
    ? `<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:${brand};color:${buttonText};padding:12px 20px;border-radius:4px;text-decoration:none;display:inline-block;font-weight:bold">${escapeHtml(trackingMailTexts.button)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="nl"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1a1a1a">
<div style="max-width:600px;margin:0 auto;padding:24px;background:#ffffff">
<div style="border-bottom:4px solid ${brand};padding-bottom:12px;margin-bottom:24px">${header}</div>
${paragraphs}
${button}
<p style="margin:32px 0 0 0;font-size:12px;color:#595959">${escapeHtml(trackingMailTexts.footer(values.winkel))}</p>
</div>
</body></html>`;
  return { subject, html, text };
}

/** The sample values of the preview and the test mail. */
export function sampleTrackingMailValues(shop: string, trackingLink: string): TrackingMailValues {
  return { naam: trackingMailTexts.sampleName, ordernummer: trackingMailTexts.sampleOrderNumber, trackinglink: trackingLink, vervoerder: trackingMailTexts.sampleCarrier, winkel: shop };
}

export { isTrackingMailStatus, trackingMailStatuses };
