import { Link, NavLink } from 'react-router';
import { QUOTE_MODE } from '@shared/constants';
import styles from './site-header.module.css';

/** The public header menu of SPEC §2. */
export function SiteHeader() {
  const quoteButton = QUOTE_MODE === 'quote' ? { label: 'Get a Quote', to: '/quote' } : { label: 'Register Interest', to: '/register' };
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to="/" className={styles.brand}>
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span>Grain Growers Mutual</span>
        </Link>
        <nav aria-label="Main" className={styles.nav}>
          <ul>
            <li>
              <NavLink to="/about">About</NavLink>
            </li>
            <li>
              <a href="/#mission">Our Mission</a>
            </li>
            <li>
              <NavLink to="/our-product">Our Product</NavLink>
            </li>
            <li>
              <a href="/#contact">Contact</a>
            </li>
            <li>
              <NavLink to="/faq">FAQ</NavLink>
            </li>
            <li>
              <NavLink to="/auth/signin">Sign In</NavLink>
            </li>
            <li>
              <Link to={quoteButton.to} className="button button-accent">
                {quoteButton.label}
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
