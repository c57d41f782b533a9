import { Link } from 'react-router';

export default function NotFoundPage() {
  return (
    <section className="container section">
      <h1>We can't find that page</h1>
      <p>The link may be old or mistyped. Try the home page, or get in touch and we'll help.</p>
      <p>
        <Link to="/" className="button button-primary">
          Go to the home page
        </Link>
      </p>
    </section>
  );
}
