import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DRAFT_MESSAGES } from '@shared/contracts/drafts';
import { isWizardStep, stepIndex } from '@shared/domain/quote/steps';
import { formatDateTime } from '@shared/format';
import { useDeleteDraft } from '../api/delete-draft';
import { draftQueryOptions } from '../api/get-draft';
import { draftsQueryOptions } from '../api/get-drafts';
import { draftFailureMessage, useDraftStore } from '../stores/draft-store';
import { ConfirmInPlace } from '../../../components/ui/confirm-in-place';
import { useFocusReturn } from '../../../lib/use-focus-return';
import { useQuoteStore } from '../stores/quote-store';
import styles from '../quote-wizard.module.css';
import { STEP_TITLES } from '../step-titles';
import { useWizard } from '../wizard-context';
import { ErrorMessage, Field, StepFrame } from './step-frame';

/** The member's drafts to carry on with (shown on personal-details too, so a member opening the quote resumes at once). */
export function EarlierDrafts() {
  const wizard = useWizard();
  const owner = wizard.userId ?? '';
  const queryClient = useQueryClient();
  const drafts = useQuery(draftsQueryOptions(owner));
  const selected = useDraftStore((state) => state.currentDraftId);
  const working = useDraftStore((state) => state.workingDraft?.id ?? null);
  const [openFailure, setOpenFailure] = useState<string | null>(null);
  const deleteDraft = useDeleteDraft(owner);
  const error =
    openFailure ?? (drafts.isError ? draftFailureMessage(drafts.error, DRAFT_MESSAGES.loadDraftsFailed) : deleteDraft.isError ? draftFailureMessage(deleteDraft.error, DRAFT_MESSAGES.deleteDraftFailed) : null);
  // The draft open in this tab is listed too when it was saved further on than get-started (opened
  // in a second tab or on another device): resuming it goes back to where the person left off.
  const resumable = (drafts.data ?? []).filter((draft) => draft.status !== 'COMPLETED' && (draft.id !== working || (isWizardStep(draft.step) && stepIndex(draft.step) > stepIndex('get-started'))));
  if (resumable.length === 0) return <ErrorMessage message={error} />;

  const resume = async (id: string) => {
    const quote = useQuoteStore.getState();
    setOpenFailure(null);
    quote.setLoading('draft', true);
    try {
      const draft = await queryClient.fetchQuery(draftQueryOptions(id));
      useDraftStore.getState().opened(draft);
      if (wizard.userId !== null) useQuoteStore.getState().updatePersonalDetails({ userId: wizard.userId });
      wizard.resumeAt(isWizardStep(draft.step) ? draft.step : 'get-started');
    } catch (failure) {
      const message = draftFailureMessage(failure, DRAFT_MESSAGES.loadDraftFailed);
      setOpenFailure(message);
      useQuoteStore.getState().setError('draft', message);
    } finally {
      useQuoteStore.getState().setLoading('draft', false);
    }
  };

  return (
    <section className={styles.panel} aria-labelledby="earlier-drafts">
      <h2 id="earlier-drafts">Carry on where you left off</h2>
      <ErrorMessage message={error} />
      <ul className={styles.draftList}>
        {resumable.map((draft) => (
          <li key={draft.id} className={draft.id === selected ? styles.draftSelected : undefined} data-testid="draft-item">
            <div>
              <strong>{STEP_TITLES[draft.step]}</strong>
              <span className={styles.hint}> — saved {formatDateTime(draft.updatedAt)}</span>
            </div>
            <button type="button" className="button button-primary" onClick={() => void resume(draft.id)}>
              Resume
            </button>
            {wizard.canWrite && <DraftMore saved={formatDateTime(draft.updatedAt)} onDelete={() => deleteDraft.mutateAsync(draft.id)} />}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A draft's Delete, kept away from its Resume: under More, on a line of its own, and asked again
 * before anything is deleted, so a tap meant for Resume can never delete the quote.
 */
function DraftMore({ saved, onDelete }: { saved: string; onDelete: () => Promise<unknown> }) {
  const [confirming, setConfirming] = useState(false);
  const deleteButton = useFocusReturn<HTMLButtonElement>(confirming);
  const [deleting, setDeleting] = useState(false);
  const remove = () => {
    setDeleting(true);
    // A deleted draft leaves the list with its row; a failed one is said above the list.
    onDelete().catch(() => setDeleting(false));
  };
  return (
    <details className={styles.draftMore} onToggle={(event) => !event.currentTarget.open && setConfirming(false)}>
      <summary>More</summary>
      {confirming ? (
        <ConfirmInPlace label="Delete this draft?" confirmLabel={deleting ? 'Deleting…' : 'Delete for good'} onConfirm={remove} onKeep={() => setConfirming(false)} busy={deleting}>
          <p>Deleting removes the quote saved {saved}. It cannot be brought back.</p>
        </ConfirmInPlace>
      ) : (
        <button ref={deleteButton} type="button" className="button" onClick={() => setConfirming(true)}>
          Delete this draft
        </button>
      )}
    </details>
  );
}

/** Step 5: what happens next, where the farm is, and any earlier quote to resume. */
export function GetStartedStep() {
  const wizard = useWizard();
  const firstName = useQuoteStore((state) => state.personalDetails.firstName);
  const farmAddress = useQuoteStore((state) => state.farmData.address);
  const [error, setError] = useState<string | undefined>();
  const greeting =
    wizard.client !== null
      ? `You are quoting for ${wizard.client.customerName}. Here is how the rest of the quote works.`
      : `${firstName ? `Welcome, ${firstName}.` : 'Welcome.'} Here is how the rest of your quote works.`;

  const onContinue = () => {
    if (farmAddress.trim() === '' && useQuoteStore.getState().farmData.farmLocation === undefined) {
      setError('Enter the farm’s address or nearest town so we can find it on the map.');
      return;
    }
    wizard.goNext();
  };

  return (
    <StepFrame onContinue={onContinue} intro={<p>{greeting}</p>}>
      <EarlierDrafts />
      <section className={styles.panel} aria-labelledby="what-next">
        <h2 id="what-next">What happens next</h2>
        <ol className={styles.nextSteps}>
          <li>
            <strong>Map your paddocks.</strong> Mark each paddock you want protected and its area in hectares.
          </li>
          <li>
            <strong>Tell us your crops.</strong> For each crop, its expected yield, the price you expect per tonne and the hurdle you choose.
          </li>
          <li>
            <strong>See your estimate.</strong> Compare hail, fire and lightning, or both, then submit your quote or ask us to call you.
          </li>
        </ol>
        <p className={styles.hint}>{wizard.isAuthenticated ? 'Your progress is saved automatically as you go.' : ''}</p>
      </section>
      <Field id="farm-address" label="Farm address or nearest town" error={error} hint="For example: Lot 12 Great Eastern Highway, Merredin">
        <input id="farm-address" autoComplete="off" value={farmAddress} onChange={(event) => useQuoteStore.getState().updateFarmData({ address: event.target.value })} aria-invalid={error !== undefined} />
      </Field>
    </StepFrame>
  );
}
