import { useState } from 'react';
import { Link } from 'react-router';
import type { ReferralLead } from '@shared/contracts/accounts';
import { formatDate } from '@shared/format';
import { failureMessage } from '../../lib/react-query';
import { FullScreenLoader } from '../../components/ui/full-screen-loader';
import { logout } from '../../stores/session-store';
import { useRequireSession } from '../../stores/use-session';
import { useReferralLeads } from './api/get-referral-leads';
import styles from './referrer-leads.module.css';
import { usePageTitle } from '../../lib/page-title';

const stageLabels: Record<ReferralLead['quoteStage'], string> = {
  registered: 'Registered',
  quote_started: 'Quote in progress',
  quote_completed: 'Quote completed',
};

const stepLabel = (step: string | null) => (step ? step.replace(/-/g, ' ') : '—');

/**
 * /referrer/leads: what a referrer sees after signing in. Their link to share, how many growers
 * came through it and how far each has got, without contact details or figures (docs/security.md).
 */
export default function ReferrerLeadsPage() {
  usePageTitle('Your referrals');
  const session = useRequireSession('/auth/referrer-signin');
  const leadsQuery = useReferralLeads(session.status === 'authenticated' ? session.user?.id : undefined);
  const [copied, setCopied] = useState(false);

  if (session.status !== 'authenticated' && session.unavailable !== undefined) {
    return (
      <div className={styles.page}>
        <h1>Your referrals</h1>
        <p role="alert">{session.unavailable}</p>
        <button type="button" className="button" onClick={session.askAgain}>
          Try again
        </button>
      </div>
    );
  }
  if (session.status !== 'authenticated' || leadsQuery.isPending) return <FullScreenLoader />;
  if (leadsQuery.isError) {
    return (
      <div className={styles.page}>
        <h1>Your referrals</h1>
        <p role="alert">{failureMessage(leadsQuery.error, 'Your referrals could not be loaded. Please refresh the page.')}</p>
        <p>
          <Link to="/auth/referrer-signin?callbackUrl=%2Freferrer%2Fleads">Sign in with a referrer account</Link>
        </p>
      </div>
    );
  }

  const { referrer, summary, leads } = leadsQuery.data;
  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <div>
          <h1>Your referrals</h1>
          <p>
            {referrer.organisation} · referrer code <strong>{referrer.code}</strong>
          </p>
        </div>
        <button type="button" className="button" onClick={() => void logout()}>
          Sign Out
        </button>
      </div>

      <div className={styles.link}>
        <span>Share this link with growers:</span>
        <code>{referrer.referralLink}</code>
        <button
          type="button"
          className="button button-primary"
          onClick={() => {
            void navigator.clipboard?.writeText(referrer.referralLink).then(() => setCopied(true));
          }}
        >
          {copied ? 'Copied' : 'Copy link'}
        </button>
      </div>

      <ul className={styles.summary} aria-label="Summary">
        <li>
          <span className={styles.figure}>{summary.registered}</span> registered
        </li>
        <li>
          <span className={styles.figure}>{summary.quoteStarted}</span> started a quote
        </li>
        <li>
          <span className={styles.figure}>{summary.quoteCompleted}</span> completed a quote
        </li>
      </ul>

      {leads.length === 0 ? (
        <p className={styles.empty}>No one has signed up with your code yet. Growers who open your link and create an account appear here.</p>
      ) : (
        <table className={styles.table}>
          <caption className="visually-hidden">Growers referred by {referrer.organisation}</caption>
          <thead>
            <tr>
              <th scope="col">Grower</th>
              <th scope="col">Business</th>
              <th scope="col">Registered</th>
              <th scope="col">Progress</th>
              <th scope="col">Last step</th>
              <th scope="col">Last active</th>
            </tr>
          </thead>
          <tbody>
            {leads.map((lead) => (
              <tr key={lead.id}>
                <td data-label="Grower">{lead.name}</td>
                <td data-label="Business">{lead.businessName ?? '—'}</td>
                <td data-label="Registered">{formatDate(lead.registeredAt)}</td>
                <td data-label="Progress">
                  <span className={styles.stage} data-stage={lead.quoteStage}>
                    {stageLabels[lead.quoteStage]}
                  </span>
                </td>
                <td data-label="Last step">{stepLabel(lead.lastQuoteStep)}</td>
                <td data-label="Last active">{formatDate(lead.lastActivityAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className={styles.note}>Contact details stay with the mutual: to follow up a grower, speak with your contact at the mutual.</p>
    </div>
  );
}
