import styles from '../quote-wizard.module.css';
import type { WizardSupport } from '../wizard-context';

/** Support mode: whose quote this is and what the member of staff may do with it. */
export function SupportBanner({ support }: { support: WizardSupport }) {
  return (
    <div className={styles.supportBanner} role="note" data-testid="support-banner">
      <strong>Support mode:</strong> working on the quote of {support.customerName} —{' '}
      {support.permissionLevel === 'write' ? 'write access: changes are saved to their draft.' : 'read-only access: nothing can be saved or submitted.'}
    </div>
  );
}
