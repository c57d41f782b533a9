import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { QUOTE_MODE, type QuoteMode } from '@shared/constants';
import { quoteButtons, siteContent } from '../../content/site';
import { cachedSupportCustomerId, SIGNED_IN_HOME_EVENT, signedInHome, supportQuotePath } from '../../stores/session-cache';
import { AboutMenu } from './about-menu';
import styles from './site-header.module.css';

/**
 * Where a signed-in person's own pages start, or null for a visitor: read after the first render
 * (which must match the page drawn at build time, where everyone is a visitor) and followed as it
 * changes, in this tab and others.
 */
function useSignedInHome(): string | null {
  const [home, setHome] = useState<string | null>(null);
  useEffect(() => {
    const read = () => setHome(signedInHome());
    read();
    window.addEventListener(SIGNED_IN_HOME_EVENT, read);
    window.addEventListener('storage', read);
    return () => {
      window.removeEventListener(SIGNED_IN_HOME_EVENT, read);
      window.removeEventListener('storage', read);
    };
  }, []);
  return home;
}

/**
 * Where a member of staff's 'Get a Quote' leads: the wizard itself, not the home page's quote
 * section, which tells a grower what a quote needs: in support mode the customer's quote, else
 * their own. Null for anyone else. Staff are known by the signed-in hint (an administrator's home is
 * the admin area) or by a support session in the session cache, read after the first render (as the
 * hint is) and again on every move.
 */
function useStaffQuotePath(home: string | null, locationKey: string): string | null {
  const [customerId, setCustomerId] = useState<string | null>(null);
  useEffect(() => setCustomerId(cachedSupportCustomerId()), [locationKey, home]);
  if (home === null) return null;
  if (customerId !== null) return supportQuotePath(customerId);
  return home.startsWith('/admin') ? '/quote' : null;
}

/**
 * The public header menu of docs/behaviour.md §2, in its order (the quote button between Our Product and Contact),
 * with two deviations: a signed-in person sees Dashboard where Sign In would be, and a member of staff's 'Get a Quote' opens the wizard (docs/public-site.md). On a wide screen the items sit in one row; on a phone a
 * 'Menu' button opens them as a full-width list with large targets, closed again on navigation.
 */
export function SiteHeader({ quoteMode = QUOTE_MODE }: { quoteMode?: QuoteMode }) {
  const quoteButton = quoteButtons(quoteMode).header;
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const close = () => setMenuOpen(false);

  // Any navigation (including Back) closes the phone menu.
  useEffect(() => setMenuOpen(false), [location.pathname, location.hash]);

  const home = useSignedInHome();
  const staffQuote = useStaffQuotePath(home, location.key);
  const quote = quoteMode === 'quote' && staffQuote !== null ? { ...quoteButton, to: staffQuote } : quoteButton;

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to="/" className={styles.brand} onClick={close}>
          <img src="/favicon.svg" alt="" width={36} height={36} />
          <span>
            {siteContent.name}
            <small className={styles.tagline}>{siteContent.tagline}</small>
          </span>
        </Link>
        <button type="button" className={styles.menuToggle} aria-expanded={menuOpen} aria-controls="site-menu" onClick={() => setMenuOpen((open) => !open)}>
          <svg aria-hidden="true" width="22" height="22" viewBox="0 0 22 22">
            {menuOpen ? <path d="M5 5l12 12M17 5L5 17" stroke="currentColor" strokeWidth="2.5" /> : <path d="M3 6h16M3 11h16M3 16h16" stroke="currentColor" strokeWidth="2.5" />}
          </svg>
          {menuOpen ? 'Close' : 'Menu'}
        </button>
        <nav aria-label="Main" id="site-menu" className={styles.nav} data-open={menuOpen}>
          <ul className={styles.items}>
            <AboutMenu label="About" links={siteContent.aboutMenu} onNavigate={close} />
            <li>
              <Link to="/#mission" onClick={close}>
                Our Mission
              </Link>
            </li>
            <li>
              <NavLink to="/our-product" onClick={close}>
                Our Product
              </NavLink>
            </li>
            <li className={styles.quoteItem}>
              <Link to={quote.to} className="button button-accent" onClick={close}>
                {quote.label}
              </Link>
            </li>
            <li>
              <Link to="/#contact" onClick={close}>
                Contact
              </Link>
            </li>
            <li>
              <NavLink to="/faq" onClick={close}>
                FAQ
              </NavLink>
            </li>
            <li>
              {home ? (
                <NavLink to={home} onClick={close}>
                  Dashboard
                </NavLink>
              ) : (
                <NavLink to="/auth/signin" onClick={close}>
                  Sign In
                </NavLink>
              )}
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
