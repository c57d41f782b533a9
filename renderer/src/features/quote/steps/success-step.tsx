import { Link } from 'react-router';
import { COVERAGE_TYPE_DESCRIPTIONS } from '@shared/constants';
import { formatMoney } from '@shared/format';
import { useQuoteStore } from '../stores/quote-store';
import styles from '../pricing-steps.module.css';
import wizardStyles from '../quote-wizard.module.css';
import { useWizard } from '../wizard-context';
import { StepFrame } from './step-frame';

/** Step 10: reached only once the quote is submitted or completed; says what happens next. */
export function SuccessStep() {
  const { client } = useWizard();
  const email = useQuoteStore((state) => state.personalDetails.email);
  const reference = useQuoteStore((state) => state.quoteId);
  const selected = useQuoteStore((state) => state.estimates.selectedCoverageType);
  const estimate = useQuoteStore((state) => (selected === undefined ? undefined : state.estimates[selected]));
  return (
    <StepFrame
      hideBack
      hideContinue
      // The title says 'Quote submitted' (step-titles.ts); the words under it say the same, and what the quote became.
      intro={
        <p>
          {client === null
            ? 'Thank you. Your quote is submitted: the mutual has it as your application for crop protection.'
            : `Thank you. The quote of ${client.customerName} is submitted: the mutual has it as their application for crop protection, in their name.`}
        </p>
      }
    >
      <dl className={styles.facts} data-testid="success-summary">
        {reference !== undefined && (
          <div>
            <dt>Reference</dt>
            <dd data-testid="application-reference">{reference}</dd>
          </div>
        )}
        {selected !== undefined && (
          <div>
            <dt>Protection</dt>
            <dd>{COVERAGE_TYPE_DESCRIPTIONS[selected]}</dd>
          </div>
        )}
        {estimate?.totalPayable !== undefined && (
          <div>
            <dt>Total payable</dt>
            <dd data-testid="success-total">{formatMoney(estimate.totalPayable)}</dd>
          </div>
        )}
      </dl>
      <section className={wizardStyles.panel} aria-labelledby="next-title">
        <h2 id="next-title">What happens next</h2>
        <ol className={wizardStyles.nextSteps}>
          <li>
            We have e-mailed a confirmation{email ? ' to ' : ''}
            {email ? <span className={styles.breakAnywhere}>{email}</span> : null}. Keep it with your farm records.
          </li>
          <li>Our team checks your paddocks, crops and figures, and calls you if anything needs a closer look.</li>
          <li>Once your application is accepted, your invoice and the ways to pay appear under Payments in your dashboard.</li>
          <li>Your application is under Protection in your dashboard, where you can also add paddocks or lodge a claim later.</li>
        </ol>
      </section>
      <p>
        {client === null ? (
          <Link to="/dashboard" className="button button-primary">
            Go to your dashboard
          </Link>
        ) : (
          <Link to={`/dashboard/protection?member=${encodeURIComponent(client.customerId)}`} className="button button-primary">
            See their protection
          </Link>
        )}
      </p>
    </StepFrame>
  );
}
