import source from '../content/terms-of-use.md?raw';
import { MarkdownPage } from '../markdown-page';

export default function TermsOfUsePage() {
  return <MarkdownPage source={source} />;
}
