/**
 * A fingerprint groups repeats of the same fault: the same kind of error, with the same message
 * once the parts that change between occurrences (numbers, ids, quoted values, query strings) are
 * blanked out, raised from the same place in the code.
 */
export interface FingerprintInput {
  type: string;
  message: string;
  stack?: string | null;
  /** For API failures: method, path and status say more than the message. */
  method?: string;
  path?: string;
  status?: number;
}

/** Replaces the volatile parts of a message or path so that repeats compare equal. */
export function normaliseText(text: string): string {
  return text
    .replace(/\?[^\s'"]*/g, '?')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, ':uuid')
    .replace(/\bc[a-z0-9]{20,}\b/g, ':id')
    .replace(/\b[0-9a-f]{16,}\b/gi, ':hex')
    .replace(/\d+/g, 'N')
    .replace(/(['"`]).*?\1/g, '$1…$1')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 500);
}

/** The first stack frame's location, without line and column numbers that shift between builds. */
export function topFrame(stack?: string | null): string {
  if (!stack) return '';
  for (const line of stack.split('\n').slice(1)) {
    const match = /(?:at\s+)?(?:(\S+)\s+\()?(?:[a-z]+:\/\/[^/]+)?([^\s():]+)(?::\d+){0,2}\)?\s*$/i.exec(line.trim());
    if (match) return `${match[1] ?? ''}@${(match[2] ?? '').replace(/-[A-Za-z0-9_]{6,}(\.js)$/, '$1')}`;
  }
  return '';
}

/** FNV-1a, 32 bits, twice with different seeds: short, stable, and the same in Node and browsers. */
export function hashText(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x9747b28c;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    a = Math.imul(a ^ code, 0x01000193) >>> 0;
    b = Math.imul(b ^ code, 0x5bd1e995) >>> 0;
  }
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}

export function fingerprint(input: FingerprintInput): string {
  const parts =
    input.type === 'api'
      ? [input.type, (input.method ?? '').toUpperCase(), normaliseText((input.path ?? '').split('?')[0] ?? ''), String(input.status ?? '')]
      : [input.type, normaliseText(input.message), topFrame(input.stack)];
  return `${input.type}-${hashText(parts.join('|'))}`;
}
