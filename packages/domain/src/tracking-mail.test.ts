import { describe, expect, it } from 'vitest';
import { buttonTextColour, contrastRatio, dueTrackingMails, renderTrackingMail, resolveTrackingMailSettings, unknownPlaceholders } from './tracking-mail';
import { defaultBrandColor, defaultTrackingMails, trackingMailStatuses } from './tracking-mail-texts';

const values = { naam: 'Jan <Jansen>', ordernummer: '1001', trackinglink: 'https://verzendhuis.test/volg/abc?x=1&y=2', vervoerder: 'PostNL', winkel: 'Bakker & Zn' };

describe('resolveTrackingMailSettings', () => {
  it('completes empty settings with the defaults: every mail present, all off', () => {
    const settings = resolveTrackingMailSettings({});
    expect(Object.keys(settings.mails)).toEqual([...trackingMailStatuses]);
    expect(Object.values(settings.mails).every((m) => !m.enabled)).toBe(true);
    expect(settings.brand_color).toBe(defaultBrandColor);
  });

  it('keeps what is stored and ignores what is not valid', () => {
    const settings = resolveTrackingMailSettings({ brand_color: 'red', mails: { shipped: { enabled: true, subject: 'Onderweg', body: '' }, nonsense: {} } });
    expect(settings.brand_color).toBe(defaultBrandColor);
    expect(settings.mails.shipped).toEqual({ enabled: true, subject: 'Onderweg', body: defaultTrackingMails.shipped.body });
    expect(settings.mails).not.toHaveProperty('nonsense');
  });
});

describe('dueTrackingMails', () => {
  it.each([
    [{ previousStatus: 'printed', status: 'shipped', newEvents: ['shipped'] }, 'shipped'],
    [{ previousStatus: 'ready', status: 'shipped', newEvents: ['at_depot'] }, 'shipped'],
    [{ previousStatus: 'shipped', status: 'shipped', newEvents: ['at_depot'] }, null],
    [{ previousStatus: 'shipped', status: 'shipped', newEvents: ['out_for_delivery'] }, 'out_for_delivery'],
    [{ previousStatus: 'shipped', status: 'shipped', newEvents: ['at_service_point'] }, 'at_service_point'],
    [{ previousStatus: 'shipped', status: 'delayed', newEvents: ['delivery_failed'] }, 'delayed'],
    [{ previousStatus: 'delayed', status: 'delayed', newEvents: [] }, null],
    [{ previousStatus: 'shipped', status: 'completed', newEvents: ['delivered'] }, 'delivered'],
    [{ previousStatus: 'shipped', status: 'error', newEvents: ['returned'] }, 'returned'],
    [{ previousStatus: 'error', status: 'completed', newEvents: ['delivered_at_sender'] }, 'returned'],
    [{ previousStatus: 'printed', status: 'printed', newEvents: ['printed'] }, null],
  ])('%o makes %s due', (change, expected) => {
    expect(dueTrackingMails(change)[0] ?? null).toBe(expected);
  });

  it('lists several news at once furthest first', () => {
    expect(dueTrackingMails({ previousStatus: 'ready', status: 'completed', newEvents: ['shipped', 'at_depot', 'out_for_delivery', 'delivered'] })).toEqual(['delivered', 'out_for_delivery', 'shipped']);
    expect(dueTrackingMails({ previousStatus: 'ready', status: 'shipped', newEvents: ['shipped', 'out_for_delivery'] })).toEqual(['out_for_delivery', 'shipped']);
  });
});

describe('contrast', () => {
  it('computes WCAG ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('puts white text on dark colours and black text on light ones, always at AA', () => {
    expect(buttonTextColour(defaultBrandColor)).toMatchObject({ colour: '#ffffff' });
    expect(buttonTextColour(defaultBrandColor).ratio).toBeGreaterThanOrEqual(4.5);
    expect(buttonTextColour('#ffdd00')).toMatchObject({ colour: '#000000' });
    for (const colour of ['#777777', '#ff0000', '#00ff00', '#0000ff', '#808080', '#ffffff', '#000000']) {
      expect(buttonTextColour(colour).ratio).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('renderTrackingMail', () => {
  const template = { subject: 'Bestelling {ordernummer} van {winkel}\n', body: 'Hoi {naam},\n\nVolg je pakket: {trackinglink}\nGroet, {winkel} {onbekend}' };

  it('fills the placeholders; the subject is one line; the text part keeps the values as they are', () => {
    const mail = renderTrackingMail({ template, values, brandColor: '#1c6bc4', logoUrl: null });
    expect(mail.subject).toBe('Bestelling 1001 van Bakker & Zn');
    expect(mail.text).toContain('Hoi Jan <Jansen>,\n\nVolg je pakket: https://verzendhuis.test/volg/abc?x=1&y=2\nGroet, Bakker & Zn {onbekend}');
  });

  it('escapes HTML in the template and the values and makes the tracking link a link and a button', () => {
    const mail = renderTrackingMail({ template: { subject: 's', body: '<b>{naam}</b> {trackinglink}' }, values, brandColor: '#1c6bc4', logoUrl: 'https://cdn.test/logo.png' });
    expect(mail.html).toContain('&lt;b&gt;Jan &lt;Jansen&gt;&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain('<a href="https://verzendhuis.test/volg/abc?x=1&amp;y=2" style="color:#1c6bc4">https://verzendhuis.test/volg/abc?x=1&amp;y=2</a>');
    expect(mail.html).toContain('Volg je zending</a>');
    expect(mail.html).toContain('<img src="https://cdn.test/logo.png" alt="Bakker &amp; Zn"');
  });

  it('never links a tracking link that is not http(s)', () => {
    const mail = renderTrackingMail({ template: { subject: 's', body: '{trackinglink}' }, values: { ...values, trackinglink: 'javascript:alert(1)' }, brandColor: '#1c6bc4', logoUrl: 'javascript:x' });
    expect(mail.html).not.toContain('href="javascript');
    expect(mail.html).not.toContain('<img');
  });
});

describe('unknownPlaceholders', () => {
  it('names the placeholders that are not ours', () => {
    expect(unknownPlaceholders('{naam} {name} {winkel} {x}')).toEqual(['name', 'x']);
  });
});
