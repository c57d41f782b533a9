/** /dashboard/claims: lodge a claim, follow its status and the messages from staff, and see how the hurdle bears on it. */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { cropName } from '@shared/domain/pricing/crop-name';
import { claimStartFromAlert } from '@shared/domain/alerts/alert-claims';
import { wholeWarning } from '@shared/domain/alerts/reissued-alerts';
import { ALERT_KIND_LABELS } from '@shared/contracts/alerts';
import { claimMessageInputSchema, type ClaimView } from '@shared/contracts/claims';
import { CLAIM_PERIL_LABELS, CLAIM_STATUS_DESCRIPTIONS, CLAIM_STATUS_LABELS, hurdleOutcome, isOpenClaim, CLAIM_STATUS_TONES } from '@shared/domain/claims/claims';
import { type Reader, READER_POSSESSIVE } from '@shared/domain/reader';
import { MAX_PHOTOS_PER_UPLOAD, PHOTO_ACCEPT } from '@shared/domain/claims/uploads';
import { ApiFileLink, ApiImage } from '../../../lib/api-files';
import { failureMessage } from '../../../lib/react-query';
import { useAddClaimPhotos } from './api/add-claim-photos';
import { alertsQueryOptions } from '../alerts/api/get-alerts';
import { replaceClaimInList, useClaims } from './api/get-claims';
import { useProtections } from '../../../api/get-protections';
import type { RecordScope } from '../../../api/scope';
import { useSendClaimMessage } from '../../../api/send-claim-message';
import { ClaimsLine } from '../contact-card';
import { LodgeClaimForm } from './lodge-claim-form';
import { UploadProgress, useUploadProgress } from '../../../components/ui/upload-progress';
import { ClientScopeBar, useMemberScope } from '../member-scope';
import { EmptyState, ErrorState, LoadingState, Money, PageHeader, StatusBadge } from '../ui';
import styles from '../dashboard.module.css';
import { MessageForm } from '../message-form';
import { formatCoordinates, formatDate, formatDateTime, formatFileSize, formatHectares, formatPercent, formatPercentRounded } from '@shared/format';
import { useFocusReturn } from '../../../lib/use-focus-return';

export default function ClaimsPage() {
  const { memberId, scope, canChange, reader } = useMemberScope();
  const claims = useClaims(scope);
  const protections = useProtections(scope);
  // ?alert=<id>: the reader came from an alert's 'Start a claim' (the member's, a broker's client's, the supported member's).
  const [searchParams, setSearchParams] = useSearchParams();
  const alertId = searchParams.get('alert');
  const alerts = useQuery({ ...alertsQueryOptions(scope), enabled: alertId !== null });
  // A reader who may only look (a read-level support session) is never shown the form, from an alert or not.
  const [lodging, setLodging] = useState(alertId !== null && canChange);
  const lodgeButton = useFocusReturn<HTMLButtonElement>(lodging);
  const [lodged, setLodged] = useState<string | null>(null);
  const failed = [claims, protections, ...(alertId ? [alerts] : [])].filter((query) => query.isError);
  // The warning the alert belongs to, should it have been issued again since (an older link names an earlier issue).
  const alert = alertId ? alerts.data?.alerts.find((candidate) => candidate.id === alertId || candidate.earlierIssues.some((issue) => issue.id === alertId)) : undefined;
  const start = alert && protections.data ? claimStartFromAlert(wholeWarning(alert), protections.data.protections) : null;
  const ready = claims.isSuccess && protections.isSuccess && (alertId === null || alerts.isSuccess);
  const whose = READER_POSSESSIVE[reader];
  const closeForm = () => {
    setLodging(false);
    if (alertId) {
      // The alert's address is spent; the chosen client (?member=) stays.
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.delete('alert');
          return next;
        },
        { replace: true },
      );
    }
  };

  return (
    <div className={styles.page}>
      <ClientScopeBar />
      <PageHeader
        title="Claims"
        intro="After hail or a fire, lodge a claim here with photos. Follow it through assessment and read our messages."
        actions={
          ready &&
          canChange &&
          !lodging && (
            <button ref={lodgeButton} type="button" className="button button-primary" onClick={() => (setLodging(true), setLodged(null))}>
              Lodge a claim
            </button>
          )
        }
      />
      <ClaimsLine reader={reader} />
      {lodged && (
        <p className={`${styles.notice} ${styles.noticeSuccess}`} role="status">
          Claim {lodged} is lodged. We will be in touch within two business days.
        </p>
      )}
      {failed.length === 0 && !ready && <LoadingState label="Loading claims" />}
      {failed.length > 0 && <ErrorState title="Claims could not be loaded" query={{ error: failed[0]!.error, refetch: () => failed.forEach((query) => void query.refetch()) }} />}
      {ready && (
        <>
          {lodging && alertId && !start && (
            <p className={`${styles.notice} ${styles.noticeWarning}`} role="status">
              {alert
                ? `None of ${whose} accepted protections covers what this alert brings to the paddocks under it, so nothing is filled in. You can still lodge a claim below.`
                : `That alert is not in ${whose} list any more, so nothing is filled in. You can still lodge a claim below.`}
            </p>
          )}
          {lodging && (
            <LodgeClaimForm
              key={start ? start.alertEventId : 'blank'}
              protections={protections.data.protections}
              scope={scope}
              reader={reader}
              fromAlert={start && alert ? { start, alertTitle: alert.title } : undefined}
              onCancel={closeForm}
              onLodged={(claim) => {
                closeForm();
                setLodged(claim.reference);
              }}
            />
          )}
          {claims.data.claims.length === 0 && !lodging ? (
            <EmptyState icon="claim" title="No claims lodged">
              <p>We hope it stays that way. If hail or fire damages a protected crop, lodge a claim as soon as you can, with photos taken in the paddock.</p>
            </EmptyState>
          ) : (
            <ul className={styles.list} aria-label="Your claims" data-testid="claims-list">
              {claims.data.claims.map((claim) => (
                <li key={claim.id} id={claim.id}>
                  <ClaimCard claim={claim} scope={scope} viewer={memberId ? 'broker' : 'member'} reader={reader} canChange={canChange} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

const HURDLE_HEADINGS: Record<Reader, string> = { member: 'Your hurdle and this claim', client: 'Your client’s hurdle and this claim', staff: 'The member’s hurdle and this claim' };

const authorLabel = (author: ClaimView['messages'][number]['author'], viewer: 'member' | 'broker') =>
  author === 'staff' ? 'Claims team' : author === viewer ? 'You' : author === 'member' ? 'The member' : 'Your broker';

function ClaimCard({ claim, scope, viewer, reader, canChange }: { claim: ClaimView; scope: RecordScope; viewer: 'member' | 'broker'; reader: Reader; canChange: boolean }) {
  const addPhotos = useAddClaimPhotos(scope);
  const upload = useUploadProgress();
  const open = isOpenClaim(claim.status);
  const hurdleShare = claim.hurdle.valueCents > 0 ? Math.min(100, (claim.hurdle.hurdleCents / claim.hurdle.valueCents) * 100) : 0;
  const choosePhotos = (files: FileList | null) => {
    if (files && files.length > 0) addPhotos.mutate({ claimId: claim.id, photos: Array.from(files).slice(0, MAX_PHOTOS_PER_UPLOAD), onUploadProgress: upload.listen }, { onSettled: upload.clear });
  };

  return (
    <article className={styles.card} aria-labelledby={`claim-${claim.id}`} data-testid="claim-card">
      <div className={styles.cardHeader}>
        <h2 id={`claim-${claim.id}`}>
          {claim.reference} · {CLAIM_PERIL_LABELS[claim.peril]}
        </h2>
        <StatusBadge tone={CLAIM_STATUS_TONES[claim.status]}>{CLAIM_STATUS_LABELS[claim.status]}</StatusBadge>
      </div>
      <p className={styles.muted}>{CLAIM_STATUS_DESCRIPTIONS[claim.status]}</p>
      <dl className={styles.dl}>
        <dt>Event</dt>
        <dd>{formatDate(claim.eventDate)}</dd>
        <dt>Paddocks</dt>
        <dd>{claim.affectedPaddocks.map((p) => `${p.name} (${p.crop ? cropName(p.crop) : 'no crop'}, ${formatHectares(p.areaHa)})`).join('; ')}</dd>
        <dt>Estimated loss</dt>
        <dd>
          <Money cents={claim.estimatedLossCents} /> ({claim.hurdle.lossPercentage}% of the value protected)
        </dd>
        <dt>Lodged</dt>
        <dd>{formatDateTime(claim.createdAt)}</dd>
        {claim.alertEvent && (
          <>
            <dt>From the alert</dt>
            <dd>
              {ALERT_KIND_LABELS[claim.alertEvent.kind]}: {claim.alertEvent.title} ({formatDateTime(claim.alertEvent.effectiveAt)})
            </dd>
          </>
        )}
      </dl>
      <div className={styles.hurdle}>
        <strong>{HURDLE_HEADINGS[reader]}</strong>
        <div className={styles.hurdleBar} role="img" aria-label={`Loss ${formatPercent(claim.hurdle.lossPercentage)} of value; hurdle ${formatPercentRounded(hurdleShare)}`}>
          <div className={styles.hurdleFill} style={{ width: `${Math.min(100, claim.hurdle.lossPercentage)}%` }} />
          <div className={styles.hurdleMark} style={{ left: `${hurdleShare}%` }} />
        </div>
        <p>{hurdleOutcome(claim.affectedPaddocks, claim.estimatedLossCents, reader).explanation}</p>
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
                    <ApiImage path={photo.url} alt={`Damage photo ${photo.fileName}`} loading="lazy" sizes="(min-width: 48rem) 12rem, 45vw" />
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
        {open && canChange && (
          <label className="button" style={{ marginTop: 'var(--space-3)' }}>
            {addPhotos.isPending ? 'Adding…' : 'Add photos'}
            <input type="file" accept={PHOTO_ACCEPT} multiple hidden onChange={(e) => choosePhotos(e.target.files)} disabled={addPhotos.isPending} />
          </label>
        )}
        <UploadProgress sent={upload.sent} label="Sending the photos" />
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
        {canChange && <ClaimMessageForm claimId={claim.id} scope={scope} />}
      </section>
      {addPhotos.isError && (
        <p className={`${styles.notice} ${styles.noticeError}`} role="alert">
          {failureMessage(addPhotos.error, 'The photos could not be added. Check your connection and try again.')}
        </p>
      )}
    </article>
  );
}

/** A message to the claims team (claimMessageInputSchema); the claim shows it once the server has it. */
function ClaimMessageForm({ claimId, scope }: { claimId: string; scope: RecordScope }) {
  const sendMessage = useSendClaimMessage((client, claim) => replaceClaimInList(client, scope, claim));
  return <MessageForm schema={claimMessageInputSchema} label="Write to the claims team" onSend={(message) => sendMessage.mutateAsync({ claimId, message })} />;
}
