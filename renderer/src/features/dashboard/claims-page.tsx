/** /dashboard/claims: lodge a claim, follow its status and the messages from staff, and see how the hurdle bears on it. */
import { useState, type FormEvent } from 'react';
import type { ClaimView } from '@shared/contracts/dashboard';
import { CLAIM_PERIL_LABELS, CLAIM_STATUS_DESCRIPTIONS, CLAIM_STATUS_LABELS, isOpenClaim } from '@shared/domain/dashboard/claims';
import { MAX_PHOTOS_PER_UPLOAD, PHOTO_ACCEPT } from '@shared/domain/dashboard/uploads';
import { formatCoordinates, formatDate, formatDateTime, formatFileSize, formatHectares, formatPercent, formatPercentRounded } from '@shared/format';
import { ApiFileLink, ApiImage } from '../../lib/api-files';
import { addClaimPhotos, dashboardApi } from './dashboard-api';
import { LodgeClaimForm } from './lodge-claim-form';
import { ClientScopeBar, useMemberScope } from './member-scope';
import { claimTone } from './status-tones';
import { EmptyState, ErrorState, LoadingState, Money, PageHeader, StatusBadge } from './ui';
import { useResource } from './use-resource';
import styles from './dashboard.module.css';

export default function ClaimsPage() {
  const { memberId, key } = useMemberScope();
  const data = useResource(async () => {
    const [claims, protections] = await Promise.all([dashboardApi.claims(memberId), dashboardApi.protections(memberId)]);
    return { claims: claims.claims, protections: protections.protections };
  }, key);
  const [lodging, setLodging] = useState(false);
  const [lodged, setLodged] = useState<string | null>(null);

  const replace = (claim: ClaimView) => data.status === 'ready' && data.set({ ...data.data, claims: data.data.claims.map((c) => (c.id === claim.id ? claim : c)) });

  return (
    <div className={styles.page}>
      <ClientScopeBar />
      <PageHeader
        title="Claims"
        intro="After hail or a fire, lodge a claim here with photos. Follow it through assessment and read our messages."
        actions={
          data.status === 'ready' &&
          !lodging && (
            <button type="button" className="button button-primary" onClick={() => (setLodging(true), setLodged(null))}>
              Lodge a claim
            </button>
          )
        }
      />
      {lodged && (
        <p className={`${styles.notice} ${styles.noticeSuccess}`} role="status">
          Claim {lodged} is lodged. We will be in touch within two business days.
        </p>
      )}
      {data.status === 'loading' && <LoadingState label="Loading claims" />}
      {data.status === 'error' && <ErrorState title="Claims could not be loaded" message={data.error} onRetry={data.reload} />}
      {data.status === 'ready' && (
        <>
          {lodging && (
            <LodgeClaimForm
              protections={data.data.protections}
              memberId={memberId}
              onCancel={() => setLodging(false)}
              onLodged={(claim) => {
                data.set({ ...data.data, claims: [claim, ...data.data.claims] });
                setLodging(false);
                setLodged(claim.reference);
              }}
            />
          )}
          {data.data.claims.length === 0 && !lodging ? (
            <EmptyState icon="claim" title="No claims lodged">
              <p>We hope it stays that way. If hail or fire damages a protected crop, lodge a claim as soon as you can, with photos taken in the paddock.</p>
            </EmptyState>
          ) : (
            <ul className={styles.list} aria-label="Your claims" data-testid="claims-list">
              {data.data.claims.map((claim) => (
                <li key={claim.id} id={claim.id}>
                  <ClaimCard claim={claim} onChange={replace} viewer={memberId ? 'broker' : 'member'} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

const authorLabel = (author: ClaimView['messages'][number]['author'], viewer: 'member' | 'broker') =>
  author === 'staff' ? 'Claims team' : author === viewer ? 'You' : author === 'member' ? 'The member' : 'Your broker';

function ClaimCard({ claim, onChange, viewer }: { claim: ClaimView; onChange: (claim: ClaimView) => void; viewer: 'member' | 'broker' }) {
  const [reply, setReply] = useState('');
  const [busy, setBusy] = useState<null | 'reply' | 'photos'>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const open = isOpenClaim(claim.status);
  const hurdleShare = claim.hurdle.valueCents > 0 ? Math.min(100, (claim.hurdle.hurdleCents / claim.hurdle.valueCents) * 100) : 0;

  async function sendReply(event: FormEvent) {
    event.preventDefault();
    setBusy('reply');
    setProblem(null);
    try {
      onChange((await dashboardApi.claimMessage(claim.id, reply)).claim);
      setReply('');
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The message could not be sent.');
    } finally {
      setBusy(null);
    }
  }

  async function addPhotos(files: FileList | null) {
    if (!files || files.length === 0) return;
    const form = new FormData();
    for (const file of Array.from(files).slice(0, MAX_PHOTOS_PER_UPLOAD)) form.append('photos', file, file.name);
    setBusy('photos');
    setProblem(null);
    try {
      onChange((await addClaimPhotos(claim.id, form)).claim);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The photos could not be added.');
    } finally {
      setBusy(null);
    }
  }

  return (
    <article className={styles.card} aria-labelledby={`claim-${claim.id}`} data-testid="claim-card">
      <div className={styles.cardHeader}>
        <h2 id={`claim-${claim.id}`}>
          {claim.reference} · {CLAIM_PERIL_LABELS[claim.peril]}
        </h2>
        <StatusBadge tone={claimTone[claim.status]}>{CLAIM_STATUS_LABELS[claim.status]}</StatusBadge>
      </div>
      <p className={styles.muted}>{CLAIM_STATUS_DESCRIPTIONS[claim.status]}</p>
      <dl className={styles.dl}>
        <dt>Event</dt>
        <dd>{formatDate(claim.eventDate)}</dd>
        <dt>Paddocks</dt>
        <dd>{claim.affectedPaddocks.map((p) => `${p.name} (${p.crop ?? 'no crop'}, ${formatHectares(p.areaHa)})`).join('; ')}</dd>
        <dt>Estimated loss</dt>
        <dd>
          <Money cents={claim.estimatedLossCents} /> ({formatPercent(claim.hurdle.lossPercentage)} of the value protected)
        </dd>
        <dt>Lodged</dt>
        <dd>{formatDateTime(claim.createdAt)}</dd>
      </dl>
      <div className={styles.hurdle}>
        <strong>Your hurdle and this claim</strong>
        <div className={styles.hurdleBar} role="img" aria-label={`Loss ${formatPercent(claim.hurdle.lossPercentage)} of value; hurdle ${formatPercentRounded(hurdleShare)}`}>
          <div className={styles.hurdleFill} style={{ width: `${Math.min(100, claim.hurdle.lossPercentage)}%` }} />
          <div className={styles.hurdleMark} style={{ left: `${hurdleShare}%` }} />
        </div>
        <p>{claim.hurdle.explanation}</p>
      </div>
      <details className={styles.details} open={claim.description.length < 200}>
        <summary>What happened</summary>
        <p style={{ whiteSpace: 'pre-wrap' }}>{claim.description}</p>
      </details>
      <section aria-label="Photos">
        <h3>Photos ({claim.photos.length})</h3>
        {claim.photos.length === 0 ? (
          <p className={styles.muted}>No photos yet. Photos taken in the paddock help the assessor.</p>
        ) : (
          <ul className={styles.photos}>
            {claim.photos.map((photo) => (
              <li key={photo.id}>
                <figure className={styles.photo}>
                  <ApiFileLink path={photo.url} fileName={photo.fileName} opensInTab>
                    <ApiImage path={photo.url} alt={`Damage photo ${photo.fileName}`} loading="lazy" />
                  </ApiFileLink>
                  <figcaption>
                    {photo.takenAt ? `Taken ${formatDateTime(photo.takenAt)}` : `Added ${formatDateTime(photo.uploadedAt)}`}
                    {photo.latitude !== null && photo.longitude !== null ? ` · ${formatCoordinates(photo.latitude, photo.longitude)}` : ''} · {formatFileSize(photo.sizeBytes)}
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        )}
        {open && (
          <label className="button" style={{ marginTop: 'var(--space-3)' }}>
            {busy === 'photos' ? 'Adding…' : 'Add photos'}
            <input type="file" accept={PHOTO_ACCEPT} multiple hidden onChange={(e) => void addPhotos(e.target.files)} disabled={busy !== null} />
          </label>
        )}
      </section>
      <section aria-label="Messages">
        <h3>Messages</h3>
        <ol className={styles.timeline}>
          {claim.messages.map((message) => (
            <li key={message.id} className={`${styles.message} ${message.fromStaff ? styles.messageStaff : ''}`}>
              <div className={styles.messageMeta}>
                {authorLabel(message.author, viewer)} · {formatDateTime(message.createdAt)}
                {message.status ? ` · ${CLAIM_STATUS_LABELS[message.status]}` : ''}
              </div>
              <div style={{ whiteSpace: 'pre-wrap' }}>{message.body}</div>
            </li>
          ))}
        </ol>
        <form className={styles.form} onSubmit={(event) => void sendReply(event)} style={{ marginTop: 'var(--space-3)' }}>
          <div className={styles.field}>
            <label htmlFor={`reply-${claim.id}`}>Write to the claims team</label>
            <textarea id={`reply-${claim.id}`} value={reply} onChange={(e) => setReply(e.target.value)} maxLength={4000} style={{ minHeight: '4.5rem' }} />
          </div>
          <div>
            <button type="submit" className="button" disabled={busy !== null || reply.trim() === ''}>
              {busy === 'reply' ? 'Sending…' : 'Send message'}
            </button>
          </div>
        </form>
      </section>
      {problem && (
        <p className={`${styles.notice} ${styles.noticeError}`} role="alert">
          {problem}
        </p>
      )}
    </article>
  );
}
