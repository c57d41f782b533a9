import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Transporter } from 'nodemailer';
import type { SafeHtml } from './html';
import type { Logger } from './logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Made with the html`` template of ./html.ts, so every value in it is escaped. */
  html: SafeHtml;
  replyTo?: string;
}

/** A message as the transport sends it: the HTML rendered, and its Message-ID fixed by the queue. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** `<…@…>`; the same on every try, so a repeat after a crash is one message to the receiving server. */
  messageId: string;
}

export interface MailTransport {
  send(message: OutgoingMail): Promise<void>;
  /** Throws if the relay does not answer (connects and greets it); the outbox folder always answers. */
  verify(): Promise<void>;
}

/** A relay that does not answer is given up on within these (milliseconds): a send never hangs. */
export const SMTP_TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 20_000 };

/**
 * Real e-mail through nodemailer: SMTP when SMTP_URL is set (a small pool of connections, reused
 * by the queue's sends), otherwise nodemailer's stream transport renders the full RFC 822 message
 * and it is written to the outbox folder as .eml, so a person (or a test) can open it. `from`
 * (MAIL_FROM) is a no-reply sender, so every message that names no Reply-To of its own is answered
 * to `replyTo`, the staff address (STAFF_EMAIL): a member who replies, as several e-mails invite
 * them to, reaches the mutual (docs/architecture.md, E-mails). Messages are queued and sent by
 * mail-queue.ts; nothing else calls this.
 */
export function createMailTransport({ smtpUrl, from, replyTo, outboxDir, logger }: { smtpUrl?: string; from: string; replyTo?: string; outboxDir: string; logger: Logger }): MailTransport {
  // nodemailer is loaded with the first e-mail, not at start-up.
  let transporter: Promise<Transporter> | undefined;
  const transport = () =>
    (transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      smtpUrl ? nodemailer.createTransport({ url: smtpUrl, pool: true, maxConnections: 3, ...SMTP_TIMEOUTS }) : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    ));
  const outbox = resolve(outboxDir);
  return {
    async send(message) {
      const info = await (await transport()).sendMail({ from, ...(replyTo ? { replyTo } : {}), ...message });
      if (!smtpUrl) {
        mkdirSync(outbox, { recursive: true });
        const file = join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`);
        // Written aside and then renamed: whoever reads the folder (a person's mail program, the
        // browser tests, which keep what they have read) sees a message whole or not at all.
        writeFileSync(`${file}.part`, info.message as Buffer);
        renameSync(`${file}.part`, file);
        logger.info({ to: message.to, subject: message.subject, file }, 'e-mail written to outbox');
      } else {
        logger.info({ to: message.to, subject: message.subject }, 'e-mail sent');
      }
    },
    async verify() {
      if (smtpUrl) await (await transport()).verify();
    },
  };
}
