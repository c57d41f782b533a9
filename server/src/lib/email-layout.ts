/**
 * The one e-mail layout. A template describes its message once, as blocks of words; this module
 * writes both parts from that description: the plain-text part, and the HTML part through the one
 * escaper (./html.ts), so every value in it, a person's name or message included, is text.
 * Every message has the mutual's name at the top and a footer with the 'not insurance' line;
 * messages to members add the contact details.
 */
import { html, lineBreaks, type SafeHtml } from './html';
import type { MailMessage } from './mailer';

/** The mutual's contact details as the public site shows them (renderer/src/content/site.ts). */
export const MUTUAL = {
  name: 'Grain Growers Mutual',
  phone: '(08) 9000 0000',
  email: 'members@grainmutual.example',
  postalAddress: 'PO Box 1234, Northam WA 6401',
  notInsurance: 'crop risk protection from a farmer-owned discretionary mutual. It is not insurance.',
} as const;

type EmailBlock =
  /** A paragraph; its line breaks are kept. */
  | { paragraph: string }
  /** The title of a part of a message with several (a client's, in a broker's alert), underlined in text. */
  | { heading: string }
  /** Label and value pairs ('Total payable: $7,578.78'). */
  | { facts: ReadonlyArray<readonly [string, string]> }
  /** A button in HTML, 'label: url' in text. */
  | { action: { label: string; url: string } };

interface EmailDescription {
  to: string;
  subject: string;
  replyTo?: string;
  /** Staff notices leave out the contact details a member needs. */
  audience?: 'member' | 'staff';
  blocks: readonly EmailBlock[];
}

const STYLE = {
  body: 'margin:0;padding:0;background:#f4f6f1',
  // A long address in a sentence (the settings link) breaks rather than pushing a phone's screen sideways.
  frame: 'font-family:system-ui,sans-serif;line-height:1.5;color:#1f2a1f;max-width:40rem;margin:0 auto;padding:1rem;overflow-wrap:break-word',
  header: 'font-size:1.1rem;font-weight:700;color:#1f4d2b;border-bottom:2px solid #1f4d2b;padding-bottom:.4rem;margin:0 0 1rem',
  label: 'text-align:left;vertical-align:top;padding:.2rem 1rem .2rem 0',
  button: 'display:inline-block;padding:.6rem 1rem;background:#2f6b2f;color:#fff;border-radius:6px;text-decoration:none',
  heading: 'font-size:1.05rem;color:#1f4d2b;border-top:1px solid #d5dacf;padding-top:.8rem;margin:1.5rem 0 .5rem',
  footer: 'color:#5b665b;font-size:.85rem;border-top:1px solid #d5dacf;margin-top:1.5rem;padding-top:.6rem',
};

function footerLines(audience: 'member' | 'staff'): string[] {
  const contact = audience === 'member' ? [`Questions? Call ${MUTUAL.phone} or e-mail ${MUTUAL.email}. ${MUTUAL.postalAddress}.`] : [];
  return [...contact, `${MUTUAL.name}: ${MUTUAL.notInsurance}`];
}

function blockText(block: EmailBlock): string {
  if ('paragraph' in block) return block.paragraph;
  if ('heading' in block) return `${block.heading}\n${'-'.repeat(block.heading.length)}`;
  if ('facts' in block) return block.facts.map(([label, value]) => `${label}: ${value}`).join('\n');
  return `${block.action.label}: ${block.action.url}`;
}

function blockHtml(block: EmailBlock): SafeHtml {
  if ('paragraph' in block) return html`<p>${lineBreaks(block.paragraph)}</p>\n`;
  if ('heading' in block) return html`<h2 style="${STYLE.heading}">${block.heading}</h2>\n`;
  if ('facts' in block) {
    return html`<table style="border-collapse:collapse">
${block.facts.map(([label, value]) => html`<tr><th style="${STYLE.label}">${label}</th><td>${lineBreaks(value)}</td></tr>\n`)}</table>\n`;
  }
  return html`<p><a href="${block.action.url}" style="${STYLE.button}">${block.action.label}</a></p>\n`;
}

export function email({ to, subject, replyTo, audience = 'member', blocks }: EmailDescription): MailMessage {
  const footer = footerLines(audience);
  const text = [MUTUAL.name, ...blocks.map(blockText), footer.join('\n')].join('\n\n');
  const body = html`<!doctype html><html><body style="${STYLE.body}"><div style="${STYLE.frame}">
<p style="${STYLE.header}">${MUTUAL.name}</p>
${blocks.map(blockHtml)}<div style="${STYLE.footer}">${footer.map((line) => html`<p style="margin:.2rem 0">${line}</p>`)}</div>
</div></body></html>`;
  return { to, subject, text, html: body, ...(replyTo ? { replyTo } : {}) };
}
