/** The mutual's phone, e-mail and hours on the dashboard: what "call us" and "contact us" point to, one tap away on a phone. */
import { READER_POSSESSIVE, type Reader } from '@shared/domain/reader';
import { siteContent } from '../../content/site';
import styles from './dashboard.module.css';

export function ContactCard() {
  return (
    <section className={styles.card} aria-labelledby="contact-us" data-testid="contact-card">
      <h2 id="contact-us">Contact us</h2>
      <p>
        Phone <a href={siteContent.phone.href}>{siteContent.phone.display}</a>
        <br />
        E-mail <a href={`mailto:${siteContent.email}`}>{siteContent.email}</a>
      </p>
      <p className={styles.muted}>{siteContent.officeHours}</p>
    </section>
  );
}

/**
 * Above the claims: after a loss, the phone number comes first, whatever state the protection is
 * in; said to the member or to their broker, and not to staff, who are the ones called.
 */
export function ClaimsLine({ reader }: { reader: Reader }) {
  if (reader === 'staff') return null;
  return (
    <p className={styles.notice} data-testid="claims-line">
      Hail or fire on {READER_POSSESSIVE[reader]} paddocks? Call us on <a href={siteContent.phone.href}>{siteContent.phone.display}</a> ({siteContent.harvestHours}), then lodge the claim here with photos.
    </p>
  );
}
