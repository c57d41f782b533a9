/**
 * The one HTML escaper of the server, as a tagged template: in html`<p>${name}</p>` every
 * interpolated value is escaped unless it is itself a SafeHtml made by this module. An e-mail's
 * HTML body is typed SafeHtml (lib/mailer.ts), so a body built by string concatenation does not
 * compile: escaping cannot be forgotten (docs/security.md).
 */

const markupOf = Symbol('SafeHtml');

/** Markup made by `html` (or `lineBreaks`): its text parts have been escaped. */
export interface SafeHtml {
  readonly [markupOf]: string;
}

/** What may be interpolated: text and numbers are escaped, SafeHtml is kept, lists are joined, nothing shows nothing. */
export type HtmlValue = string | number | SafeHtml | null | undefined | false | readonly HtmlValue[];

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}

const safe = (markup: string): SafeHtml => ({ [markupOf]: markup });

function isSafeHtml(value: unknown): value is SafeHtml {
  return typeof value === 'object' && value !== null && markupOf in value;
}

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (isSafeHtml(value)) return value[markupOf];
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeText(String(value));
}

export function html(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): SafeHtml {
  return safe(strings.reduce((markup, part, index) => markup + part + (index < values.length ? render(values[index]!) : ''), ''));
}

/** Text with its line breaks shown: each line escaped, joined by <br>. */
export function lineBreaks(text: string): SafeHtml {
  return safe(
    text
      .split(/\r\n|\r|\n/)
      .map(escapeText)
      .join('<br>'),
  );
}

/** The markup as a string, for the mail transport. */
export function htmlString(value: SafeHtml): string {
  return value[markupOf];
}
