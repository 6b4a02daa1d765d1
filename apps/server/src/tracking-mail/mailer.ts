import nodemailer from 'nodemailer';

/** A mail the SMTP server did not take: `permanent` when it refused it (5xx, a bounce), else worth another try. */
export class MailError extends Error {
  readonly permanent: boolean;
  constructor(message: string, permanent: boolean, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MailError';
    this.permanent = permanent;
  }
}

export interface OutgoingMail {
  to: string;
  fromName: string;
  replyTo: string | null;
  subject: string;
  html: string;
  text: string;
}

export interface Mailer {
  /** False without SMTP_URL: mails are kept in the outbox instead. */
  configured: boolean;
  send: (mail: OutgoingMail) => Promise<void>;
  close: () => void;
}

/** The sender address: MAIL_FROM, or noreply@ the public host. */
function fromAddress(mailFrom: string | null, publicUrl: string): string {
  if (mailFrom) return mailFrom;
  const host = new URL(publicUrl).hostname;
  return `noreply@${host.includes('.') ? host : `${host}.localdomain`}`;
}

/** Sends through the SMTP server of SMTP_URL (smtp:// or smtps://, user and password in the URL). */
export function createMailer(config: { smtpUrl: string | null; mailFrom: string | null; publicUrl: string }): Mailer {
  if (!config.smtpUrl) {
    return {
      configured: false,
      send: () => Promise.reject(new MailError('no SMTP server configured', false)),
      close: () => undefined,
    };
  }
  const transport = nodemailer.createTransport(config.smtpUrl);
  const address = fromAddress(config.mailFrom, config.publicUrl);
  // MAIL_FROM may carry a display name ("Verzendhuis <noreply@…>"); the shop's name goes before the bare address.
  const bare = /<([^>]+)>/.exec(address)?.[1] ?? address;
  return {
    configured: true,
    async send(mail) {
      try {
        await transport.sendMail({
          from: { name: mail.fromName, address: bare },
          to: mail.to,
          ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
        });
      } catch (error) {
        const e = error as { responseCode?: number; response?: string; message?: string };
        const permanent = typeof e.responseCode === 'number' && e.responseCode >= 500 && e.responseCode < 600;
        throw new MailError((e.response ?? e.message ?? 'SMTP error').slice(0, 500), permanent, { cause: error });
      }
    },
    close: () => transport.close(),
  };
}
