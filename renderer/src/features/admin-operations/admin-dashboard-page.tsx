import { Link } from 'react-router';
import { CLAIM_STATUS_LABELS } from '@shared/domain/claims/claims';
import { PROTECTION_STATUSES } from '@shared/contracts/protection-status';
import { CLAIM_STATUSES } from '@shared/contracts/claims';
import { PROTECTION_STATUS_LABELS } from '@shared/domain/protection/protection';
import styles from '../../components/admin/admin.module.css';
import ops from '../../components/admin/admin-items.module.css';
import { AdminPageHeader, ListError, ListLoading } from '../../components/admin/admin-ui';
import { useOverview } from './api/get-overview';
import { formatCents } from '@shared/format';

/** /admin/dashboard: the season at a glance, each figure linking to the page where staff act on it. */
export default function AdminDashboardPage() {
  const overview = useOverview();
  return (
    <section>
      <AdminPageHeader title="Admin Dashboard">Applications, claims, form submissions and new members this season, with a link to each list.</AdminPageHeader>
      {overview.isPending && <ListLoading label="Loading the season’s figures…" />}
      {overview.isError && <ListError query={overview} />}
      {overview.isSuccess && (
        <ul className={ops.stats} aria-busy={overview.isFetching}>
          <li className={ops.stat}>
            <h2>Premium written, {overview.data.season} season</h2>
            <p className={ops.figure}>{formatCents(overview.data.premiumWritten.displayedPremiumCents)}</p>
            <p className={styles.muted}>Applications the board accepted; those still to be decided are counted beside.</p>
            <dl className={ops.counts}>
              <dt>Contribution before loading</dt>
              <dd>{formatCents(overview.data.premiumWritten.premiumCents)}</dd>
              <dt>Total payable (incl. fees, GST)</dt>
              <dd>{formatCents(overview.data.premiumWritten.totalPayableCents)}</dd>
              <dt>Value accepted</dt>
              <dd>{formatCents(overview.data.premiumWritten.insuredValueCents)}</dd>
              <dt>Value protected (cover started)</dt>
              <dd>{formatCents(overview.data.premiumWritten.valueProtectedCents)}</dd>
            </dl>
          </li>
          <li className={ops.stat}>
            <h2>Applications, {overview.data.season} season</h2>
            <p className={ops.figure}>{PROTECTION_STATUSES.reduce((sum, status) => sum + overview.data.applications[status], 0)}</p>
            <dl className={ops.counts}>
              {PROTECTION_STATUSES.map((status) => (
                <CountRow key={status} label={PROTECTION_STATUS_LABELS[status]} value={overview.data.applications[status]} />
              ))}
            </dl>
            <Link to="/admin/applications">Review applications</Link>
          </li>
          <li className={ops.stat}>
            <h2>Claims</h2>
            <p className={ops.figure}>{CLAIM_STATUSES.reduce((sum, status) => sum + overview.data.claims[status], 0)}</p>
            <dl className={ops.counts}>
              {CLAIM_STATUSES.map((status) => (
                <CountRow key={status} label={CLAIM_STATUS_LABELS[status]} value={overview.data.claims[status]} />
              ))}
            </dl>
            <Link to="/admin/claims">Work on claims</Link>
          </li>
          <li className={ops.stat}>
            <h2>Unread form submissions</h2>
            <p className={ops.figure}>{overview.data.unreadSubmissions}</p>
            <Link to="/admin/form-submissions">Read submissions</Link>
          </li>
          <li className={ops.stat}>
            <h2>New members this week</h2>
            <p className={ops.figure}>{overview.data.newMembersThisWeek}</p>
            <Link to="/admin/members">See members</Link>
          </li>
          <li className={ops.stat}>
            <h2>Pricing</h2>
            <p className={styles.muted}>Zone rates, crop factors, hurdles, discounts and the minimum premium.</p>
            <Link to="/admin/agriculture-zones-comprehensive">Zone Pricing Management</Link>
            <Link to="/admin/pricing">Pricing model</Link>
          </li>
        </ul>
      )}
    </section>
  );
}

function CountRow({ label, value }: { label: string; value: number }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}
