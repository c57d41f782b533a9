import { type FormEvent, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { type AdminClaim, adminClaimsResponseSchema } from '@shared/contracts/admin-operations';
import { claimSchema, type ClaimView } from '@shared/contracts/dashboard';
import { canMoveClaim, CLAIM_PERIL_LABELS, CLAIM_PERILS, CLAIM_STATUS_LABELS, CLAIM_STATUSES, type ClaimStatus } from '@shared/domain/dashboard/claims';
import { formatCents, formatCoordinates, formatDate, formatDateTime } from '@shared/format';
import { apiRequest, ApiRequestError } from '../../lib/api-client';
import { ApiFileLink, ApiImage } from '../../lib/api-files';
import styles from './admin.module.css';
import ops from './admin-operations.module.css';
import { AdminPageHeader, ListEmpty, ListError, ListLoading, Pager } from './admin-ui';
import { listPath, useAdminData } from './use-admin-data';

const PAGE_SIZE = 20;
const claimResponseSchema = z.object({ claim: claimSchema });
const statusTone = (status: ClaimStatus) => (status === 'accepted' || status === 'paid' ? 'success' : status === 'information_requested' || status === 'declined' ? 'danger' : 'brand');
const failureText = (error: unknown, fallback: string) => (error instanceof ApiRequestError ? error.message : fallback);

/** /admin/claims: every member's claims, filtered by status, peril and member; a claim's photos, conversation and status. */
export default function AdminClaimsPage() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const peril = params.get('peril') ?? '';
  const member = params.get('member') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const selectedId = params.get('claim');
  const [memberText, setMemberText] = useState(member);
  const claims = useAdminData(listPath('/api/admin/claims', { status, peril, member, page, pageSize: PAGE_SIZE }), adminClaimsResponseSchema);

  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next);
  };
  const filter = (changes: Record<string, string | undefined>) => update({ ...changes, page: undefined });

  return (
    <section>
      <AdminPageHeader title="Claims">Every member’s claims. Open one to see its photos and conversation, move its status and write to the member (they are e-mailed).</AdminPageHeader>
      <form
        className={styles.filters}
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          filter({ member: memberText.trim() });
        }}
      >
        <div className={styles.field}>
          <label htmlFor="claims-status">Status</label>
          <select id="claims-status" className={styles.input} value={status} onChange={(event) => filter({ status: event.target.value })}>
            <option value="">Any status</option>
            {CLAIM_STATUSES.map((value) => (
              <option key={value} value={value}>
                {CLAIM_STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="claims-peril">Peril</label>
          <select id="claims-peril" className={styles.input} value={peril} onChange={(event) => filter({ peril: event.target.value })}>
            <option value="">Hail or fire</option>
            {CLAIM_PERILS.map((value) => (
              <option key={value} value={value}>
                {CLAIM_PERIL_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label htmlFor="claims-member">Member</label>
          <input id="claims-member" className={styles.input} type="search" placeholder="Name, e-mail or business" value={memberText} onChange={(event) => setMemberText(event.target.value)} />
        </div>
        <div className={styles.filterActions}>
          <button type="submit" className="button button-primary">
            Search
          </button>
        </div>
      </form>

      <div className={ops.split}>
        <div>
          {claims.status === 'loading' && <ListLoading label="Loading claims…" />}
          {claims.status === 'error' && <ListError message={claims.message} onRetry={claims.reload} />}
          {claims.status === 'ready' && claims.data.claims.length === 0 && (
            <ListEmpty>{status || peril || member ? 'No claims match these filters.' : 'No claims have been lodged yet. Members lodge them from their dashboard.'}</ListEmpty>
          )}
          {claims.status === 'ready' && claims.data.claims.length > 0 && (
            <>
              <ul className={ops.itemList} aria-label="Claims, most recently changed first" aria-busy={claims.isRefreshing}>
                {claims.data.claims.map((claim) => (
                  <li key={claim.id}>
                    <ClaimItem claim={claim} selected={claim.id === selectedId} onOpen={() => update({ claim: claim.id })} />
                  </li>
                ))}
              </ul>
              <Pager page={page} pageSize={PAGE_SIZE} total={claims.data.total} noun="claims" onPage={(next) => update({ page: String(next) })} />
            </>
          )}
        </div>
        {selectedId && <ClaimDetail key={selectedId} id={selectedId} onChanged={claims.reload} onClose={() => update({ claim: undefined })} />}
      </div>
    </section>
  );
}

function ClaimItem({ claim, selected, onOpen }: { claim: AdminClaim; selected: boolean; onOpen: () => void }) {
  return (
    <button type="button" className={ops.item} aria-current={selected ? 'true' : undefined} onClick={onOpen}>
      <span className={ops.itemTop}>
        <strong>{claim.reference}</strong>
        <span className={styles.badge} data-tone={statusTone(claim.status)}>
          {CLAIM_STATUS_LABELS[claim.status]}
        </span>
      </span>
      <span>
        {claim.memberName} · {CLAIM_PERIL_LABELS[claim.peril]} on {formatDate(claim.eventDate)}
      </span>
      <span className={styles.muted}>
        Estimated loss {formatCents(claim.estimatedLossCents)} · {claim.photos.length} photo{claim.photos.length === 1 ? '' : 's'} · {claim.messages.length} message{claim.messages.length === 1 ? '' : 's'}
      </span>
    </button>
  );
}

type Detail = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; claim: ClaimView };

function ClaimDetail({ id, onChanged, onClose }: { id: string; onChanged: () => void; onClose: () => void }) {
  const [detail, setDetail] = useState<Detail>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [nextStatus, setNextStatus] = useState('');
  const [statusNote, setStatusNote] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [notice, setNotice] = useState<string>();

  useEffect(() => {
    let current = true;
    apiRequest('GET', `/api/claims/${encodeURIComponent(id)}`, { schema: claimResponseSchema })
      .then((response) => current && setDetail({ status: 'ready', claim: response.claim }))
      .catch((error: unknown) => current && setDetail({ status: 'error', message: failureText(error, 'The claim could not be loaded. Check your connection and try again.') }));
    return () => {
      current = false;
    };
  }, [id, attempt]);

  const act = async (event: FormEvent, call: () => Promise<{ claim: ClaimView }>, done: string, reset: () => void) => {
    event.preventDefault();
    setBusy(true);
    setFailure(undefined);
    setNotice(undefined);
    try {
      const response = await call();
      setDetail({ status: 'ready', claim: response.claim });
      reset();
      setNotice(done);
      onChanged();
    } catch (error) {
      setFailure(failureText(error, 'That did not go through. Check your connection and try again.'));
    } finally {
      setBusy(false);
    }
  };

  if (detail.status === 'loading') return <ListLoading label="Loading the claim…" />;
  if (detail.status === 'error') return <ListError message={detail.message} onRetry={() => setAttempt((n) => n + 1)} />;
  const { claim } = detail;
  const moves = CLAIM_STATUSES.filter((to) => canMoveClaim(claim.status, to));

  return (
    <article className={ops.detail} aria-labelledby="claim-title">
      <div className={ops.itemTop}>
        <h2 id="claim-title">Claim {claim.reference}</h2>
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      </div>
      {failure && (
        <p className={styles.error} role="alert">
          {failure}
        </p>
      )}
      {notice && (
        <p className={styles.notice} role="status">
          {notice}
        </p>
      )}
      <dl className={ops.facts}>
        <div>
          <dt>Status</dt>
          <dd>{CLAIM_STATUS_LABELS[claim.status]}</dd>
        </div>
        <div>
          <dt>Peril</dt>
          <dd>{CLAIM_PERIL_LABELS[claim.peril]}</dd>
        </div>
        <div>
          <dt>Event date</dt>
          <dd>{formatDate(claim.eventDate)}</dd>
        </div>
        <div>
          <dt>Estimated loss</dt>
          <dd>{formatCents(claim.estimatedLossCents)}</dd>
        </div>
        <div>
          <dt>Hurdle</dt>
          <dd>{formatCents(claim.hurdle.hurdleCents)}</dd>
        </div>
        <div>
          <dt>Paddocks</dt>
          <dd>{claim.affectedPaddocks.map((paddock) => paddock.name).join(', ') || '—'}</dd>
        </div>
      </dl>
      <p>{claim.description}</p>
      <p className={styles.muted}>{claim.hurdle.explanation}</p>

      <h3>Photos</h3>
      {claim.photos.length === 0 ? (
        <p className={styles.muted}>No photos yet.</p>
      ) : (
        <ul className={ops.photos}>
          {claim.photos.map((photo) => (
            <li key={photo.id}>
              <ApiFileLink path={photo.url} fileName={photo.fileName} opensInTab>
                <ApiImage path={photo.url} alt={`Damage photo ${photo.fileName}`} loading="lazy" />
              </ApiFileLink>
              <span className={styles.muted}>
                {photo.takenAt ? `Taken ${formatDateTime(photo.takenAt)}` : 'No camera time'}
                {photo.latitude !== null && photo.longitude !== null ? ` · ${formatCoordinates(photo.latitude, photo.longitude)}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}

      <h3>Conversation</h3>
      {claim.messages.length === 0 ? (
        <p className={styles.muted}>No messages yet.</p>
      ) : (
        <ol className={ops.messages}>
          {claim.messages.map((entry) => (
            <li key={entry.id} className={ops.message} data-staff={entry.fromStaff}>
              <span className={styles.muted}>
                {entry.author === 'staff' ? 'Claims team' : entry.author === 'broker' ? 'Broker' : 'Member'} · {formatDateTime(entry.createdAt)}
                {entry.status ? ` · status ${CLAIM_STATUS_LABELS[entry.status]}` : ''}
              </span>
              <p>{entry.body}</p>
            </li>
          ))}
        </ol>
      )}

      {moves.length > 0 && (
        <form
          className={ops.form}
          onSubmit={(event) =>
            void act(
              event,
              () => apiRequest('PUT', `/api/claims/${encodeURIComponent(claim.id)}/status`, { body: { status: nextStatus, ...(statusNote.trim() ? { message: statusNote.trim() } : {}) }, schema: claimResponseSchema }),
              'The status is changed and the member has been e-mailed.',
              () => {
                setNextStatus('');
                setStatusNote('');
              },
            )
          }
          aria-labelledby="claim-status-title"
        >
          <h3 id="claim-status-title">Change status</h3>
          <div className={styles.field}>
            <label htmlFor="claim-next-status">New status</label>
            <select id="claim-next-status" className={styles.input} required value={nextStatus} onChange={(event) => setNextStatus(event.target.value)}>
              <option value="">Choose…</option>
              {moves.map((value) => (
                <option key={value} value={value}>
                  {CLAIM_STATUS_LABELS[value]}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor="claim-status-note">Note to the member (optional)</label>
            <textarea id="claim-status-note" className={`${styles.input} ${ops.textarea}`} maxLength={4000} value={statusNote} onChange={(event) => setStatusNote(event.target.value)} />
          </div>
          <div>
            <button type="submit" className="button button-primary" disabled={busy || !nextStatus}>
              Change status
            </button>
          </div>
        </form>
      )}

      <form
        className={ops.form}
        onSubmit={(event) =>
          void act(
            event,
            () => apiRequest('POST', `/api/claims/${encodeURIComponent(claim.id)}/messages`, { body: { body: message.trim() }, schema: claimResponseSchema }),
            'Your message is sent and the member has been e-mailed.',
            () => setMessage(''),
          )
        }
        aria-labelledby="claim-message-title"
      >
        <h3 id="claim-message-title">Write to the member</h3>
        <div className={styles.field}>
          <label htmlFor="claim-message">Message</label>
          <textarea id="claim-message" className={`${styles.input} ${ops.textarea}`} maxLength={4000} value={message} onChange={(event) => setMessage(event.target.value)} />
        </div>
        <div>
          <button type="submit" className="button" disabled={busy || message.trim() === ''}>
            Send message
          </button>
        </div>
      </form>
    </article>
  );
}
