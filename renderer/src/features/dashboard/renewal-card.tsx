/**
 * The dashboard's renewal (docs/seasons.md 'Renewing'): once staff open a new season, a member whose
 * cover started before and who has not applied in it starts next season's quote from their latest
 * protection, with its paddocks, crops, yields, prices and hurdles pre-filled.
 */
import { useNavigate } from 'react-router';
import type { OverviewView } from '@shared/contracts/dashboard';
import { formatLongDate } from '@shared/format';
import { failureMessage } from '../../lib/react-query';
import { carriedFrom, useStartNextSeason } from './api/start-next-season';
import styles from './dashboard.module.css';

export function RenewalCard({ overview, viewerId }: { overview: OverviewView; viewerId: string }) {
  const navigate = useNavigate();
  const starting = useStartNextSeason(viewerId);
  const from = overview.protections.find((protection) => protection.id === overview.renewal?.fromApplicationId);
  if (!from) return null;
  const paddocks = from.paddocks.filter((paddock) => paddock.priced);
  const year = overview.season.year;
  return (
    <section className={styles.card} aria-labelledby="renewal" data-testid="renewal">
      <h2 id="renewal">Renew for the {year} season</h2>
      <p>
        The {year} season is open. Start from your {from.season} protection ({from.reference}): its {paddocks.length} {paddocks.length === 1 ? 'paddock comes' : 'paddocks come'} pre-filled with their outlines,
        crops, varieties, yields, prices and hurdles. Change what is sown where, then price it with this season’s rates and submit.
      </p>
      <p className={styles.muted}>
        Your {from.season} cover runs to {formatLongDate(from.endsOn)}; the {year} season’s cover runs to {formatLongDate(overview.season.coverEndsOn)}.
      </p>
      <button type="button" className="button button-primary" disabled={starting.isPending} onClick={() => starting.mutate(carriedFrom(from), { onSuccess: (wizardPath) => void navigate(wizardPath) })}>
        {starting.isPending ? 'Starting…' : `Start my ${year} renewal`}
      </button>
      {starting.isError && (
        <p className={`${styles.notice} ${styles.noticeError}`} role="alert">
          {failureMessage(starting.error, 'Your renewal could not be started. Check your connection and try again.')}
        </p>
      )}
    </section>
  );
}
