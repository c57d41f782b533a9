import { useRef } from 'react';
import { useLocation } from 'react-router';
import { fillTemplate, siteContent } from '../../content/site';
import { DeferredContactForm } from './deferred-contact-form';
import { useSiteInfo } from './api/get-site-info';
import styles from './site-footer.module.css';
import { useNearViewOrIdle } from './use-near-view-or-idle';

/** On a narrow screen an e-mail address wraps after its @, not in the middle of a word. */
function withBreakAfterAt(address: string) {
  const at = address.indexOf('@');
  if (at < 0) return address;
  return (
    <>
      {address.slice(0, at + 1)}
      <wbr />
      {address.slice(at + 1)}
    </>
  );
}

/**
 * The public footer of docs/behaviour.md §2: the contact section (id contact) with the contact form and the
 * phone and e-mail details; the policy links, each opening in a new tab; the warning text with the
 * registration numbers; and, on the home page only, the partners' 'Referrer Login'.
 */
export function SiteFooter() {
  const { pathname } = useLocation();
  // The registration details sit at the foot of the page: asked for once it is near.
  const legal = useRef<HTMLDivElement>(null);
  const info = useSiteInfo(useNearViewOrIdle(legal)).data;
  const { footer } = siteContent;
  const values = { legalName: info?.legalName ?? 'Grain Growers Mutual Limited', abn: info?.abn ?? '…', acn: info?.acn ?? '…', year: String(new Date().getFullYear()) };
  return (
    <footer className={styles.footer}>
      <section id="contact" className={styles.contact} aria-labelledby="contact-heading">
        <div className={styles.inner}>
          <div>
            <h2 id="contact-heading">{footer.contactHeading}</h2>
            <p>{footer.contactIntro}</p>
            <dl className={styles.details}>
              <dt>Phone</dt>
              <dd>
                <a href={siteContent.phone.href}>{siteContent.phone.display}</a>
              </dd>
              <dt>Email</dt>
              <dd>
                <a href={`mailto:${siteContent.email}`}>{withBreakAfterAt(siteContent.email)}</a>
              </dd>
              <dt>Post</dt>
              <dd>{siteContent.postalAddress}</dd>
              <dt>Hours</dt>
              <dd>{siteContent.officeHours}</dd>
            </dl>
          </div>
          <div className={styles.formPanel}>
            <DeferredContactForm />
          </div>
        </div>
      </section>
      <div className={styles.legal} ref={legal}>
        <div className={styles.inner}>
          <nav aria-label={footer.policyHeading}>
            <h2 className={styles.smallHeading}>{footer.policyHeading}</h2>
            <ul className={styles.links}>
              {footer.policyLinks.map((link) => (
                <li key={link.href}>
                  <a href={link.href} target="_blank" rel="noopener">
                    {link.label}
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
            {pathname === '/' && (
              <>
                <h2 className={styles.smallHeading}>{footer.partnersHeading}</h2>
                <ul className={styles.links}>
                  <li>
                    <a href="/auth/referrer-signin">Referrer Login</a>
                  </li>
                </ul>
              </>
            )}
          </nav>
          <div>
            <p className={styles.warning} data-testid="footer-warning">
              {fillTemplate(footer.warning, values)}
            </p>
            <p className={styles.copyright}>{fillTemplate(footer.copyright, values)}</p>
          </div>
        </div>
      </div>
    </footer>
  );
}
