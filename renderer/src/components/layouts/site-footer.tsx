import { useLocation } from 'react-router';
import styles from './site-footer.module.css';

const policyLinks = [
  { href: '/terms-of-use', label: 'Terms of Use' },
  { href: '/privacy-policy', label: 'Privacy Policy' },
  { href: '/complaints-policy', label: 'Complaints Policy' },
  { href: '/corporate-documents', label: 'Corporate Documents' },
];

/** The public footer of SPEC §2; the policy links open in a new tab. */
export function SiteFooter() {
  const { pathname } = useLocation();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <section aria-labelledby="footer-contact-heading">
          <h2 id="footer-contact-heading">Talk to us</h2>
          <p>
            Phone <a href="tel:+61890000000">(08) 9000 0000</a>
            <br />
            Email <a href="mailto:members@grainmutual.example">members@grainmutual.example</a>
          </p>
        </section>
        <nav aria-label="Policies">
          <ul className={styles.links}>
            {policyLinks.map((link) => (
              <li key={link.href}>
                <a href={link.href} target="_blank" rel="noopener noreferrer">
                  {link.label}
                </a>
              </li>
            ))}
            {pathname === '/' && (
              <li>
                Partners: <a href="/auth/referrer-signin">Referrer Login</a>
              </li>
            )}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
