import { email } from '../../lib/email-layout';
import type { MailMessage } from '../../lib/mailer';

/** Staff withdrew a member's certificate of protection: what, why, and how to get a current one. */
export function certificateWithdrawnEmail({
  to,
  firstName,
  reference,
  code,
  reason,
  protectionUrl,
}: {
  to: string;
  firstName: string;
  reference: string;
  code: string;
  reason: string;
  protectionUrl: string;
}): MailMessage {
  return email({
    to,
    subject: `Your certificate of protection ${code} has been withdrawn`,
    blocks: [
      { paragraph: `Hello ${firstName},` },
      { paragraph: 'We have withdrawn a certificate of protection we issued to you. Anyone who checks its code is now told that it was withdrawn and no longer stands.' },
      {
        facts: [
          ['Certificate', code],
          ['Application', reference],
          ['Why', reason],
        ],
      },
      { paragraph: 'While your cover stands you can download a new certificate, with a new code, from your protection page. If you gave the old one to a lender, send them the new one.' },
      { action: { label: 'Your protection', url: protectionUrl } },
    ],
  });
}
