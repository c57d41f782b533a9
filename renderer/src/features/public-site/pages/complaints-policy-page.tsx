import source from '../content/complaints-policy.md?raw';
import { MarkdownPage } from '../markdown-page';

export default function ComplaintsPolicyPage() {
  return <MarkdownPage source={source} />;
}
