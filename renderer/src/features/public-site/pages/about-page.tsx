import source from '../content/about.md?raw';
import { MarkdownPage } from '../markdown-page';

export default function AboutPage() {
  return <MarkdownPage source={source} />;
}
