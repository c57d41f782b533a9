import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { protectionListSchema, protectionSchema, type ProtectionView } from '@shared/contracts/dashboard';
import { adminApplicationsResponseSchema } from '@shared/contracts/protection';
import { canMoveProtection, PROTECTION_STATUS_LABELS, PROTECTION_STATUSES, type ProtectionStatus } from '@shared/domain/dashboard/protection';
import { formatCents, formatDate, formatHectares, formatMoney, formatPercent, formatTonnes } from '@shared/format';
import { apiRequest, ApiRequestError } from '../../lib/api-client';
import styles from './admin.module.css';
import ops from './admin-operations.module.css';
import { AdminPageHeader, ListEmpty, ListError, ListLoading, Pager } from './admin-ui';
import { listPath, useAdminData } from './use-admin-data';

const PAGE_SIZE = 20;
const moveResponseSchema = z.object({ protection: protectionSchema });
const COVER: Record<string, string> = { hail: 'Hail', fire: 'Fire & Lightning', both: 'Hail, Fire & Lightning' };
const statusTone = (status: ProtectionStatus) => (status === 'accepted' || status === 'active' ? 'success' : status === 'ended' ? undefined : 'brand');
type Application = z.infer<typeof adminApplicationsResponseSchema>['applications'][number];

/** /admin/member-paddocks: submitted applications with their paddocks; staff move each along (acceptance issues the invoices). */
export default function MemberPaddocksPage() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const applications = useAdminData(listPath('/api/admin/applications', { status, page, pageSize: PAGE_SIZE }), adminApplicationsResponseSchema);
  const [open, setOpen] = useState<string | null>(null);

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next);
  };

  return (
    <section>
      <AdminPageHeader title="Member paddocks">Applications members have submitted, with the paddocks, crops and values on each. Move an application along once it is reviewed; accepting it issues the member’s invoices.</AdminPageHeader>
      <div className={styles.filters}>
        <div className={styles.field}>
          <label htmlFor="applications-status">Status</label>
          <select id="applications-status" className={styles.input} value={status} onChange={(event) => update({ status: event.target.value, page: undefined })}>
            <option value="">Any status</option>
            {PROTECTION_STATUSES.map((value) => (
              <option key={value} value={value}>
                {PROTECTION_STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {applications.status === 'loading' && <ListLoading label="Loading applications…" />}
      {applications.status === 'error' && <ListError message={applications.message} onRetry={applications.reload} />}
      {applications.status === 'ready' && applications.data.applications.length === 0 && (
        <ListEmpty>{status ? `No applications are ${PROTECTION_STATUS_LABELS[status as ProtectionStatus]?.toLowerCase() ?? status}.` : 'No applications yet. They appear here when members submit a quote.'}</ListEmpty>
      )}
      {applications.status === 'ready' && applications.data.applications.length > 0 && (
        <>
          <ul className={ops.itemList} aria-label="Applications, newest first" aria-busy={applications.isRefreshing}>
            {applications.data.applications.map((application) => (
              <li key={application.id}>
                <ApplicationCard application={application} isOpen={open === application.id} onToggle={() => setOpen(open === application.id ? null : application.id)} onMoved={applications.reload} />
              </li>
            ))}
          </ul>
          <Pager page={page} pageSize={PAGE_SIZE} total={applications.data.total} noun="applications" onPage={(next) => update({ page: String(next) })} />
        </>
      )}
    </section>
  );
}

function ApplicationCard({ application, isOpen, onToggle, onMoved }: { application: Application; isOpen: boolean; onToggle: () => void; onMoved: () => void }) {
  const [status, setStatus] = useState<ProtectionStatus>(application.status);
  const [next, setNext] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  useEffect(() => setStatus(application.status), [application.status]);
  const moves = PROTECTION_STATUSES.filter((to) => canMoveProtection(status, to));

  const move = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      const response = await apiRequest('PUT', `/api/dashboard/protections/${encodeURIComponent(application.id)}/status`, { body: { status: next }, schema: moveResponseSchema });
      setStatus(response.protection.status);
      setNext('');
      onMoved();
    } catch (error) {
      setFailure(error instanceof ApiRequestError ? error.message : 'The status could not be changed. Check your connection and try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <article className={ops.detail} aria-label={`Application of ${application.memberName}`}>
      <div className={ops.itemTop}>
        <strong>{application.memberName}</strong>
        <span className={styles.badge} data-tone={statusTone(status)}>
          {PROTECTION_STATUS_LABELS[status]}
        </span>
      </div>
      <dl className={ops.facts}>
        <div>
          <dt>Cover</dt>
          <dd>
            {COVER[application.coverageType]}, {application.seasonYear}
          </dd>
        </div>
        <div>
          <dt>Zone</dt>
          <dd>{application.zoneCode}</dd>
        </div>
        <div>
          <dt>Area</dt>
          <dd>{formatHectares(application.coveredArea)}</dd>
        </div>
        <div>
          <dt>Value protected</dt>
          <dd>{formatMoney(application.insuredValue)}</dd>
        </div>
        <div>
          <dt>Contribution</dt>
          <dd>{formatMoney(application.displayedPremium)}</dd>
        </div>
        <div>
          <dt>Submitted</dt>
          <dd>{formatDate(application.submittedAt)}</dd>
        </div>
      </dl>
      <p className={styles.muted}>{application.memberEmail}</p>
      {failure && (
        <p className={styles.error} role="alert">
          {failure}
        </p>
      )}
      <div className={ops.formRow}>
        <button type="button" className="button" aria-expanded={isOpen} onClick={onToggle}>
          {isOpen ? 'Hide paddocks' : 'Show paddocks'}
        </button>
        {moves.length > 0 && (
          <>
            <div className={styles.field}>
              <label htmlFor={`move-${application.id}`}>Move to</label>
              <select id={`move-${application.id}`} className={styles.input} value={next} onChange={(event) => setNext(event.target.value)}>
                <option value="">Choose…</option>
                {moves.map((value) => (
                  <option key={value} value={value}>
                    {PROTECTION_STATUS_LABELS[value]}
                  </option>
                ))}
              </select>
            </div>
            <button type="button" className="button button-primary" disabled={busy || !next} onClick={() => void move()}>
              {busy ? 'Saving…' : 'Change status'}
            </button>
          </>
        )}
      </div>
      {isOpen && <Paddocks memberId={application.userId} applicationId={application.id} />}
    </article>
  );
}

type PaddockState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; protection: ProtectionView | undefined };

function Paddocks({ memberId, applicationId }: { memberId: string; applicationId: string }) {
  const [state, setState] = useState<PaddockState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    apiRequest('GET', listPath('/api/dashboard/protections', { memberId }), { schema: protectionListSchema })
      .then((response) => current && setState({ status: 'ready', protection: response.protections.find((item) => item.id === applicationId) }))
      .catch((error: unknown) => current && setState({ status: 'error', message: error instanceof ApiRequestError ? error.message : 'The paddocks could not be loaded. Check your connection and try again.' }));
    return () => {
      current = false;
    };
  }, [memberId, applicationId, attempt]);

  if (state.status === 'loading') return <ListLoading label="Loading paddocks…" />;
  if (state.status === 'error') return <ListError message={state.message} onRetry={() => setAttempt((n) => n + 1)} />;
  if (!state.protection || state.protection.paddocks.length === 0) return <ListEmpty>This application holds no paddocks.</ListEmpty>;
  return (
    <table className={styles.table}>
      <caption className="visually-hidden">Paddocks on the application</caption>
      <thead>
        <tr>
          <th scope="col">Paddock</th>
          <th scope="col">Crop</th>
          <th scope="col">Area</th>
          <th scope="col">Yield × price</th>
          <th scope="col">Hurdle</th>
          <th scope="col">Value</th>
        </tr>
      </thead>
      <tbody>
        {state.protection.paddocks.map((paddock) => (
          <tr key={paddock.id}>
            <td data-label="Paddock">
              {paddock.name}
              {paddock.isExcluded && <span className={styles.muted}> (excluded)</span>}
            </td>
            <td data-label="Crop">{[paddock.crop, paddock.variety].filter(Boolean).join(', ') || '—'}</td>
            <td data-label="Area">{formatHectares(paddock.areaHa)}</td>
            <td data-label="Yield × price">{paddock.expectedYield !== null && paddock.pricePerTonne !== null ? `${formatTonnes(paddock.expectedYield)}/ha × ${formatMoney(paddock.pricePerTonne)}/t` : '—'}</td>
            <td data-label="Hurdle">{paddock.hurdlePercentage === null ? '—' : formatPercent(paddock.hurdlePercentage)}</td>
            <td data-label="Value">{formatCents(paddock.valueCents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
