import { describe, expect, it } from 'vitest';
import { isSafeHref, parseInline, parseMarkdown } from './markdown';

describe('content Markdown', () => {
  it('reads headings with ids, paragraphs, lists, tables and notes', () => {
    const blocks = parseMarkdown(
      `# Our product\n\nIntro line one\ncontinues here.\n\n## Hail {#hail}\n\n- one\n- two\n  wrapped\n\n1. first\n2. second\n\n| Crop | Hurdle |\n|---|---|\n| wheat | 5% |\n\n> Not insurance.\n\n## Hail\n`,
    );
    expect(blocks.map((block) => block.kind)).toEqual(['heading', 'paragraph', 'heading', 'list', 'list', 'table', 'note', 'heading']);
    expect(blocks[0]).toMatchObject({ level: 1, id: 'our-product', text: 'Our product' });
    expect(blocks[1]).toEqual({ kind: 'paragraph', inline: [{ kind: 'text', text: 'Intro line one continues here.' }] });
    expect(blocks[2]).toMatchObject({ id: 'hail' });
    expect(blocks[3]).toMatchObject({ ordered: false, items: [[{ text: 'one' }], [{ text: 'two wrapped' }]] });
    expect(blocks[4]).toMatchObject({ ordered: true });
    expect(blocks[5]).toMatchObject({ header: [[{ text: 'Crop' }], [{ text: 'Hurdle' }]], rows: [[[{ text: 'wheat' }], [{ text: '5%' }]]] });
    expect(blocks[7]).toMatchObject({ id: 'hail-2' });
  });

  it('reads bold, emphasis and links, and drops unsafe links to text', () => {
    expect(parseInline('A **bold** and *soft* [FAQ](/faq) or [bad](javascript:alert(1)) <script>')).toEqual([
      { kind: 'text', text: 'A ' },
      { kind: 'strong', children: [{ kind: 'text', text: 'bold' }] },
      { kind: 'text', text: ' and ' },
      { kind: 'em', children: [{ kind: 'text', text: 'soft' }] },
      { kind: 'text', text: ' ' },
      { kind: 'link', href: '/faq', children: [{ kind: 'text', text: 'FAQ' }] },
      { kind: 'text', text: ' or ' },
      { kind: 'text', text: 'bad' },
      { kind: 'text', text: ') <script>' },
    ]);
  });

  it('keeps only safe link targets', () => {
    expect(['/about', '#x', 'mailto:a@b.c', 'tel:+618', 'https://oaic.gov.au'].every(isSafeHref)).toBe(true);
    expect(['javascript:alert(1)', 'data:text/html,x', '//evil.example', 'http://plain.example'].some(isSafeHref)).toBe(false);
  });
});
