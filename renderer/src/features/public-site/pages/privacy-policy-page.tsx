import source from '../content/privacy-policy.md?raw';
import { MarkdownPage } from '../markdown-page';

export default function PrivacyPolicyPage() {
  return <MarkdownPage source={source} />;
}
