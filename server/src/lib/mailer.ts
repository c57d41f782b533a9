import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Transporter } from 'nodemailer';
import { htmlString, type SafeHtml } from './html';
import type { Logger } from './logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Made with the html`` template of ./html.ts, so every value in it is escaped. */
  html: SafeHtml;
  replyTo?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Real e-mail through nodemailer: SMTP when SMTP_URL is set, otherwise nodemailer's stream
 * transport renders the full RFC 822 message and it is written to the outbox folder as .eml, so a
 * person (or a test) can open it. `from` (MAIL_FROM) is a no-reply sender, so every message that
 * names no Reply-To of its own is answered to `replyTo`, the staff address (STAFF_EMAIL): a member
 * who replies, as several e-mails invite them to, reaches the mutual (docs/architecture.md, E-mails).
 */
export function createMailer({ smtpUrl, from, replyTo, outboxDir, logger }: { smtpUrl?: string; from: string; replyTo?: string; outboxDir: string; logger: Logger }): Mailer {
  // nodemailer is loaded with the first e-mail, not at start-up.
  let transporter: Promise<Transporter> | undefined;
  const transport = () =>
    (transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      smtpUrl ? nodemailer.createTransport(smtpUrl) : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    ));
  const outbox = resolve(outboxDir);
  return {
    async send(message) {
      const info = await (await transport()).sendMail({ from, ...(replyTo ? { replyTo } : {}), ...message, html: htmlString(message.html) });
      if (!smtpUrl) {
        mkdirSync(outbox, { recursive: true });
        const file = join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`);
        writeFileSync(file, info.message as Buffer);
        logger.info({ to: message.to, subject: message.subject, file }, 'e-mail written to outbox');
      } else {
        logger.info({ to: message.to, subject: message.subject }, 'e-mail sent');
      }
    },
  };
}
