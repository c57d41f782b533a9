import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Block, Inline } from './markdown';

export function InlineView({ parts }: { parts: Inline[] }): ReactNode {
  return parts.map((part, index) => {
    switch (part.kind) {
      case 'text':
        return <Fragment key={index}>{part.text}</Fragment>;
      case 'strong':
        return (
          <strong key={index}>
            <InlineView parts={part.children} />
          </strong>
        );
      case 'em':
        return (
          <em key={index}>
            <InlineView parts={part.children} />
          </em>
        );
      case 'link':
        return part.href.startsWith('/') ? (
          <Link key={index} to={part.href}>
            <InlineView parts={part.children} />
          </Link>
        ) : (
          <a key={index} href={part.href} {...(part.href.startsWith('https:') ? { rel: 'noopener noreferrer' } : {})}>
            <InlineView parts={part.children} />
          </a>
        );
    }
  });
}

export function BlockView({ block }: { block: Block }): ReactNode {
  switch (block.kind) {
    case 'heading': {
      const Tag = `h${block.level}` as const;
      return (
        <Tag id={block.id}>
          <InlineView parts={block.inline} />
        </Tag>
      );
    }
    case 'paragraph':
      return (
        <p>
          <InlineView parts={block.inline} />
        </p>
      );
    case 'note':
      return (
        <div className="alert alert-warning" role="note">
          <InlineView parts={block.inline} />
        </div>
      );
    case 'list': {
      const items = block.items.map((item, index) => (
        <li key={index}>
          <InlineView parts={item} />
        </li>
      ));
      return block.ordered ? <ol>{items}</ol> : <ul>{items}</ul>;
    }
    case 'table':
      return (
        <div style={{ overflowX: 'auto' }}>
          <table>
            <thead>
              <tr>
                {block.header.map((cell, index) => (
                  <th key={index} scope="col">
                    <InlineView parts={cell} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row, rowIndex) => (
                <tr key={rowIndex}>
                  {row.map((cell, index) => (
                    <td key={index}>
                      <InlineView parts={cell} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
  }
}

/** Renders parsed Markdown blocks inside the 'prose' measure. */
export function MarkdownView({ blocks }: { blocks: Block[] }) {
  return (
    <div className="prose">
      {blocks.map((block, index) => (
        <BlockView key={index} block={block} />
      ))}
    </div>
  );
}
