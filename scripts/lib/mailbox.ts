/**
 * A throw-away SMTP server on 127.0.0.1 (smtp-server, a dev dependency) that keeps what it is sent,
 * parsed (mailparser): the server tests and the e2e read the password reset mail from it, and the
 * mock API (`max dev`) prints it. Plain SMTP, any user and password taken (`url` carries one, as a
 * real SMTP_URL would).
 */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailbox {
  port: number;
  /** SMTP_URL for it: `smtp://test:test@127.0.0.1:<port>`. */
  url: string;
  /** Every mail taken so far, oldest first. */
  received: ReceivedMail[];
  /** The next mail to `to` not yet handed out by `next` (waits for it, at most `timeoutMs`). */
  next(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export interface MailboxOptions {
  /** Called with each mail as it arrives (the mock prints it). */
  onMail?: (mail: ReceivedMail) => void;
  /** Do not keep the process alive for it (the mock's, which is never closed). */
  unref?: boolean;
}

export async function startMailbox({ onMail, unref = false }: MailboxOptions = {}): Promise<Mailbox> {
  const received: ReceivedMail[] = [];
  const handedOut = new Set<ReceivedMail>();
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username }),
    onData: (stream, _session, callback) => {
      simpleParser(stream).then(
        (parsed) => {
          const addresses = (list: typeof parsed.to) =>
            (Array.isArray(list) ? list : list ? [list] : []).flatMap((group) => group.value.map((one) => one.address ?? ''));
          const mail: ReceivedMail = {
            to: addresses(parsed.to).map((address) => address.toLowerCase()),
            from: parsed.from?.text ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          };
          received.push(mail);
          onMail?.(mail);
          for (const wake of waiters) wake();
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  if (unref) server.server.unref();

  const take = (to: string) => {
    const mail = received.find((one) => !handedOut.has(one) && one.to.includes(to.toLowerCase()));
    if (mail) handedOut.add(mail);
    return mail;
  };

  return {
    port,
    url: `smtp://test:test@127.0.0.1:${port}`,
    received,
    next: (to, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const found = take(to);
        if (found) return resolve(found);
        const wake = () => {
          const mail = take(to);
          if (!mail) return;
          waiters.delete(wake);
          clearTimeout(timer);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(wake);
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
