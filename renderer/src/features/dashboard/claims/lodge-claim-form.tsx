/** Lodging a claim: the protection, the peril, the day, the paddocks (from the list or the map), the estimated loss, what happened and photos. */
import { useEffect, useId, useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { cropName } from '@shared/domain/pricing/crop-name';
import { type ProtectionView } from '@shared/contracts/dashboard';
import { CLAIM_PERILS, type ClaimView, lodgeClaimSchema } from '@shared/contracts/claims';
import { CLAIM_PERIL_LABELS, hurdleOutcome, latestClaimEventDate } from '@shared/domain/claims/claims';
import { type Reader, READER_SUBJECT, readerPossessiveCapitalised } from '@shared/domain/reader';
import { perthToday } from '@shared/perth-time';
import { canLodgeClaim, claimBeforeCoverMessage } from '@shared/domain/protection/lifecycle';
import { coverageIncludes } from '@shared/domain/protection/protection';
import type { ClaimStart } from '@shared/domain/alerts/alert-claims';
import { MAX_PHOTO_BYTES, MAX_PHOTOS_PER_UPLOAD, PHOTO_ACCEPT, PHOTO_TYPES } from '@shared/domain/claims/uploads';
import { CheckboxGroupField, RadioGroupField } from '../../../components/ui/form/choice-fields';
import { SelectField, TextareaField, TextField } from '../../../components/ui/form/fields';
import { Form, FormError, useZodForm } from '../../../components/ui/form/form';
import { FormRow } from '../../../components/ui/form/form-row';
import { useLodgeClaim } from './api/lodge-claim';
import type { RecordScope } from '../../../api/scope';
import PaddockMap, { hasMappedPaddocks } from '../paddock-map';
import { PhotoPreviews } from './photo-previews';
import { UploadProgress, useUploadProgress } from '../../../components/ui/upload-progress';

import { siteContent } from '../../../content/site';
import styles from '../dashboard.module.css';
import { whosePaddocks } from '../alerts/alert-state';
import { formatFileSize, formatHectares } from '@shared/format';

const photoProblem = (file: File) => {
  const typeOk = (PHOTO_TYPES as readonly string[]).includes(file.type) || /\.(heic|heif)$/i.test(file.name);
  if (!typeOk) return `${file.name} is not a JPEG, PNG, HEIC or WebP photo.`;
  if (file.size > MAX_PHOTO_BYTES) return `${file.name} is ${formatFileSize(file.size)}; each photo must be 10 MB or smaller.`;
  return null;
};

const perilsOf = (protection: ProtectionView | undefined) => CLAIM_PERILS.filter((peril) => protection && coverageIncludes(protection.coverageType, peril));
const pricedPaddocks = (protection: ProtectionView | undefined) => protection?.paddocks.filter((p) => p.priced) ?? [];
/** Today, or the day the protection's cover ended: the server refuses damage after it (claimEventDateProblem). */
const latestEventDate = (protection: ProtectionView | undefined) => (protection ? latestClaimEventDate(perthToday(), protection) : perthToday());

/** A claim started from an alert: its choices filled in, and the alert named above the form. */
export interface ClaimFromAlert {
  start: ClaimStart;
  alertTitle: string;
}

interface LodgeClaimProps {
  protections: ProtectionView[];
  scope: RecordScope;
  /** Whose hurdle the preview speaks of: the member's own, a broker's client's, or (support mode) staff's reading. */
  reader: Reader;
  fromAlert?: ClaimFromAlert | undefined;
  onLodged: (claim: ClaimView) => void;
  onCancel: () => void;
}

export function LodgeClaimForm({ protections, ...props }: LodgeClaimProps) {
  const { reader } = props;
  // The one stage rule (shared/domain/protection/lifecycle.ts): a claim only while cover runs.
  const claimable = useMemo(() => protections.filter((p) => canLodgeClaim(p.stage)), [protections]);
  if (claimable.length === 0) {
    const checking = protections.filter((p) => p.stage === 'submitted' || p.stage === 'under_review');
    const unpaid = protections.filter((p) => p.stage === 'accepted' || p.stage === 'invoiced');
    return (
      <div className={`${styles.notice} ${styles.noticeWarning}`} data-testid="claim-before-acceptance">
        {unpaid.length > 0 ? (
          <p>
            {unpaid.map((p) => p.reference).join(', ')}: {claimBeforeCoverMessage(reader)}
          </p>
        ) : (
          <p>
            {checking.length === 0
              ? `${READER_SUBJECT[reader].has} no protection to claim on this season.`
              : `${readerPossessiveCapitalised(reader)} application ${checking.map((p) => p.reference).join(', ')} is still being checked, and ${READER_SUBJECT[reader].is} not protected yet, so a claim on it cannot be lodged.`}
          </p>
        )}
        {reader !== 'staff' && (
          <p>
            If {reader === 'member' ? 'you have' : 'your client has'} had a loss, call us now on <a href={siteContent.phone.href}>{siteContent.phone.display}</a> and we will talk it through with{' '}
            {reader === 'member' ? 'you' : 'you both'}.
          </p>
        )}
      </div>
    );
  }
  return <ClaimForm claimable={claimable} {...props} />;
}

function ClaimForm({ claimable, scope, reader, fromAlert, onLodged, onCancel }: Omit<LodgeClaimProps, 'protections'> & { claimable: ProtectionView[] }) {
  const first = claimable[0];
  // The same schema the server parses the multipart fields with; photos travel beside it.
  const form = useZodForm(
    lodgeClaimSchema,
    fromAlert
      ? { ...fromAlert.start, estimatedLossDollars: '', description: '' }
      : { applicationId: first?.id ?? '', peril: perilsOf(first)[0], eventDate: latestEventDate(first), affectedPaddockIds: [], estimatedLossDollars: '', description: '' },
  );
  const lodgeClaim = useLodgeClaim(scope);
  const upload = useUploadProgress();
  // One key for every sending of this form: a sending whose answer was lost and is sent again keeps one claim.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [photos, setPhotos] = useState<File[]>([]);
  const photosId = useId();
  const [applicationId, picked, loss] = useWatch({ control: form.control, name: ['applicationId', 'affectedPaddockIds', 'estimatedLossDollars'] });
  const protection = claimable.find((p) => p.id === applicationId);
  const paddocks = pricedPaddocks(protection);
  const chosen = Array.isArray(picked) ? picked : [];

  // Another protection has other perils and paddocks: start those choices again. (The callback
  // also hears changes of the whole form, a reset say, hence the comparison with the last protection.)
  useEffect(() => {
    let shown = form.getValues('applicationId');
    return form.subscribe({
      name: 'applicationId',
      formState: { values: true },
      callback: ({ values }) => {
        if (values.applicationId === shown) return;
        shown = values.applicationId;
        const peril = perilsOf(claimable.find((p) => p.id === shown))[0];
        if (peril) form.setValue('peril', peril);
        form.setValue('affectedPaddockIds', []);
      },
    });
  }, [form, claimable]);

  const toggle = (id: string) => form.setValue('affectedPaddockIds', chosen.includes(id) ? chosen.filter((item) => item !== id) : [...chosen, id], { shouldValidate: form.formState.isSubmitted });
  const lossCents = Math.round(Number(loss) * 100);
  const preview =
    chosen.length > 0 && Number.isFinite(lossCents) && lossCents > 0
      ? hurdleOutcome(
          paddocks.filter((p) => chosen.includes(p.id)).map((p) => ({ name: p.name, crop: p.crop, areaHa: p.areaHa, valueCents: p.valueCents, hurdlePercentage: p.hurdlePercentage ?? 0 })),
          lossCents,
          reader,
        )
      : null;
  const photoProblems = photos.map(photoProblem).filter((problem): problem is string => problem !== null);
  const sending = form.formState.isSubmitting;

  return (
    <Form
      form={form}
      opensInPlace
      className={styles.card}
      aria-labelledby="lodge-title"
      failureMessage="The claim could not be lodged. Check your connection and try again."
      onSubmit={async (claim) => {
        if (photoProblems.length > 0) return;
        try {
          // Photos from a phone on a farm's connection can take minutes: the form says how far they have gone.
          const answer = await lodgeClaim.mutateAsync({ claim, photos, idempotencyKey, onUploadProgress: photos.length > 0 ? upload.listen : undefined });
          onLodged(answer.claim);
        } finally {
          upload.clear();
        }
      }}
    >
      <h2 id="lodge-title">Lodge a claim</h2>
      {fromAlert && (
        <p className={styles.notice}>
          From the alert “{fromAlert.alertTitle}”: its day and {whosePaddocks(reader)} under it are filled in. Change anything that is not right.
        </p>
      )}
      {claimable.length > 1 && <SelectField name="applicationId" label="Protection" options={claimable.map((p) => ({ value: p.id, label: `${p.coverageDescription}, season ${p.season}` }))} />}
      <RadioGroupField name="peril" legend="What caused the damage?" options={perilsOf(protection).map((peril) => ({ value: peril, label: CLAIM_PERIL_LABELS[peril] }))} />
      <FormRow>
        <TextField name="eventDate" label="Date of the event" type="date" max={latestEventDate(protection)} />
        <TextField name="estimatedLossDollars" label="Estimated loss ($)" type="number" inputMode="decimal" min="0" step="100" hint="Your best guess of the value lost; the assessor will confirm it." />
      </FormRow>
      <CheckboxGroupField
        name="affectedPaddockIds"
        legend="Affected paddocks"
        options={paddocks.map((p) => ({ value: p.id, label: `${p.name} · ${p.crop ? cropName(p.crop) : 'no crop'} · ${formatHectares(p.areaHa)}` }))}
      >
        {hasMappedPaddocks(paddocks) && (
          <PaddockMap
            label="Map: click a paddock to pick it"
            onToggle={toggle}
            paddocks={paddocks.map((p) => ({ id: p.id, name: p.name, geometry: p.geometry, detail: p.crop ? cropName(p.crop) : undefined, tone: chosen.includes(p.id) ? 'selected' : 'protected' }))}
          />
        )}
      </CheckboxGroupField>
      {preview && (
        <div className={styles.hurdle} aria-live="polite">
          <strong>How your hurdle applies</strong>
          <p>{preview.explanation}</p>
          {!preview.clearsHurdle && <p>You can still lodge the claim: the assessor may find a larger loss.</p>}
        </div>
      )}
      <TextareaField name="description" label="What happened?" maxLength={4000} hint="When the storm or fire came through, which parts of the paddocks were hit, and the stage of the crop." />
      {/* Photos are files, not schema fields: the server checks their type and size, and so does this list first. */}
      <div className={styles.field}>
        <label htmlFor={photosId}>Photos of the damage</label>
        <input id={photosId} type="file" accept={PHOTO_ACCEPT} multiple onChange={(e) => setPhotos(Array.from(e.target.files ?? []).slice(0, MAX_PHOTOS_PER_UPLOAD))} aria-describedby={`${photosId}-hint`} />
        <span id={`${photosId}-hint`} className={styles.hint}>
          Up to {MAX_PHOTOS_PER_UPLOAD} photos (JPEG, PNG, HEIC or WebP, 10 MB each). The time and place your phone recorded are kept with each photo.
        </span>
        <PhotoPreviews photos={photos} />
        {photoProblems.map((problem) => (
          <span key={problem} className={styles.fieldError}>
            {problem}
          </span>
        ))}
      </div>
      <FormError />
      <UploadProgress sent={upload.sent} label="Sending the claim and its photos" />
      <div className={styles.actions}>
        <button type="submit" className="button button-primary" disabled={sending || photoProblems.length > 0}>
          {sending ? 'Lodging…' : 'Lodge claim'}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </Form>
  );
}
