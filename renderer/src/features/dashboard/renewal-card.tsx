/**
 * The dashboard's renewal (docs/seasons.md 'Renewing'): once staff open a new season, a member whose
 * cover started before and who has not applied in it starts next season's quote from their latest
 * protection, with its paddocks, crops, yields, prices and hurdles pre-filled. Their broker (or staff
 * in support mode at write level) starts it for them the same way, in the member's name.
 */
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { OverviewView } from '@shared/contracts/dashboard';
import { formatLongDate } from '@shared/format';
import { failureMessage } from '../../lib/react-query';
import { renewalWizardPath, useStartRenewal } from './api/start-renewal';
import { useMemberScope } from './member-scope';
import styles from './dashboard.module.css';

export function RenewalCard({ overview }: { overview: OverviewView }) {
  const navigate = useNavigate();
  const { scope, quotePath, memberId, canChange } = useMemberScope();
  const starting = useStartRenewal();
  const from = overview.protections.find((protection) => protection.id === overview.renewal?.fromApplicationId);
  const shown = from !== undefined && canChange;
  // The renewal reminder links to /dashboard#renewal: the card is drawn after the overview loads, too late for the browser's own scroll.
  const { hash } = useLocation();
  const card = useRef<HTMLElement>(null);
  useEffect(() => {
    if (shown && hash === '#renewal') card.current?.scrollIntoView({ block: 'start' });
  }, [shown, hash]);
  if (!shown) return null;
  const paddocks = from.paddocks.filter((paddock) => paddock.priced);
  const year = overview.season.year;
  const their = memberId ? 'their' : 'your';
  return (
    <section ref={card} className={styles.card} aria-labelledby="renewal-heading" data-testid="renewal" id="renewal">
      <h2 id="renewal-heading">Renew for the {year} season</h2>
      <p>
        The {year} season is open. Start from {their} {from.season} protection ({from.reference}): its {paddocks.length} {paddocks.length === 1 ? 'paddock comes' : 'paddocks come'} pre-filled with their
        outlines, crops, varieties, yields, prices and hurdles. Change what is sown where, then see this season’s estimate beside last season’s and submit.
      </p>
      <p className={styles.muted}>
        {memberId ? 'Their' : 'Your'} {from.season} cover runs to {formatLongDate(from.endsOn)}; the {year} season’s cover runs to {formatLongDate(overview.season.coverEndsOn)}.
      </p>
      <button
        type="button"
        className="button button-primary"
        disabled={starting.isPending}
        onClick={() => starting.mutate(scope, { onSuccess: ({ draftId }) => void navigate(renewalWizardPath(quotePath, draftId)) })}
      >
        {starting.isPending ? 'Starting…' : memberId ? `Start their ${year} renewal` : `Start my ${year} renewal`}
      </button>
      {starting.isError && (
        <p className={`${styles.notice} ${styles.noticeError}`} role="alert">
          {failureMessage(starting.error, 'The renewal could not be started. Check your connection and try again.')}
        </p>
      )}
    </section>
  );
}
