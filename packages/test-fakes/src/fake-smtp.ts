import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';

/** A mail the fake received, parsed. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  replyTo: string | null;
}

export interface FakeSmtp {
  /** smtp://127.0.0.1:{port}: SMTP_URL for the app. */
  url: string;
  port: number;
  received: ReceivedMail[];
  /** The next `count` mails get a temporary failure (451), as a server that is busy. */
  failNext: (count: number) => void;
  /** Mails to this address are refused for good (550), as a bounce. */
  refuse: (address: string) => void;
  /** Waits until a mail to `address` arrived (polls its own list; no fixed sleep). */
  waitFor: (address: string, options?: { timeoutMs?: number }) => Promise<ReceivedMail>;
  close: () => Promise<void>;
}

/**
 * A local SMTP server that really receives mail (smtp-server, no TLS, no login) and
 * parses it (mailparser). Tests and the browser test point SMTP_URL at it.
 */
export async function startFakeSmtp(port = 0): Promise<FakeSmtp> {
  const received: ReceivedMail[] = [];
  const refused = new Set<string>();
  let failures = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refused.has(address.address.toLowerCase())) {
        const error = Object.assign(new Error('5.1.1 Mailbox does not exist'), { responseCode: 550 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream: SMTPServerDataStream, session, callback) {
      if (failures > 0) {
        failures--;
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('4.3.0 Try again later'), { responseCode: 451 })));
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            replyTo: mail.replyTo?.text ?? null,
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    port: actualPort,
    received,
    failNext: (count) => {
      failures = count;
    },
    refuse: (to) => {
      refused.add(to.toLowerCase());
    },
    async waitFor(to, options = {}) {
      const deadline = Date.now() + (options.timeoutMs ?? 20_000);
      for (;;) {
        const mail = received.find((m) => m.to.some((t) => t.toLowerCase() === to.toLowerCase()));
        if (mail) return mail;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} arrived at the fake SMTP server`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
