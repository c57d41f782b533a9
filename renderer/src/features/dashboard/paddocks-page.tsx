/**
 * /dashboard/paddocks: 'Your Farm' — the paddocks and crops on the map and in a table, edited
 * between seasons — and for brokers 'Your Clients': each client's farm, quotes, protections and
 * claims, with a way into their records and to start a quote for them.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ClientView, FarmPaddockInput, FarmPaddockView } from '@shared/contracts/dashboard';
import { CLAIM_STATUS_LABELS } from '@shared/domain/dashboard/claims';
import { PROTECTION_STATUS_LABELS } from '@shared/domain/dashboard/protection';
import { DEFAULT_INSURABLE_CROPS } from '@shared/constants';
import { formatHectares } from '@shared/format';
import { ApiRequestError } from '../../lib/api-client';
import { dashboardApi } from './dashboard-api';
import { ClientScopeBar, useMemberScope } from './member-scope';
import { hasMappedPaddocks } from './paddock-map';
import { startNextSeason } from './start-next-season';
import { claimTone, protectionTone } from './status-tones';
import { EmptyState, ErrorState, LoadingState, Money, PageHeader, StatusBadge } from './ui';
import { useResource } from './use-resource';
import styles from './dashboard.module.css';

const PaddockMap = lazy(() => import('./paddock-map'));

export default function PaddocksPage() {
  const { isBroker, memberId } = useMemberScope();
  if (isBroker && !memberId) return <ClientsView />;
  return <FarmView />;
}

function ClientsView() {
  const clients = useResource(() => dashboardApi.clients(), 'clients');
  const { setMember } = useMemberScope();
  return (
    <div className={styles.page}>
      <PageHeader title="Your Clients" intro="The growers you look after: their farm, quotes, protections and claims. Open a client to work on their records." />
      {clients.status === 'loading' && <LoadingState label="Loading your clients" />}
      {clients.status === 'error' && <ErrorState title="Your clients could not be loaded" message={clients.error} onRetry={clients.reload} />}
      {clients.status === 'ready' &&
        (clients.data.clients.length === 0 ? (
          <EmptyState icon="people" title="No clients yet">
            <p>Growers appear here once you are recorded as their broker. Ask us to link a grower to your account.</p>
          </EmptyState>
        ) : (
          <ul className={styles.grid} style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Your clients" data-testid="clients-list">
            {clients.data.clients.map((client) => (
              <li key={client.id}>
                <ClientCard client={client} onOpen={() => setMember(client.id)} />
              </li>
            ))}
          </ul>
        ))}
    </div>
  );
}

function ClientCard({ client, onOpen }: { client: ClientView; onOpen: () => void }) {
  return (
    <article className={styles.card} aria-labelledby={`client-${client.id}`} data-testid="client-card">
      <h2 id={`client-${client.id}`}>{client.name}</h2>
      <p className={styles.muted}>
        {client.businessName ? `${client.businessName} · ` : ''}
        <a href={`mailto:${client.email}`}>{client.email}</a>
        {client.phone ? ` · ${client.phone}` : ''}
      </p>
      <dl className={styles.dl}>
        <dt>Farm</dt>
        <dd>{client.farm.paddocks === 0 ? 'Not mapped yet' : `${client.farm.paddocks} paddocks, ${formatHectares(client.farm.areaHa)}`}</dd>
        <dt>Quotes</dt>
        <dd>
          {client.quotes.drafts} in progress, {client.quotes.savedEstimates} saved
        </dd>
        <dt>Protections</dt>
        <dd>
          {client.protections.length === 0
            ? 'None'
            : client.protections.map((p) => (
                <span key={p.id} style={{ display: 'block' }}>
                  {p.season} {p.coverageDescription} <StatusBadge tone={protectionTone[p.status]}>{PROTECTION_STATUS_LABELS[p.status]}</StatusBadge> <Money cents={p.totalPayableCents} />
                </span>
              ))}
        </dd>
        <dt>Claims</dt>
        <dd>
          {client.claims.length === 0
            ? 'None'
            : client.claims.map((c) => (
                <span key={c.id} style={{ display: 'block' }}>
                  {c.reference} <StatusBadge tone={claimTone[c.status]}>{CLAIM_STATUS_LABELS[c.status]}</StatusBadge>
                </span>
              ))}
        </dd>
      </dl>
      <div className={styles.actions}>
        <button type="button" className="button" onClick={onOpen}>
          Farm and paddocks
        </button>
        <Link className="button" to={`/dashboard?member=${encodeURIComponent(client.id)}`}>
          Dashboard
        </Link>
        <Link className="button button-primary" to={`/quote?customerId=${encodeURIComponent(client.id)}`}>
          Start a quote
        </Link>
      </div>
    </article>
  );
}

type Row = FarmPaddockInput & { key: string };
let rowCounter = 0;
const toRow = (p: FarmPaddockView): Row => ({ key: `row-${rowCounter++}`, id: p.id, name: p.name, crop: p.crop, variety: p.variety, areaHa: p.areaHa, expectedYield: p.expectedYield, pricePerTonne: p.pricePerTonne, hurdlePercentage: p.hurdlePercentage, geometry: p.geometry as FarmPaddockInput['geometry'], notes: p.notes });

function FarmView() {
  const { memberId, key, user, isBroker } = useMemberScope();
  const navigate = useNavigate();
  const farm = useResource(() => dashboardApi.farm(memberId), key);
  const [rows, setRows] = useState<Row[]>([]);
  const [dirty, setDirty] = useState(false);
  const [state, setState] = useState<{ status: 'idle' | 'saving' | 'saved' | 'starting' } | { status: 'failed'; message: string }>({ status: 'idle' });

  useEffect(() => {
    if (farm.status === 'ready') {
      setRows(farm.data.paddocks.map(toRow));
      setDirty(false);
    }
  }, [farm.status, farm.data]);

  const update = (index: number, changes: Partial<Row>) => {
    setRows((list) => list.map((row, i) => (i === index ? { ...row, ...changes } : row)));
    setDirty(true);
    setState({ status: 'idle' });
  };
  const numberOrNull = (value: string) => (value.trim() === '' ? null : Number(value));

  async function save() {
    setState({ status: 'saving' });
    try {
      const saved = await dashboardApi.saveFarm(rows.map(({ key: _key, ...row }) => row), memberId);
      farm.set(saved);
      setState({ status: 'saved' });
    } catch (error) {
      const issue = error instanceof ApiRequestError ? error.issues[0] : undefined;
      setState({ status: 'failed', message: issue ? `${describeIssue(issue.path, rows)}: ${issue.message}` : error instanceof Error ? error.message : 'The paddocks could not be saved.' });
    }
  }

  async function nextSeason() {
    if (!user) return;
    setState({ status: 'starting' });
    try {
      navigate(await startNextSeason(user.id, farm.status === 'ready' ? farm.data.paddocks : []));
    } catch (error) {
      setState({ status: 'failed', message: error instanceof Error ? error.message : 'The new quote could not be started.' });
    }
  }

  return (
    <div className={styles.page}>
      <ClientScopeBar />
      <PageHeader
        title={isBroker ? 'Your Clients' : 'Your Farm'}
        intro="Your paddocks and what is sown in them. Keep them up to date between seasons; next season’s quote starts from here."
        actions={
          !memberId &&
          farm.status === 'ready' &&
          farm.data.paddocks.length > 0 && (
            <button type="button" className="button button-primary" onClick={() => void nextSeason()} disabled={state.status === 'starting' || dirty}>
              {state.status === 'starting' ? 'Starting…' : 'Start next season’s quote'}
            </button>
          )
        }
      />
      {farm.status === 'loading' && <LoadingState label="Loading your farm" />}
      {farm.status === 'error' && <ErrorState title="Your farm could not be loaded" message={farm.error} onRetry={farm.reload} />}
      {farm.status === 'ready' && farm.data.source === 'none' && rows.length === 0 && (
        <EmptyState
          title="No paddocks yet"
          action={
            <div className={styles.actions}>
              <Link className="button button-primary" to="/quote">
                Map your farm in a quote
              </Link>
              <button type="button" className="button" onClick={() => (setRows([{ key: `row-${rowCounter++}`, name: 'Main Paddock', areaHa: 100, crop: null }]), setDirty(true))}>
                Add a paddock by hand
              </button>
            </div>
          }
        >
          <p>Draw your paddocks on the map in a quote, or list them here with their areas.</p>
        </EmptyState>
      )}
      {farm.status === 'ready' && rows.length > 0 && (
        <>
          {farm.data.source === 'protection' && !dirty && (
            <p className={`${styles.notice} ${styles.noticeWarning}`}>These are the paddocks of your latest protection. Change what you need and save to keep them as your farm.</p>
          )}
          {hasMappedPaddocks(rows) && (
            <Suspense fallback={<LoadingState label="Loading the map" rows={1} />}>
              <PaddockMap label="Map of your paddocks" paddocks={rows.map((row) => ({ id: row.key, name: row.name, geometry: row.geometry, detail: `${row.crop ?? 'No crop'} · ${formatHectares(row.areaHa)}`, tone: row.crop ? 'protected' : 'unprotected' }))} />
            </Suspense>
          )}
          <section className={styles.card} aria-labelledby="paddock-table">
            <h2 id="paddock-table">Paddocks and crops</h2>
            <datalist id="crop-names">
              {DEFAULT_INSURABLE_CROPS.map((crop) => (
                <option key={crop} value={crop} />
              ))}
            </datalist>
            <div className={styles.tableWrap}>
              <table className={`${styles.table} ${styles.stack}`}>
                <thead>
                  <tr>
                    <th scope="col">Paddock</th>
                    <th scope="col">Crop</th>
                    <th scope="col" className={styles.number}>
                      Area (ha)
                    </th>
                    <th scope="col" className={styles.number}>
                      Yield (t/ha)
                    </th>
                    <th scope="col" className={styles.number}>
                      Price ($/t)
                    </th>
                    <th scope="col" className={styles.number}>
                      Hurdle (%)
                    </th>
                    <th scope="col">
                      <span className={styles.visuallyHidden}>Remove</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row, index) => (
                    <tr key={row.key}>
                      <td data-label="Paddock">
                        <input className={styles.cellInput} aria-label={`Name of paddock ${index + 1}`} value={row.name} onChange={(e) => update(index, { name: e.target.value })} />
                      </td>
                      <td data-label="Crop">
                        <input className={styles.cellInput} aria-label={`Crop in ${row.name}`} list="crop-names" value={row.crop ?? ''} onChange={(e) => update(index, { crop: e.target.value || null })} />
                      </td>
                      <td data-label="Area (ha)" className={styles.number}>
                        <input className={styles.cellInput} aria-label={`Area of ${row.name} in hectares`} type="number" min="0" step="0.1" value={row.areaHa} onChange={(e) => update(index, { areaHa: Number(e.target.value) })} />
                      </td>
                      <td data-label="Yield (t/ha)" className={styles.number}>
                        <input className={styles.cellInput} aria-label={`Expected yield of ${row.name}`} type="number" min="0" step="0.1" value={row.expectedYield ?? ''} onChange={(e) => update(index, { expectedYield: numberOrNull(e.target.value) })} />
                      </td>
                      <td data-label="Price ($/t)" className={styles.number}>
                        <input className={styles.cellInput} aria-label={`Price per tonne for ${row.name}`} type="number" min="0" step="5" value={row.pricePerTonne ?? ''} onChange={(e) => update(index, { pricePerTonne: numberOrNull(e.target.value) })} />
                      </td>
                      <td data-label="Hurdle (%)" className={styles.number}>
                        <input className={styles.cellInput} aria-label={`Hurdle for ${row.name}`} type="number" min="0" max="100" step="5" value={row.hurdlePercentage ?? ''} onChange={(e) => update(index, { hurdlePercentage: numberOrNull(e.target.value) })} />
                      </td>
                      <td data-label="">
                        <button type="button" className="button" onClick={() => (setRows((list) => list.filter((_, i) => i !== index)), setDirty(true))} aria-label={`Remove ${row.name}`}>
                          Remove
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <td data-label="Total">{rows.length} paddocks</td>
                    <td data-label="" />
                    <td data-label="Area" className={styles.number}>
                      {formatHectares(rows.reduce((sum, row) => sum + (Number(row.areaHa) || 0), 0))}
                    </td>
                    <td colSpan={4} data-label="" />
                  </tr>
                </tfoot>
              </table>
            </div>
            <div className={styles.actions}>
              <button type="button" className="button" onClick={() => (setRows((list) => [...list, { key: `row-${rowCounter++}`, name: `Paddock ${list.length + 1}`, areaHa: 50, crop: null }]), setDirty(true))}>
                Add a paddock
              </button>
              <button type="button" className="button button-primary" onClick={() => void save()} disabled={state.status === 'saving' || (!dirty && farm.data.source === 'farm')}>
                {state.status === 'saving' ? 'Saving…' : 'Save paddocks'}
              </button>
            </div>
            {state.status === 'saved' && (
              <p className={`${styles.notice} ${styles.noticeSuccess}`} role="status">
                Your paddocks are saved.
              </p>
            )}
            {state.status === 'failed' && (
              <p className={`${styles.notice} ${styles.noticeError}`} role="alert">
                {state.message}
              </p>
            )}
          </section>
        </>
      )}
    </div>
  );
}

/** 'paddocks.2.areaHa' → 'Paddock “Creek Flat”, area'. */
function describeIssue(path: string, rows: Row[]): string {
  const match = /^paddocks\.(\d+)\.(\w+)/.exec(path);
  if (!match) return 'Paddocks';
  const row = rows[Number(match[1])];
  return `Paddock “${row?.name || Number(match[1]) + 1}”`;
}
