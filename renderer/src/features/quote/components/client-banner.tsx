import styles from '../quote-wizard.module.css';
import type { WizardClient } from '../wizard-context';

/** A broker quoting for a client: whose quote this is, and that it is saved and submitted in their name. */
export function ClientBanner({ client }: { client: WizardClient }) {
  return (
    <div className={styles.clientBanner} role="note" data-testid="client-banner">
      <strong className={styles.clientBannerTitle}>Quoting for {client.customerName}</strong>
      <span>As their broker: the quote is saved to their account and the application is submitted in their name.</span>
    </div>
  );
}
