import { createHash, randomBytes } from 'node:crypto';
import { validationError } from '@verzendhuis/domain/errors';
import { registrationMailTexts } from '@verzendhuis/domain/auth-texts';
import { normaliseEmail, validateRegistration, type Registration } from '@verzendhuis/domain/registration';
import { queues, type JobQueue, type QueueJob } from '../jobs/queue';
import { trialEnd, trialPlanId } from '../organisation/plans';
import type { OrganisationRepository, UserRow } from '../organisation/repository';
import { MailError, type Mailer } from '../tracking-mail/mailer';
import { escapeHtml } from './pages';
import { hashPassword } from './passwords';

/** How long a confirmation link works. */
export const confirmationHours = 24;

export interface AccountMailJobData {
  mailId: string;
}

/** The SHA-256 of a confirmation token, as stored. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function mailHtml(paragraphs: readonly string[], link: string, button: string): string {
  const body = paragraphs
    .map((p) => (p === link ? `<p><a href="${escapeHtml(link)}">${escapeHtml(button)}</a><br><small>${escapeHtml(link)}</small></p>` : `<p>${escapeHtml(p)}</p>`))
    .join('\n');
  return `<!doctype html><html lang="nl"><head><meta charset="utf-8"></head><body style="font-family:system-ui,sans-serif">${body}</body></html>`;
}

export type ConfirmResult = { state: 'created'; user: UserRow } | { state: 'confirmed'; email: string } | { state: 'expired' | 'unknown' };

/**
 * Registration on the built-in provider without telling whether an address has an account
 * (docs/auth.md, docs/security.md): every valid form gets the same answer after the same
 * work (the password hashed, one e-mail stored and sent); a new address gets a pending
 * registration and a confirmation link, a known one a mail "Je hebt al een account".
 */
export function createRegistrationService(deps: { repository: OrganisationRepository; mailer: Mailer; queue: JobQueue; publicUrl: string }) {
  const { repository } = deps;
  const cross = repository.crossOrganisation;

  async function deliver(mail: { kind: string; to: string; subject: string; paragraphs: readonly string[]; link: string; button: string }): Promise<void> {
    const state = deps.mailer.configured ? 'queued' : 'outbox';
    const mailId = await cross.insertAccountMail({
      kind: mail.kind,
      state,
      recipient: mail.to,
      subject: mail.subject,
      html: mailHtml(mail.paragraphs, mail.link, mail.button),
      bodyText: mail.paragraphs.join('\n\n'),
    });
    if (state === 'queued') await deps.queue.send(queues.accountMail, { mailId } satisfies AccountMailJobData, { id: mailId, retryLimit: 5, retryDelaySeconds: 60 });
  }

  return {
    /**
     * The registration form posted: validated (field errors as before, none about the
     * address having an account), then the same work for every address. `confirmUrl`
     * makes the link of a token. Answers the normalised address for the page.
     */
    async request(registration: Registration, confirmUrl: (token: string) => string): Promise<{ email: string }> {
      const fields = validateRegistration({ registration });
      if (Object.keys(fields).length > 0) throw validationError(fields);
      const email = normaliseEmail(registration.email);
      // Hashed either way, so the time taken does not tell whether the address is known.
      const passwordHash = await hashPassword(registration.password);
      const token = randomBytes(32).toString('base64url');
      const existing = await cross.findUserByEmail(email);
      // The same writes for both: a known address gets a pending row too, whose token is never
      // sent (so it can never be confirmed); it only keeps the time of the two answers alike.
      await cross.savePendingRegistration({
        email,
        organisationName: registration.organisation_name.trim(),
        name: registration.name.trim(),
        passwordHash,
        tokenHash: tokenHash(token),
        expiresAt: new Date(Date.now() + confirmationHours * 3600_000),
      });
      if (existing) {
        const link = deps.publicUrl;
        await deliver({ kind: 'account_exists', to: email, subject: registrationMailTexts.existsSubject, paragraphs: registrationMailTexts.existsBody(link), link, button: registrationMailTexts.existsButton });
        return { email };
      }
      const link = confirmUrl(token);
      await deliver({
        kind: 'confirm_registration',
        to: email,
        subject: registrationMailTexts.confirmSubject,
        paragraphs: registrationMailTexts.confirmBody(registration.name.trim(), link),
        link,
        button: registrationMailTexts.confirmButton,
      });
      return { email };
    },

    /** The confirmation link opened: the organisation and user made once per token. */
    async confirm(token: string, now = new Date()): Promise<ConfirmResult> {
      const trial = await cross.findPlan(trialPlanId);
      try {
        return await cross.confirmPendingRegistration(tokenHash(token), now, (row) => ({
          organisation: {
            name: row.organisationName,
            planId: trial?.id ?? null,
            planSubscriptionTo: trial?.trialDays ? trialEnd(now, trial.trialDays) : null,
            contactEmail: row.email,
            contactPhone: null,
          },
          user: { email: row.email, name: row.name, passwordHash: row.passwordHash, oidcIssuer: null, oidcSubject: null, firstLoginSeenAt: null },
        }));
      } catch (error) {
        // The address got an account another way meanwhile (users.email is unique).
        if ((error as { code?: string }).code === '23505') return { state: 'unknown' };
        throw error;
      }
    },

    /** Hourly with the login clean-up: pending registrations past their expiry removed (a later click then reads "ongeldig"). */
    async sweep(now = new Date()): Promise<number> {
      return cross.deleteExpiredPendingRegistrations(now);
    },

    /** The `account-mail` job: one stored account e-mail sent through SMTP. */
    async handleMailJob(job: QueueJob<AccountMailJobData>): Promise<void> {
      const mail = await cross.findAccountMail(job.data.mailId);
      if (!mail || mail.state !== 'queued') return;
      try {
        await deps.mailer.send({ to: mail.recipient, fromName: 'Verzendhuis', replyTo: null, subject: mail.subject, html: mail.html, text: mail.bodyText });
        // Sent: the body (with its link) is not kept; the outbox only keeps what was never sent.
        await cross.updateAccountMail(mail.id, { state: 'sent', sentAt: new Date(), error: null, html: '', bodyText: '' });
      } catch (error) {
        const last = job.retryCount >= job.retryLimit;
        if ((error instanceof MailError && error.permanent) || last) {
          await cross.updateAccountMail(mail.id, { state: 'failed', error: String((error as Error).message).slice(0, 500) });
          return;
        }
        throw error;
      }
    },
  };
}

export type RegistrationService = ReturnType<typeof createRegistrationService>;
