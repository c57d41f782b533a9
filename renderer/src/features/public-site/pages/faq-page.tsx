import type { Block } from '../../../components/content/markdown';
import { BlockView, InlineView } from '../../../components/content/markdown-view';
import source from '../content/faq.md?raw';
import { PageHeader, useContent } from '../markdown-page';
import { usePageTitle } from '../../../lib/page-title';
import styles from './faq-page.module.css';

interface Topic {
  heading?: Block & { kind: 'heading' };
  questions: Array<{ question: Block & { kind: 'heading' }; answer: Block[] }>;
}

/** faq.md: '## ' starts a topic, '### ' a question, and what follows is the answer. */
function topicsOf(blocks: Block[]): Topic[] {
  const topics: Topic[] = [];
  for (const block of blocks) {
    if (block.kind === 'heading' && block.level === 2) topics.push({ heading: block, questions: [] });
    else if (block.kind === 'heading' && block.level === 3) {
      if (!topics.length) topics.push({ questions: [] });
      topics.at(-1)?.questions.push({ question: block, answer: [] });
    } else topics.at(-1)?.questions.at(-1)?.answer.push(block);
  }
  return topics;
}

export default function FaqPage() {
  const { title, intro, body } = useContent(source);
  usePageTitle(title);
  const topics = topicsOf(body);
  return (
    <>
      <PageHeader title={title} intro={intro} />
      <div className="container section">
        <nav aria-label="FAQ topics" className={styles.topics}>
          {topics.map(
            (topic) =>
              topic.heading && (
                <a key={topic.heading.id} href={`#${topic.heading.id}`}>
                  {topic.heading.text}
                </a>
              ),
          )}
        </nav>
        {topics.map((topic, index) => (
          <section key={topic.heading?.id ?? index} aria-labelledby={topic.heading?.id} className="prose">
            {topic.heading && <BlockView block={topic.heading} />}
            {topic.questions.map(({ question, answer }) => (
              <details key={question.id} id={question.id} className={styles.question}>
                <summary>
                  <InlineView parts={question.inline} />
                </summary>
                <div className={styles.answer}>
                  {answer.map((block, blockIndex) => (
                    <BlockView key={blockIndex} block={block} />
                  ))}
                </div>
              </details>
            ))}
          </section>
        ))}
      </div>
    </>
  );
}
