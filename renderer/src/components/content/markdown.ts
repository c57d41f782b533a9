/**
 * A deliberately small Markdown reader for the public site's content files, so staff can edit
 * pages in plain text. It understands what those pages use: headings (#, ##, ###, with an optional
 * {#id}), paragraphs, bulleted and numbered lists, tables, '>' notes, **bold**, *emphasis* and
 * [links](/path). It never produces HTML strings: the result is data that React renders as text,
 * so nothing in a content file can inject markup or script.
 */
export type Inline = { kind: 'text'; text: string } | { kind: 'strong'; children: Inline[] } | { kind: 'em'; children: Inline[] } | { kind: 'link'; href: string; children: Inline[] };

export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3; id: string; text: string; inline: Inline[] }
  | { kind: 'paragraph'; inline: Inline[] }
  | { kind: 'list'; ordered: boolean; items: Inline[][] }
  | { kind: 'table'; header: Inline[][]; rows: Inline[][][] }
  | { kind: 'note'; inline: Inline[] };

/** Only these link targets are kept; anything else (javascript:, data:) is shown as plain text. */
export function isSafeHref(href: string): boolean {
  return /^(\/(?!\/)|#|mailto:|tel:|https:\/\/)/i.test(href.trim());
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’']/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
}

const INLINE = /\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)|\*(\S(?:.*?\S)?)\*/;

export function parseInline(text: string): Inline[] {
  const result: Inline[] = [];
  let rest = text;
  while (rest) {
    const match = INLINE.exec(rest);
    if (!match) {
      result.push({ kind: 'text', text: rest });
      break;
    }
    if (match.index > 0) result.push({ kind: 'text', text: rest.slice(0, match.index) });
    const [whole, bold, linkText, href, emphasis] = match;
    if (bold !== undefined) result.push({ kind: 'strong', children: parseInline(bold) });
    else if (linkText !== undefined && href !== undefined) {
      result.push(isSafeHref(href) ? { kind: 'link', href, children: parseInline(linkText) } : { kind: 'text', text: linkText });
    } else if (emphasis !== undefined) result.push({ kind: 'em', children: parseInline(emphasis) });
    rest = rest.slice(match.index + whole.length);
  }
  return result;
}

export function inlineText(inline: Inline[]): string {
  return inline.map((part) => (part.kind === 'text' ? part.text : inlineText(part.children))).join('');
}

const tableCells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => parseInline(cell.trim()));

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const usedIds = new Set<string>();
  let index = 0;
  const uniqueId = (wanted: string) => {
    let id = wanted || 'section';
    for (let suffix = 2; usedIds.has(id); suffix += 1) id = `${wanted}-${suffix}`;
    usedIds.add(id);
    return id;
  };
  while (index < lines.length) {
    const line = lines[index] ?? '';
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('<!--')) {
      index += 1;
      continue;
    }
    const heading = /^(#{1,3})\s+(.*?)(?:\s+\{#([a-z0-9-]+)\})?\s*$/.exec(trimmed);
    if (heading) {
      const inline = parseInline(heading[2] ?? '');
      const text = inlineText(inline);
      blocks.push({ kind: 'heading', level: (heading[1]?.length ?? 2) as 1 | 2 | 3, id: uniqueId(heading[3] ?? slugify(text)), text, inline });
      index += 1;
      continue;
    }
    if (/^[-*]\s+/.test(trimmed) || /^\d+\.\s+/.test(trimmed)) {
      const ordered = /^\d+\./.test(trimmed);
      const pattern = ordered ? /^\d+\.\s+/ : /^[-*]\s+/;
      const items: Inline[][] = [];
      while (index < lines.length && pattern.test((lines[index] ?? '').trim())) {
        let item = (lines[index] ?? '').trim().replace(pattern, '');
        index += 1;
        // Indented continuation lines belong to the item.
        while (index < lines.length && /^\s{2,}\S/.test(lines[index] ?? '') && !pattern.test((lines[index] ?? '').trim())) {
          item += ` ${(lines[index] ?? '').trim()}`;
          index += 1;
        }
        items.push(parseInline(item));
      }
      blocks.push({ kind: 'list', ordered, items });
      continue;
    }
    if (trimmed.startsWith('|')) {
      const rows: string[] = [];
      while (index < lines.length && (lines[index] ?? '').trim().startsWith('|')) {
        rows.push((lines[index] ?? '').trim());
        index += 1;
      }
      const [header = '', , ...body] = rows;
      blocks.push({ kind: 'table', header: tableCells(header), rows: body.map(tableCells) });
      continue;
    }
    if (trimmed.startsWith('>')) {
      const parts: string[] = [];
      while (index < lines.length && (lines[index] ?? '').trim().startsWith('>')) {
        parts.push((lines[index] ?? '').trim().replace(/^>\s?/, ''));
        index += 1;
      }
      blocks.push({ kind: 'note', inline: parseInline(parts.join(' ')) });
      continue;
    }
    const parts: string[] = [];
    while (index < lines.length) {
      const next = (lines[index] ?? '').trim();
      if (!next || /^(#{1,3}\s|[-*]\s|\d+\.\s|\||>)/.test(next)) break;
      parts.push(next);
      index += 1;
    }
    blocks.push({ kind: 'paragraph', inline: parseInline(parts.join(' ')) });
  }
  return blocks;
}
