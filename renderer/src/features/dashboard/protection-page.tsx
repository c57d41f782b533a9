/** /dashboard/protection: applications and protections with their status and full detail, the summary PDF, the certificate once cover has started, re-quote and next season. */
import { useNavigate } from 'react-router';
import { cropName } from '@shared/domain/pricing/crop-name';
import type { ProtectionView } from '@shared/contracts/dashboard';
import { coverStarted, PROTECTION_STAGE_LABELS, PROTECTION_STAGE_TONES, protectionStageDescription, valueLabel } from '@shared/domain/protection/lifecycle';
import { certificateEndpoints } from '@shared/endpoints/certificates';
import { dashboardEndpoints } from '@shared/endpoints/dashboard';
import { endpointUrl } from '../../lib/api-client';
import { ApiFileLink } from '../../lib/api-files';
import { failureMessage } from '../../lib/react-query';
import { useProtections } from '../../api/get-protections';
import { carriedFrom, useStartNextSeason } from './api/start-next-season';
import { ClientScopeBar, MemberLink, useMemberScope } from './member-scope';
import { EmptyState, ErrorState, LoadingState, Money, PageHeader, StatusBadge } from './ui';
import styles from './dashboard.module.css';
import { formatDate, formatHectares } from '@shared/format';

export default function ProtectionPage() {
  const { memberId, quotePath, scope } = useMemberScope();
  const protections = useProtections(scope);
  return (
    <div className={styles.page}>
      <ClientScopeBar />
      <PageHeader title="Protection" intro="Every application and protection, what it covers, its figures and where it is up to." />
      {protections.isPending && <LoadingState label="Loading protection" />}
      {protections.isError && <ErrorState title="Protection could not be loaded" query={protections} />}
      {protections.isSuccess &&
        (protections.data.protections.length === 0 ? (
          <EmptyState
            title="No applications yet"
            action={
              <MemberLink className="button button-primary" to={quotePath}>
                Start a quote
              </MemberLink>
            }
          >
            <p>When you submit a quote it appears here with its status: submitted, under review, accepted, active and ended.</p>
          </EmptyState>
        ) : (
          protections.data.protections.map((protection) => (
            <ProtectionCard key={protection.id} protection={protection} own={!memberId} renews={protections.data.protections.find((earlier) => earlier.id === protection.renewsApplicationId)} />
          ))
        ))}
    </div>
  );
}

/** `renews`: the earlier protection this application renews, when it was started as a renewal. */
function ProtectionCard({ protection, own, renews }: { protection: ProtectionView; own: boolean; renews: ProtectionView | undefined }) {
  const navigate = useNavigate();
  const { scope, reader } = useMemberScope();
  const starting = useStartNextSeason(scope.viewerId);
  const priced = protection.paddocks.filter((p) => p.priced);
  const others = protection.paddocks.filter((p) => !p.priced);
  const nextSeason = () => starting.mutate(carriedFrom(protection), { onSuccess: (wizardPath) => void navigate(wizardPath) });

  return (
    <article className={styles.card} aria-labelledby={`protection-${protection.id}`} data-testid="protection-card">
      <div className={styles.cardHeader}>
        <h2 id={`protection-${protection.id}`}>
          {protection.coverageDescription} · season {protection.season}
        </h2>
        <span className={styles.muted}>{protection.reference}</span>
        <StatusBadge tone={PROTECTION_STAGE_TONES[protection.stage]}>{PROTECTION_STAGE_LABELS[protection.stage]}</StatusBadge>
      </div>
      <p className={styles.muted}>{protectionStageDescription(protection.stage, reader)}</p>
      <div className={styles.grid}>
        <div>
          <div className={styles.statLabel}>{valueLabel(protection.stage)}</div>
          <div className={styles.stat}>
            <Money cents={protection.insuredValueCents} />
          </div>
        </div>
        <div>
          <div className={styles.statLabel}>Total payable (incl. membership and GST)</div>
          <div className={styles.stat}>
            <Money cents={protection.totalPayableCents} />
          </div>
        </div>
        <dl className={styles.dl}>
          <dt>Submitted on</dt>
          <dd>{formatDate(protection.submittedAt)}</dd>
          <dt>Ends on</dt>
          <dd>{formatDate(protection.endsOn)}</dd>
          <dt>Covered area</dt>
          <dd>{formatHectares(protection.coveredAreaHa)}</dd>
          <dt>Risk zone</dt>
          <dd>{protection.zoneCode}</dd>
          {renews && (
            <>
              <dt>Renews</dt>
              <dd>
                The {renews.season} protection ({renews.reference})
              </dd>
            </>
          )}
        </dl>
      </div>
      <details className={styles.details}>
        <summary>Paddocks, crops and hurdles ({priced.length})</summary>
        <div className={styles.tableWrap}>
          <table className={`${styles.table} ${styles.stack}`}>
            <thead>
              <tr>
                <th scope="col">Paddock</th>
                <th scope="col">Crop</th>
                <th scope="col" className={styles.number}>
                  Area
                </th>
                <th scope="col" className={styles.number}>
                  Yield × price
                </th>
                <th scope="col" className={styles.number}>
                  Hurdle
                </th>
                <th scope="col" className={styles.number}>
                  {valueLabel(protection.stage)}
                </th>
              </tr>
            </thead>
            <tbody>
              {priced.map((p) => (
                <tr key={p.id}>
                  <td data-label="Paddock">{p.name}</td>
                  <td data-label="Crop">
                    {p.crop ? cropName(p.crop) : '—'}
                    {p.variety ? ` (${p.variety})` : ''}
                  </td>
                  <td data-label="Area" className={styles.number}>
                    {formatHectares(p.areaHa)}
                  </td>
                  <td data-label="Yield × price" className={styles.number}>
                    {p.expectedYield ?? '—'} t/ha × ${p.pricePerTonne ?? '—'}/t
                  </td>
                  <td data-label="Hurdle" className={styles.number}>
                    {p.hurdlePercentage ?? 0}%
                  </td>
                  <td data-label={valueLabel(protection.stage)} className={styles.number}>
                    <Money cents={p.valueCents} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {others.length > 0 && <p className={`${styles.muted} ${styles.small}`}>Not protected: {others.map((p) => p.name).join(', ')}.</p>}
        <dl className={styles.dl}>
          <dt>Contribution (ex GST)</dt>
          <dd>
            <Money cents={protection.displayedPremiumCents} />
          </dd>
          <dt>Membership fee</dt>
          <dd>$500.00 + GST</dd>
          <dt>Total payable</dt>
          <dd>
            <Money cents={protection.totalPayableCents} />
          </dd>
        </dl>
      </details>
      <div className={styles.actions}>
        <ApiFileLink className="button" path={endpointUrl(dashboardEndpoints.protectionSummary, { params: { id: protection.id } })} opensInTab>
          Summary (PDF)
        </ApiFileLink>
        {coverStarted(protection.stage) && (
          <ApiFileLink className="button" path={endpointUrl(certificateEndpoints.download, { params: { id: protection.id } })} opensInTab>
            Certificate of protection (PDF)
          </ApiFileLink>
        )}
        {own && (
          <>
            <MemberLink className="button" to="/quote">
              Re-quote
            </MemberLink>
            <button type="button" className="button button-primary" onClick={nextSeason} disabled={starting.isPending}>
              {starting.isPending ? 'Starting…' : 'Start next season from these paddocks'}
            </button>
          </>
        )}
      </div>
      {starting.isError && (
        <p className={`${styles.notice} ${styles.noticeError}`} role="alert">
          {failureMessage(starting.error, 'The new quote could not be started. Check your connection and try again.')}
        </p>
      )}
    </article>
  );
}
