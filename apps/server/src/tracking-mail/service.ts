import type {
  LabelTrackingMail,
  PublicTracking,
  TrackingMail,
  TrackingMailSettingsDto,
  TrackingSettingsPatch,
  TrackingSettingsPost,
} from '@verzendhuis/contract/tracking-mail';
import { AppError, notFound } from '@verzendhuis/domain/errors';
import { organisationErrorMessages } from '@verzendhuis/domain/organisation';
import { trackingEventTexts, isTrackingEventName } from '@verzendhuis/domain/tracking';
import { dueTrackingMails, renderTrackingMail, resolveTrackingMailSettings, sampleTrackingMailValues, type TrackingMailSettings } from '@verzendhuis/domain/tracking-mail';
import { trackingMailErrorMessages, trackingMailTexts, type TrackingMailStatus } from '@verzendhuis/domain/tracking-mail-texts';
import { queues, type JobQueue, type QueueJob } from '../jobs/queue';
import type { TrackingChange } from '../tracking/service';
import { MailError, type Mailer } from './mailer';
import type { MailLabel, TrackingMailRepository, TrackingMailRow } from './repository';


/**
 * A mail queued or between retries that nothing touched for this long is queued again by
 * the recovery's sweep (resendPending): longer than a retry's wait (TRACKING_MAIL_RETRY_DELAY,
 * 300 s by default), so a mail whose job still waits is rarely looked at.
 */
export const pendingGraceMs = 10 * 60_000;

export interface TrackingMailJobData {
  organisationId: string;
  mailId: string;
}

/** Requests per IP address per minute on the public tracking page (its limit is made in services.ts, used by routes.ts). */
export const publicTrackingPerMinute = 60;

export interface TrackingMailServiceDeps {
  repository: TrackingMailRepository;
  mailer: Mailer;
  queue: JobQueue;
  /** PUBLIC_URL: the public tracking page is `${publicUrl}/volg/{token}`. */
  publicUrl: string;
  /** The carrier's name of a courier class (carriers/registry.ts). */
  carrierName: (courierClass: string) => string;
  retryLimit: number;
  retryDelaySeconds: number;
  log?: { error: (details: object, message: string) => void; warn: (details: object, message: string) => void };
}

function toMailDto(row: TrackingMailRow & { orderNumber?: string | null }): TrackingMail {
  return {
    id: row.id,
    label_id: row.labelId,
    order_number: row.orderNumber ?? null,
    mail_status: row.mailStatus,
    state: row.state,
    recipient: row.recipient,
    subject: row.subject,
    attempts: row.attempts,
    error: row.error,
    is_test: row.isTest,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
  };
}

/** The first part of a postcode: the area, never the street. */
function postcodeArea(zipcode: string | null, country: string | null): string | null {
  if (!zipcode) return null;
  const compact = zipcode.replace(/\s+/g, '').toUpperCase();
  return compact.slice(0, (country ?? 'NL') === 'NL' ? 4 : 3) || null;
}

export function createTrackingMailService(deps: TrackingMailServiceDeps) {
  const { repository } = deps;

  async function organisationOf(organisationId: string) {
    const organisation = await repository.for(organisationId).organisation();
    if (!organisation) {
      throw new AppError({ type: 'authorization', messageCode: 'organisation_not_authorised', message: organisationErrorMessages.organisation_not_authorised });
    }
    return organisation;
  }

  function settingsDto(settings: TrackingMailSettings, logoUrl: string | null): TrackingMailSettingsDto {
    return { brand_color: settings.brand_color, logo_url: logoUrl, smtp_configured: deps.mailer.configured, mails: settings.mails };
  }

  /** The link of {trackinglink}: the carrier's own page when it has one, else our public page. */
  /** Queues one mail's job; its id is the mail's, so queueing it twice makes one job. */
  async function queueMail(organisationId: string, mailId: string): Promise<void> {
    await deps.queue.send(queues.trackingMail, { organisationId, mailId } satisfies TrackingMailJobData, {
      id: mailId,
      retryLimit: deps.retryLimit,
      retryDelaySeconds: deps.retryDelaySeconds,
    });
  }

  async function trackingLink(organisationId: string, label: MailLabel): Promise<string> {
    const carrierUrl = label.packages[0]?.trackingUrl;
    if (carrierUrl) return carrierUrl;
    return `${deps.publicUrl}/volg/${await repository.for(organisationId).linkToken(label.id)}`;
  }

  return {
    /** GET tracking. */
    async settings(organisationId: string): Promise<TrackingMailSettingsDto> {
      const organisation = await organisationOf(organisationId);
      return settingsDto(resolveTrackingMailSettings(organisation.settings), organisation.logoUrl);
    },

    /** POST tracking: every mail and the colour at once. */
    async replaceSettings(organisationId: string, body: TrackingSettingsPost): Promise<TrackingMailSettingsDto> {
      const organisation = await organisationOf(organisationId);
      const settings = resolveTrackingMailSettings({ brand_color: body.brand_color.toLowerCase(), mails: body.mails });
      await repository.for(organisationId).saveSettings({ ...settings });
      return settingsDto(settings, organisation.logoUrl);
    },

    /** PATCH tracking: only what is given changes. */
    async updateSettings(organisationId: string, body: TrackingSettingsPatch): Promise<TrackingMailSettingsDto> {
      const organisation = await organisationOf(organisationId);
      const current = resolveTrackingMailSettings(organisation.settings);
      const mails = { ...current.mails };
      for (const [status, change] of Object.entries(body.mails ?? {}) as [TrackingMailStatus, Partial<TrackingMailSettings['mails'][TrackingMailStatus]> | undefined][]) {
        if (change) mails[status] = { ...mails[status], ...Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined)) };
      }
      const settings = resolveTrackingMailSettings({ brand_color: body.brand_color?.toLowerCase() ?? current.brand_color, mails });
      await repository.for(organisationId).saveSettings({ ...settings });
      return settingsDto(settings, organisation.logoUrl);
    },

    /**
     * POST trackingmail/sendtest: the chosen mail (its current text) with sample values to
     * one address, sent now. Without SMTP it goes to the outbox; a refusal or an unreachable
     * server is "test mail failed" (account spec §8).
     */
    async sendTest(organisationId: string, body: { email: string; status: TrackingMailStatus }): Promise<{ state: 'sent' | 'outbox' }> {
      const organisation = await organisationOf(organisationId);
      const settings = resolveTrackingMailSettings(organisation.settings);
      const rendered = renderTrackingMail({
        template: settings.mails[body.status],
        values: sampleTrackingMailValues(organisation.name, `${deps.publicUrl}/volg/voorbeeld`),
        brandColor: settings.brand_color,
        logoUrl: organisation.logoUrl,
      });
      const stored = { labelId: null, mailStatus: body.status, recipient: body.email, subject: rendered.subject, html: rendered.html, bodyText: rendered.text, isTest: true };
      if (!deps.mailer.configured) {
        await repository.for(organisationId).insertOnce({ ...stored, state: 'outbox' });
        return { state: 'outbox' };
      }
      try {
        await deps.mailer.send({ to: body.email, fromName: organisation.name, replyTo: organisation.contactEmail, subject: rendered.subject, html: rendered.html, text: rendered.text });
      } catch (error) {
        deps.log?.warn({ err: error }, 'test mail failed');
        throw new AppError({ type: 'usage', messageCode: 'test_mail_failed', message: trackingMailErrorMessages.test_mail_failed });
      }
      await repository.for(organisationId).insertOnce({ ...stored, state: 'sent', attempts: 1, sentAt: new Date() });
      return { state: 'sent' };
    },

    /** GET trackingmail/: the stored mails, newest first. */
    async list(organisationId: string, query: { page: number; page_size: number }) {
      const { rows, total } = await repository.for(organisationId).list(query.page, query.page_size);
      return { data: rows.map(toMailDto), meta: { total, page: query.page, page_size: query.page_size } };
    },

    /** GET trackingmail/{id}: one mail as it was rendered. */
    async get(organisationId: string, id: string) {
      const row = await repository.for(organisationId).find(id);
      if (!row) throw notFound();
      return { data: { ...toMailDto(row), html: row.html, text: row.bodyText } };
    },

    /** The label answer's shipment.tracking_mails, for a page of labels. */
    async ofLabels(organisationId: string, labelIds: readonly string[]): Promise<Map<string, LabelTrackingMail[]>> {
      const rows = await repository.for(organisationId).ofLabels(labelIds);
      return new Map(
        [...rows].map(([labelId, mails]) => [
          labelId,
          mails.map((m) => ({ mail_status: m.mailStatus, state: m.state, recipient: m.recipient, error: m.error, created_at: m.createdAt.toISOString(), sent_at: m.sentAt?.toISOString() ?? null })),
        ]),
      );
    },

    /**
     * The follower of the tracking service: the mail a change makes due, when the
     * organisation has it on, made once per label and status (a repeated change finds it
     * made) and queued; without SMTP kept in the outbox; without an e-mail address skipped.
     */
    async onTrackingChange(change: TrackingChange): Promise<void> {
      const dueMails = dueTrackingMails(change);
      if (dueMails.length === 0) return;
      const organisation = await organisationOf(change.organisationId);
      const settings = resolveTrackingMailSettings(organisation.settings);
      // The furthest news the organisation sends a mail for; the older news of the same refresh is left out.
      const due = dueMails.find((status) => settings.mails[status].enabled);
      if (!due) return;
      const template = settings.mails[due];
      const scoped = repository.for(change.organisationId);
      const label = await scoped.label(change.labelId);
      // Return labels go to the shop itself: no consumer mail.
      if (!label || !label.isActive || label.isReturn) return;
      const rendered = renderTrackingMail({
        template,
        values: {
          naam: label.name ?? '',
          ordernummer: label.orderNumber ?? '',
          trackinglink: await trackingLink(change.organisationId, label),
          vervoerder: deps.carrierName(label.courierClass),
          winkel: organisation.name,
        },
        brandColor: settings.brand_color,
        logoUrl: organisation.logoUrl,
      });
      const state = !label.email ? 'skipped' : deps.mailer.configured ? 'queued' : 'outbox';
      const mail = await scoped.insertOnce({ labelId: label.id, mailStatus: due, state, recipient: label.email, subject: rendered.subject, html: rendered.html, bodyText: rendered.text });
      if (mail && state === 'queued') await queueMail(change.organisationId, mail.id);
    },

    /**
     * The recovery's beat (labels/recovery.ts): mails still queued or between retries that
     * nothing touched for `pendingGraceMs` are queued again. A crash between storing a mail
     * and queueing its job leaves one like that. The job id is the mail's, so a job that is
     * still waiting in the queue is not doubled, and the job sends only a mail that is still
     * unsent: never a second mail.
     */
    async resendPending(): Promise<number> {
      const stale = await repository.crossOrganisation.stalePending(new Date(Date.now() - pendingGraceMs), 500);
      await repository.crossOrganisation.touch(stale);
      for (const mail of stale) await queueMail(mail.organisationId, mail.id);
      return stale.length;
    },

    /**
     * The job of one mail: sends it and records the outcome. A refusal (5xx) is a bounce
     * and final; another failure is retried by the queue until its last attempt (failed).
     */
    async handleJob(job: QueueJob<TrackingMailJobData>): Promise<void> {
      const scoped = repository.for(job.data.organisationId);
      const mail = await scoped.find(job.data.mailId);
      if (!mail || !mail.recipient || (mail.state !== 'queued' && mail.state !== 'retrying')) return;
      if (!deps.mailer.configured) {
        await scoped.update(mail.id, { state: 'outbox' });
        return;
      }
      const organisation = await organisationOf(job.data.organisationId);
      const attempts = mail.attempts + 1;
      try {
        await deps.mailer.send({ to: mail.recipient, fromName: organisation.name, replyTo: organisation.contactEmail, subject: mail.subject, html: mail.html, text: mail.bodyText });
        await scoped.update(mail.id, { state: 'sent', attempts, error: null, sentAt: new Date() });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        if (error instanceof MailError && error.permanent) {
          await scoped.update(mail.id, { state: 'bounced', attempts, error: trackingMailTexts.errorRefused(reason) });
          return;
        }
        const last = job.retryCount >= job.retryLimit;
        await scoped.update(mail.id, { state: last ? 'failed' : 'retrying', attempts, error: trackingMailTexts.errorUnreachable(reason) });
        if (!last) throw error;
      }
    },

    /** GET public/tracking/{token}: the label's journey without personal data; 404 for an unknown token. */
    async publicTracking(token: string): Promise<PublicTracking> {
      const link = await repository.crossOrganisation.findLink(token);
      if (!link) throw notFound('tracking_page_not_found');
      const scoped = repository.for(link.organisationId);
      const [organisation, label, events] = await Promise.all([scoped.organisation(), scoped.label(link.labelId), scoped.eventsOf(link.labelId)]);
      if (!organisation || !label || !label.isActive) throw notFound('tracking_page_not_found');
      const settings = resolveTrackingMailSettings(organisation.settings);
      return {
        shop: { name: organisation.name, logo_url: organisation.logoUrl, brand_color: settings.brand_color },
        carrier: deps.carrierName(label.courierClass),
        status: label.status,
        tracking_number: label.trackingNumber ?? label.packages[0]?.trackingNumber ?? null,
        tracking_url: label.packages[0]?.trackingUrl ?? null,
        destination: { zipcode_area: postcodeArea(label.zipcode, label.country), city: label.city, country: label.country },
        packages: label.packages.map((p) => ({
          package_number: p.packageNumber,
          tracking_number: p.trackingNumber,
          events: events
            .filter((e) => e.packageId === p.id)
            .map((e) => ({
              event: e.event,
              status: e.status,
              occurred_at: e.occurredAt.toISOString(),
              description: isTrackingEventName(e.event) ? trackingEventTexts[e.event] : e.event,
              city: typeof e.location?.city === 'string' ? e.location.city : null,
            }))
            .reverse(),
        })),
      };
    },
  };
}

export type TrackingMailService = ReturnType<typeof createTrackingMailService>;
