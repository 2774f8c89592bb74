/**
 * The server's outgoing mail (SMTP_URL, MAIL_FROM: server/config.ts), through nodemailer. One
 * transport per SMTP_URL, without a pool: a connection per message, so nothing is left open at a
 * stop. A caller sends after its answer (the reset mail: server/auth/passwordReset.ts) and never
 * waits: a slow or failing mail server shows neither in the answer nor in its time, only in the log.
 */
import type { Transporter } from 'nodemailer';
import type { MailConfig } from './config';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Seconds a mail server gets to answer the connection, its greeting and each command. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

const transports = new Map<string, Transporter>();

function transportOf(smtpUrl: string): Transporter {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    // Loaded at the first mail: a server without SMTP_URL (and every server test file) never needs it.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy load that jest and tsx run alike (jest refuses `import()` here)
    const { createTransport } = require('nodemailer') as typeof import('nodemailer');
    transport = createTransport({ url: smtpUrl, ...TIMEOUTS });
    transports.set(smtpUrl, transport);
  }
  return transport;
}

/** Sends `message` from MAIL_FROM; resolves once the mail server took it. */
export async function sendMail(mail: MailConfig, message: OutgoingMail): Promise<void> {
  await transportOf(mail.smtpUrl).sendMail({ from: mail.from, ...message });
}

/** What `sendLater` logs a failure with (the request's logger). */
export interface MailLog {
  error(object: object, message: string): void;
}

/**
 * Sends `message` once the current request's work is done, not awaited: a failure is logged (the
 * mail server's error and the recipient's domain, never the message), never thrown.
 */
export function sendLater(mail: MailConfig, message: OutgoingMail, log: MailLog, what: string): void {
  setImmediate(() => {
    sendMail(mail, message).catch((error: unknown) => {
      log.error({ err: error, domain: message.to.split('@').pop() }, `${what} mail not sent`);
    });
  });
}
