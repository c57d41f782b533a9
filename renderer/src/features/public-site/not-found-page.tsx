import { Link } from 'react-router';
import { usePageTitle } from '../../lib/page-title';

export default function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <section className="container section prose">
      <h1>We can't find that page</h1>
      <p>The link may be old or mistyped. These might be what you were looking for:</p>
      <ul>
        <li>
          <Link to="/our-product">Our Product</Link>: hail, and fire and lightning protection
        </li>
        <li>
          <Link to="/faq">Frequently asked questions</Link>
        </li>
        <li>
          <Link to="/corporate-documents">Corporate Documents</Link>
        </li>
      </ul>
      <p>
        <Link to="/" className="button button-primary">
          Go to the home page
        </Link>
      </p>
    </section>
  );
}
