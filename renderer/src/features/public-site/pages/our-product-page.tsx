import source from '../content/our-product.md?raw';
import { MarkdownPage } from '../markdown-page';

export default function OurProductPage() {
  return <MarkdownPage source={source} />;
}
