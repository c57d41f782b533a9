/** Lodging a claim: the protection, the peril, the day, the paddocks (from the list or the map), the estimated loss, what happened and photos. */
import { lazy, Suspense, useMemo, useState, type FormEvent } from 'react';
import type { ClaimView, ProtectionView } from '@shared/contracts/dashboard';
import { CLAIM_PERIL_LABELS, type ClaimPeril, hurdleOutcome } from '@shared/domain/dashboard/claims';
import { perthToday } from '@shared/domain/dashboard/payment-plan';
import { canClaimOn, coverageIncludes } from '@shared/domain/dashboard/protection';
import { MAX_PHOTO_BYTES, MAX_PHOTOS_PER_UPLOAD, PHOTO_ACCEPT, PHOTO_TYPES } from '@shared/domain/dashboard/uploads';
import { formatFileSize, formatHectares } from '@shared/format';
import { ApiRequestError } from '../../lib/api-client';
import { lodgeClaim } from './dashboard-api';
import { hasMappedPaddocks } from './paddock-map';
import styles from './dashboard.module.css';

const PaddockMap = lazy(() => import('./paddock-map'));

const photoProblem = (file: File) => {
  const typeOk = (PHOTO_TYPES as readonly string[]).includes(file.type) || /\.(heic|heif)$/i.test(file.name);
  if (!typeOk) return `${file.name} is not a JPEG, PNG, HEIC or WebP photo.`;
  if (file.size > MAX_PHOTO_BYTES) return `${file.name} is ${formatFileSize(file.size)}; each photo must be 10 MB or smaller.`;
  return null;
};

export function LodgeClaimForm({ protections, memberId, onLodged, onCancel }: { protections: ProtectionView[]; memberId?: string; onLodged: (claim: ClaimView) => void; onCancel: () => void }) {
  const claimable = protections.filter((p) => canClaimOn(p.status));
  const [applicationId, setApplicationId] = useState(claimable[0]?.id ?? '');
  const protection = claimable.find((p) => p.id === applicationId);
  const perils = (['hail', 'fire'] as const).filter((peril) => protection && coverageIncludes(protection.coverageType, peril));
  const [peril, setPeril] = useState<ClaimPeril | ''>('');
  const [eventDate, setEventDate] = useState(perthToday());
  const [picked, setPicked] = useState<string[]>([]);
  const [loss, setLoss] = useState('');
  const [description, setDescription] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [state, setState] = useState<{ status: 'idle' | 'sending' } | { status: 'failed'; message: string; issues: Array<{ path: string; message: string }> }>({ status: 'idle' });

  const paddocks = useMemo(() => protection?.paddocks.filter((p) => p.priced) ?? [], [protection]);
  const chosenPeril = peril || perils[0] || '';
  const toggle = (id: string) => setPicked((list) => (list.includes(id) ? list.filter((item) => item !== id) : [...list, id]));
  const lossCents = Math.round(Number(loss) * 100);
  const preview =
    picked.length > 0 && Number.isFinite(lossCents) && lossCents > 0
      ? hurdleOutcome(
          paddocks.filter((p) => picked.includes(p.id)).map((p) => ({ name: p.name, crop: p.crop, areaHa: p.areaHa, valueCents: p.valueCents, hurdlePercentage: p.hurdlePercentage ?? 0 })),
          lossCents,
        )
      : null;
  const photoProblems = photos.map(photoProblem).filter((problem): problem is string => problem !== null);
  const issueFor = (field: string) => (state.status === 'failed' ? state.issues.find((issue) => issue.path === field)?.message : undefined);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (photoProblems.length > 0 || !protection || !chosenPeril) return;
    const form = new FormData();
    if (memberId) form.append('memberId', memberId);
    form.append('applicationId', protection.id);
    form.append('peril', chosenPeril);
    form.append('eventDate', eventDate);
    for (const id of picked) form.append('affectedPaddockIds', id);
    form.append('estimatedLoss', loss);
    form.append('description', description);
    for (const photo of photos) form.append('photos', photo, photo.name);
    setState({ status: 'sending' });
    try {
      const { claim } = await lodgeClaim(form);
      onLodged(claim);
    } catch (error) {
      const message = error instanceof Error ? error.message : 'The claim could not be lodged.';
      setState({ status: 'failed', message, issues: error instanceof ApiRequestError ? error.issues : [] });
    }
  }

  if (claimable.length === 0) {
    return (
      <div className={`${styles.notice} ${styles.noticeWarning}`}>
        Claims can be lodged on a protection once it is accepted. None of your protections is accepted yet; if you have had a loss, contact us through the form at the foot of the page.
      </div>
    );
  }

  return (
    <form className={`${styles.card} ${styles.form}`} onSubmit={(event) => void submit(event)} aria-labelledby="lodge-title" noValidate>
      <h2 id="lodge-title">Lodge a claim</h2>
      {claimable.length > 1 && (
        <div className={styles.field}>
          <label htmlFor="claim-protection">Protection</label>
          <select id="claim-protection" value={applicationId} onChange={(e) => (setApplicationId(e.target.value), setPicked([]), setPeril(''))}>
            {claimable.map((p) => (
              <option key={p.id} value={p.id}>
                {p.coverageDescription}, season {p.season}
              </option>
            ))}
          </select>
        </div>
      )}
      <fieldset className={styles.fieldset}>
        <legend>What caused the damage?</legend>
        <div className={styles.choices}>
          {perils.map((option) => (
            <label key={option} className={styles.choice}>
              <input type="radio" name="peril" value={option} checked={chosenPeril === option} onChange={() => setPeril(option)} />
              {CLAIM_PERIL_LABELS[option]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className={styles.twoColumns}>
        <div className={styles.field}>
          <label htmlFor="claim-date">Date of the event</label>
          <input id="claim-date" type="date" value={eventDate} max={perthToday()} onChange={(e) => setEventDate(e.target.value)} required aria-describedby="claim-date-error" />
          {issueFor('eventDate') && <span id="claim-date-error" className={styles.fieldError}>{issueFor('eventDate')}</span>}
        </div>
        <div className={styles.field}>
          <label htmlFor="claim-loss">Estimated loss ($)</label>
          <input id="claim-loss" type="number" inputMode="decimal" min="0" step="100" value={loss} onChange={(e) => setLoss(e.target.value)} required aria-describedby="claim-loss-hint" />
          <span id="claim-loss-hint" className={styles.hint}>
            Your best guess of the value lost; the assessor will confirm it.
          </span>
          {issueFor('estimatedLoss') && <span className={styles.fieldError}>{issueFor('estimatedLoss')}</span>}
        </div>
      </div>
      <fieldset className={styles.fieldset}>
        <legend>Affected paddocks</legend>
        {hasMappedPaddocks(paddocks) && (
          <Suspense fallback={null}>
            <PaddockMap
              label="Map: click a paddock to pick it"
              onToggle={toggle}
              paddocks={paddocks.map((p) => ({ id: p.id, name: p.name, geometry: p.geometry, detail: p.crop ?? undefined, tone: picked.includes(p.id) ? 'selected' : 'protected' }))}
            />
          </Suspense>
        )}
        <div className={styles.choices}>
          {paddocks.map((p) => (
            <label key={p.id} className={styles.choice}>
              <input type="checkbox" checked={picked.includes(p.id)} onChange={() => toggle(p.id)} />
              {p.name} · {p.crop ?? 'no crop'} · {formatHectares(p.areaHa)}
            </label>
          ))}
        </div>
        {issueFor('affectedPaddockIds') && <span className={styles.fieldError}>{issueFor('affectedPaddockIds')}</span>}
      </fieldset>
      {preview && (
        <div className={styles.hurdle} aria-live="polite">
          <strong>How your hurdle applies</strong>
          <p>{preview.explanation}</p>
          {!preview.clearsHurdle && <p>You can still lodge the claim: the assessor may find a larger loss.</p>}
        </div>
      )}
      <div className={styles.field}>
        <label htmlFor="claim-description">What happened?</label>
        <textarea id="claim-description" value={description} onChange={(e) => setDescription(e.target.value)} required maxLength={4000} aria-describedby="claim-description-hint" />
        <span id="claim-description-hint" className={styles.hint}>
          When the storm or fire came through, which parts of the paddocks were hit, and the stage of the crop.
        </span>
        {issueFor('description') && <span className={styles.fieldError}>{issueFor('description')}</span>}
      </div>
      <div className={styles.field}>
        <label htmlFor="claim-photos">Photos of the damage</label>
        <input id="claim-photos" type="file" accept={PHOTO_ACCEPT} multiple onChange={(e) => setPhotos(Array.from(e.target.files ?? []).slice(0, MAX_PHOTOS_PER_UPLOAD))} />
        <span className={styles.hint}>Up to {MAX_PHOTOS_PER_UPLOAD} photos (JPEG, PNG, HEIC or WebP, 10 MB each). The time and place your phone recorded are kept with each photo.</span>
        {photos.length > 0 && (
          <ul className={styles.small}>
            {photos.map((photo) => (
              <li key={`${photo.name}:${photo.size}`}>
                {photo.name} ({formatFileSize(photo.size)})
              </li>
            ))}
          </ul>
        )}
        {photoProblems.map((problem) => (
          <span key={problem} className={styles.fieldError}>
            {problem}
          </span>
        ))}
      </div>
      {state.status === 'failed' && (
        <p className={`${styles.notice} ${styles.noticeError}`} role="alert">
          {state.message}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className="button button-primary" disabled={state.status === 'sending' || photoProblems.length > 0}>
          {state.status === 'sending' ? 'Lodging…' : 'Lodge claim'}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
