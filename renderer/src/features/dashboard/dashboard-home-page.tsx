/** /dashboard: the season at a glance — the renewal when a new season opens, protection per paddock, what is owed and when, open claims, quotes to resume and the dates that matter. */
import { cropName } from '@shared/domain/pricing/crop-name';
import { CLAIM_PERIL_LABELS, CLAIM_STATUS_LABELS, CLAIM_STATUS_TONES } from '@shared/domain/claims/claims';
import { isProtected, PROTECTION_STAGE_LABELS, PROTECTION_STAGE_TONES } from '@shared/domain/protection/lifecycle';
import type { OverviewView } from '@shared/contracts/dashboard';
import { AlertsPanel } from './alerts/alerts-panel';
import { ContactCard } from './contact-card';
import { RenewalCard } from './renewal-card';
import { SurveyPrompt } from './survey-prompt';
import { useOverview } from './api/get-overview';
import { ClientScopeBar, MemberLink, useMemberScope } from './member-scope';
import PaddockMap, { hasMappedPaddocks, type MapPaddock } from './paddock-map';
import { EmptyState, ErrorState, LoadingState, Money, PageHeader, StatusBadge } from './ui';
import styles from './dashboard.module.css';
import { formatDate, formatDateTime, formatHectares, plural } from '@shared/format';

export default function DashboardHomePage() {
  const { memberId, isSupport, quotePath, scope, user } = useMemberScope();
  const overview = useOverview(scope);
  const firstName = user?.firstName;

  return (
    <div className={styles.page}>
      <ClientScopeBar />
      <PageHeader
        title={overview.isSuccess && memberId ? overview.data.member.name : firstName ? `G’day, ${firstName}` : 'Dashboard'}
        intro="Your season at a glance: what is protected, what is owed and when, and where your claims are up to."
        actions={
          <>
            {!isSupport && (
              <MemberLink className="button" to="/dashboard/help">
                Ask for help
              </MemberLink>
            )}
            <MemberLink className="button button-primary" to={quotePath}>
              {isSupport ? 'Open their quote' : 'Get a new quote'}
            </MemberLink>
          </>
        }
      />
      <AlertsPanel />
      {overview.isPending && <LoadingState label="Loading your season" rows={4} />}
      {overview.isError && <ErrorState title="Your dashboard could not be loaded" query={overview} />}
      {overview.isSuccess && <SurveyPrompt protections={overview.data.protections} scope={scope} />}
      {overview.isSuccess && <RenewalCard overview={overview.data} />}
      {overview.isSuccess && <Overview data={overview.data} quotePath={quotePath} />}
    </div>
  );
}

function Overview({ data, quotePath }: { data: OverviewView; quotePath: string }) {
  const current = data.protections.filter((p) => p.stage !== 'ended');
  const paddocks: MapPaddock[] = current.flatMap((p) =>
    p.paddocks.map((paddock) => ({
      id: `${p.id}:${paddock.id}`,
      name: paddock.name,
      geometry: paddock.geometry,
      detail: `${paddock.crop ? cropName(paddock.crop) : 'No crop'} · ${p.coverageDescription} · ${PROTECTION_STAGE_LABELS[p.stage]}`,
      tone: !paddock.priced ? 'unprotected' : isProtected(p.stage) ? 'protected' : 'pending',
    })),
  );
  // Only cover that has started counts as protected; the rest is applied for (lifecycle.ts).
  const running = current.filter((p) => isProtected(p.stage));
  const waiting = current.filter((p) => !isProtected(p.stage));
  const valueCents = running.reduce((sum, p) => sum + p.insuredValueCents, 0);
  const area = running.reduce((sum, p) => sum + p.coveredAreaHa, 0);
  const waitingCents = waiting.reduce((sum, p) => sum + p.insuredValueCents, 0);

  return (
    <>
      <div className={styles.grid}>
        <section className={styles.card} aria-labelledby="stat-protected">
          <h2 id="stat-protected" className={styles.statLabel}>
            Protected this season
          </h2>
          <div className={styles.stat}>
            <Money cents={valueCents} />
          </div>
          <p className={styles.muted}>{running.length === 0 ? 'No cover has started yet' : `${formatHectares(area)} across ${plural(running.length, 'protection')}`}</p>
          {waiting.length > 0 && (
            <p className={styles.muted} data-testid="applied-for">
              Applied for, not yet protected: <Money cents={waitingCents} /> ({waiting.map((p) => PROTECTION_STAGE_LABELS[p.stage].toLowerCase()).join(', ')})
            </p>
          )}
        </section>
        <section className={styles.card} aria-labelledby="stat-owed">
          <h2 id="stat-owed" className={styles.statLabel}>
            Owed
          </h2>
          <div className={styles.stat}>
            <Money cents={data.owed.outstandingCents} />
          </div>
          <p className={styles.muted}>
            {data.owed.next ? (
              <>
                Next: <Money cents={data.owed.next.amountCents} /> by {formatDate(data.owed.next.dueDate)}
              </>
            ) : (
              'Nothing due'
            )}
          </p>
          {data.owed.overdueCents > 0 && (
            <StatusBadge tone="danger">
              <Money cents={data.owed.overdueCents} />
              &nbsp;overdue
            </StatusBadge>
          )}
        </section>
        <section className={styles.card} aria-labelledby="stat-claims">
          <h2 id="stat-claims" className={styles.statLabel}>
            Open claims
          </h2>
          <div className={styles.stat}>{data.openClaims.length}</div>
          <p className={styles.muted}>
            <MemberLink to="/dashboard/claims">{data.openClaims.length ? 'Follow your claims' : 'Lodge a claim after hail or fire'}</MemberLink>
          </p>
        </section>
      </div>

      {current.length === 0 ? (
        <EmptyState
          title="No protection for this season yet"
          action={
            <MemberLink className="button button-primary" to={quotePath}>
              Start a quote
            </MemberLink>
          }
        >
          <p>Map your paddocks, choose hail, fire and lightning or both, and see what it costs before you commit.</p>
        </EmptyState>
      ) : (
        <section className={styles.card} aria-labelledby="protection-map">
          <div className={styles.cardHeader}>
            <h2 id="protection-map">Protection by paddock</h2>
            <MemberLink to="/dashboard/protection">All protection details</MemberLink>
          </div>
          {hasMappedPaddocks(paddocks) && <PaddockMap paddocks={paddocks} label="Map of your protected paddocks" />}
          <div className={styles.tableWrap}>
            <table className={`${styles.table} ${styles.stack}`}>
              <thead>
                <tr>
                  <th scope="col">Paddock</th>
                  <th scope="col">Crop</th>
                  <th scope="col">Cover</th>
                  <th scope="col" className={styles.number}>
                    Area
                  </th>
                  <th scope="col" className={styles.number}>
                    Crop value
                  </th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {current.flatMap((p) =>
                  p.paddocks
                    .filter((paddock) => paddock.priced)
                    .map((paddock) => (
                      <tr key={`${p.id}:${paddock.id}`}>
                        <td data-label="Paddock">{paddock.name}</td>
                        <td data-label="Crop">{paddock.crop ? cropName(paddock.crop) : '—'}</td>
                        <td data-label="Cover">{p.coverageDescription}</td>
                        <td data-label="Area" className={styles.number}>
                          {formatHectares(paddock.areaHa)}
                        </td>
                        <td data-label="Crop value" className={styles.number}>
                          <Money cents={paddock.valueCents} />
                        </td>
                        <td data-label="Status">
                          <StatusBadge tone={PROTECTION_STAGE_TONES[p.stage]}>{PROTECTION_STAGE_LABELS[p.stage]}</StatusBadge>
                        </td>
                      </tr>
                    )),
                )}
              </tbody>
            </table>
          </div>
        </section>
      )}

      <div className={styles.grid}>
        <section className={styles.card} aria-labelledby="key-dates">
          <h2 id="key-dates">Dates that matter</h2>
          {data.keyDates.length === 0 ? <p className={styles.muted}>No payments are due and no protection is running.</p> : <KeyDates keyDates={data.keyDates.slice(0, 6)} />}
        </section>
        <section className={styles.card} aria-labelledby="open-claims">
          <h2 id="open-claims">Claims in progress</h2>
          {data.openClaims.length === 0 ? (
            <p className={styles.muted}>No claims are open.</p>
          ) : (
            <ul className={styles.list}>
              {data.openClaims.map((claim) => (
                <li key={claim.id} className={styles.listItem}>
                  <span>
                    <MemberLink to={`/dashboard/claims#${claim.id}`}>{claim.reference}</MemberLink> · {CLAIM_PERIL_LABELS[claim.peril]}, {formatDate(claim.eventDate)}
                  </span>
                  <StatusBadge tone={CLAIM_STATUS_TONES[claim.status]}>{CLAIM_STATUS_LABELS[claim.status]}</StatusBadge>
                </li>
              ))}
            </ul>
          )}
        </section>
        {(data.drafts.length > 0 || data.savedEstimates.length > 0) && (
          <section className={styles.card} aria-labelledby="resume">
            <h2 id="resume">Pick up where you left off</h2>
            <ul className={styles.list}>
              {data.drafts.slice(0, 1).map((draft) => (
                <li key={draft.id} className={styles.listItem}>
                  <span>Quote in progress, saved {formatDateTime(draft.updatedAt)}</span>
                  <MemberLink className="button" to={`/quote?step=${encodeURIComponent(draft.step)}`}>
                    Resume
                  </MemberLink>
                </li>
              ))}
              {data.savedEstimates.map((estimate) => (
                <li key={estimate.id} className={styles.listItem}>
                  <span>Saved estimate of {formatDateTime(estimate.createdAt)}</span>
                  <MemberLink className="button" to={`/quote?savedEstimate=${encodeURIComponent(estimate.id)}`}>
                    Open
                  </MemberLink>
                </li>
              ))}
            </ul>
          </section>
        )}
        <ContactCard />
      </div>
    </>
  );
}

/** The dates ahead, soonest first, each date once with what falls on it: two invoices due the same day are read under one date. */
export function KeyDates({ keyDates }: { keyDates: OverviewView['keyDates'] }) {
  const days = keyDates.reduce<{ date: string; labels: string[] }[]>((grouped, { date, label }) => {
    const last = grouped.at(-1);
    if (last?.date === date) last.labels.push(label);
    else grouped.push({ date, labels: [label] });
    return grouped;
  }, []);
  return (
    <ul className={styles.list}>
      {days.map((day) => (
        <li key={day.date} className={styles.listItem}>
          <strong>{formatDate(day.date)}</strong>
          <span className={styles.dateItems}>
            {day.labels.map((label) => (
              <span key={label}>{label}</span>
            ))}
          </span>
        </li>
      ))}
    </ul>
  );
}
