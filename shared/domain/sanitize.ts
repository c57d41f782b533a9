/**
 * Input sanitising of SPEC §5: every string in a client state action payload passes through here.
 * It strips markup that could run code while leaving ordinary text (including '<' in prose) alone.
 */
const pairedTag = /<(script|iframe)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const loneTag = /<\/?(script|iframe)\b[^>]*>/gi;
const inlineHandler = /\s+on[a-z]+\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/gi;
const scriptScheme = /(?:javascript|vbscript)\s*:/gi;
const htmlDataUrl = /data:text\/html/gi;

export function sanitizeString(value: string): string {
  let previous: string;
  let current = value;
  // Repeat until stable so that nested fragments such as '<scr<script></script>ipt>' cannot reassemble.
  do {
    previous = current;
    current = current
      .replace(pairedTag, '')
      .replace(loneTag, '')
      .replace(inlineHandler, '')
      .replace(scriptScheme, '')
      .replace(htmlDataUrl, 'data:text/plain');
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
