/**
 * Input sanitising of docs/behaviour.md §5: every string in a client state action payload passes through here.
 * It strips markup that could run code while leaving ordinary text (including '<' in prose) alone.
 *
 * This is a filter on text, not the defence against markup: every place that shows member text
 * builds it as text (DOM text nodes, one HTML escaper, the CSV writer), see docs/security.md. The
 * patterns follow the HTML tokenizer, so that what a browser would read as a tag, an attribute or a
 * URL scheme is what is matched here, however it is spelt.
 */

/** Characters a browser's URL parser deletes wherever they appear, so 'java\tscript:' is 'javascript:'. */
const URL_IGNORED = '[\\t\\n\\r]*';
const spread = (word: string) => [...word].join(URL_IGNORED);

const pairedTag = /<(script|iframe)\b[^>]*>[\s\S]*?<\/\1[^>]*>/gi;
const loneTag = /<\/?(script|iframe)\b[^>]*(?:>|$)/gi;
/**
 * An attribute name starts after whitespace, after '/' (`<img/src=x/onerror=…>`) or straight after
 * the closing quote of the previous value (`<img src="x"onerror=…>`); its value is quoted, or runs
 * to whitespace or '>'. The start of the string counts too: it may be pasted into a tag. (A run of
 * separators is only tried from its first character, which keeps long runs linear.)
 */
const inlineHandler = /(?:(?<![\s/])[\s/]+|(?<=["'])|^)on[a-z]+\s*=\s*(?:"[^"]*"|'[^']*'|[^\t\n\f\r >]*)/gi;
const scriptScheme = new RegExp(`(?:${spread('javascript')}|${spread('vbscript')})\\s*:`, 'gi');
/** A data URL's media type may be preceded by whitespace (the fetch standard strips it). */
const htmlDataUrl = new RegExp(`${spread('data')}:\\s*${spread('text')}${URL_IGNORED}/${URL_IGNORED}${spread('html')}`, 'gi');

export function sanitizeString(value: string): string {
  let previous: string;
  let current = value;
  // Repeat until stable so that nested fragments such as '<scr<script></script>ipt>' cannot reassemble.
  do {
    previous = current;
    current = current.replace(pairedTag, '').replace(loneTag, '').replace(inlineHandler, '').replace(scriptScheme, '').replace(htmlDataUrl, 'data:text/plain');
  } while (current !== previous);
  return current;
}

/** Deep copy of a payload with every string sanitised; non-plain objects (Date, File) pass through. */
export function sanitizePayload<T>(value: T): T {
  if (typeof value === 'string') return sanitizeString(value) as T;
  if (Array.isArray(value)) return value.map((item) => sanitizePayload(item)) as T;
  if (isPlainObject(value)) {
    const result: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) result[key] = sanitizePayload(item);
    return result as T;
  }
  return value;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
