import { MEMBERSHIP_FEE } from '@shared/constants';
import { type ReactNode, useMemo } from 'react';
import { formatNumber } from '@shared/format';
import { type Block, parseMarkdown } from '../../components/content/markdown';
import { BlockView, MarkdownView } from '../../components/content/markdown-view';
import { fillTemplate } from '../../content/site';
import { usePageTitle } from '../../lib/page-title';

/**
 * Values a content file may use as {name}: business constants, so the words never drift from them.
 * Worded only for a file that uses them: a phone's first number format costs it a long task.
 */
const CONTENT_VALUES = { membershipFee: () => formatNumber(MEMBERSHIP_FEE) };

export function useContent(source: string): { title: string; intro: Block | undefined; body: Block[] } {
  return useMemo(() => {
    const blocks = parseMarkdown(fillTemplate(source, CONTENT_VALUES));
    const [first, second, ...rest] = blocks;
    if (first?.kind !== 'heading' || first.level !== 1) return { title: 'Grain Growers Mutual', intro: undefined, body: blocks };
    if (second?.kind === 'paragraph') return { title: first.text, intro: second, body: rest };
    return { title: first.text, intro: undefined, body: second ? [second, ...rest] : rest };
  }, [source]);
}

export function PageHeader({ title, intro }: { title: string; intro?: Block | undefined }) {
  return (
    <header className="page-header">
      <div className="container">
        <h1>{title}</h1>
        {intro && <BlockView block={intro} />}
      </div>
    </header>
  );
}

/** A page whose words are a Markdown file in ./content: its '# ' heading and first paragraph form the header. */
export function MarkdownPage({ source, children }: { source: string; children?: ReactNode }) {
  const { title, intro, body } = useContent(source);
  usePageTitle(title);
  return (
    <>
      <PageHeader title={title} intro={intro} />
      <div className="container section">
        <MarkdownView blocks={body} />
        {children}
      </div>
    </>
  );
}
