import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FailureNotice } from './failure-notice';
import { FIRE_RISK_QUESTIONS, fireRiskAnswersSchema, SURVEY_SUBMIT_FAILED_MESSAGE } from '@shared/contracts/fire-risk-survey';
import { SurveyQuestions, submitFireRiskSurvey, type SurveyDraft } from '../../components/fire-risk-survey/survey-questions';
import { useSessionStore } from '../../stores/session-store';
import { useUiStore } from '../../stores/ui-store';
import { applyFireRiskSurveyStatus, fireRiskSurveyQueryOptions } from './api/get-fire-risk-survey';
import styles from './pricing-steps.module.css';
import wizardStyles from './quote-wizard.module.css';
import { useWizard } from './wizard-context';

/**
 * The fire risk survey (SPEC §2 modal fireRiskSurvey, §3, §7): the questions of
 * shared/contracts/fire-risk-survey.ts, the member's status from GET /api/user/fire-risk-survey
 * (kept in the session store's fireRiskSurvey area) and the answers sent with POST.
 */

/** Checks the member's survey once per owner; a failure shows 'Failed to check survey status' and a retry. */
export function useFireRiskSurveyStatus() {
  const { userId } = useWizard();
  const survey = useSessionStore((state) => state.fireRiskSurvey);
  const status = useQuery({ ...fireRiskSurveyQueryOptions(userId ?? ''), enabled: userId !== null });
  return { ...survey, retry: () => status.refetch() };
}

/** The calculator's panel: whether the survey is done, and the button that opens it. */
export function FireRiskSurveyPanel() {
  const survey = useFireRiskSurveyStatus();
  const { canWrite } = useWizard();
  return (
    <section className={styles.surveyPanel} aria-labelledby="survey-panel-title" data-testid="survey-panel">
      <h2 id="survey-panel-title">Fire risk survey</h2>
      <p>{FIRE_RISK_QUESTIONS.length} short questions about firebreaks, fire-fighting units, harvest practice and your local brigade. The mutual asks every member who takes fire and lightning protection.</p>
      {survey.isLoading ? (
        <p role="status">Checking your survey…</p>
      ) : survey.error !== null ? (
        <div className={wizardStyles.noticeError} role="alert">
          <p>{survey.error}</p>
          <button type="button" className="button" onClick={() => void survey.retry()}>
            Try again
          </button>
        </div>
      ) : (
        <p data-testid="survey-status">{survey.hasCompleted ? 'Completed. Thank you.' : 'Not answered yet.'}</p>
      )}
      {canWrite && (
        <button type="button" className="button" onClick={() => useUiStore.getState().openModal('fireRiskSurvey')}>
          {survey.hasCompleted ? 'Review your survey answers' : 'Answer the fire risk survey'}
        </button>
      )}
    </section>
  );
}

/** The survey form in the fireRiskSurvey modal: one group of choices per question, all required. */
export function FireRiskSurveyModal() {
  const open = useUiStore((state) => state.modals.fireRiskSurvey);
  const saved = useSessionStore((state) => state.fireRiskSurvey.data);
  const { userId } = useWizard();
  const queryClient = useQueryClient();
  const ref = useRef<HTMLDialogElement>(null);
  const [answers, setAnswers] = useState<SurveyDraft>({});
  const [submitFailure, setSubmitFailure] = useState<{ failure: unknown } | null>(null);
  /** Set by a first Send with questions left, so those are marked and counted as they are answered. */
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      // Reopening shows the answers last sent, so a member can review or change them.
      setAnswers((saved ?? {}) as SurveyDraft);
      setSubmitFailure(null);
      setChecked(false);
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open, saved]);

  const close = () => useUiStore.getState().closeModal('fireRiskSurvey');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = fireRiskAnswersSchema.safeParse(answers);
    if (!parsed.success) {
      setChecked(true);
      return;
    }
    setBusy(true);
    setSubmitFailure(null);
    try {
      const status = await submitFireRiskSurvey(userId, parsed.data);
      applyFireRiskSurveyStatus(status);
      if (userId !== null) queryClient.setQueryData(fireRiskSurveyQueryOptions(userId).queryKey, status);
      close();
    } catch (failure) {
      console.error(SURVEY_SUBMIT_FAILED_MESSAGE, failure);
      setSubmitFailure({ failure });
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog ref={ref} className={`${wizardStyles.modal} ${styles.surveyModal}`} aria-labelledby="fireRiskSurvey-title" onClose={close} data-testid="modal-fireRiskSurvey">
      {/* The questions are drawn only while the dialog is open: the quote's first screen does not need their 250 elements. */}
      {open && (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <h2 id="fireRiskSurvey-title">Fire risk survey</h2>
          <p>How you manage fire risk on the farm in the harvest season. Answer as things stand this season.</p>
          <SurveyQuestions answers={answers} onAnswer={(id, value) => setAnswers((current) => ({ ...current, [id]: value }))} checked={checked} />
          {submitFailure !== null && <FailureNotice message={SURVEY_SUBMIT_FAILED_MESSAGE} failure={submitFailure.failure} />}
          <div className={styles.modalActions}>
            <button type="button" className="button" onClick={close}>
              Close
            </button>
            <button type="submit" className="button button-primary" disabled={busy}>
              {busy ? 'Sending…' : 'Send my answers'}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
