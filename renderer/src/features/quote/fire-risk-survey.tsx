import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FailureNotice } from './failure-notice';
import { FIRE_RISK_QUESTIONS, fireRiskAnswersSchema, SURVEY_SUBMIT_FAILED_MESSAGE, type FireRiskAnswers } from '@shared/contracts/fire-risk-survey';
import { useSessionStore } from '../../stores/session-store';
import { useUiStore } from '../../stores/ui-store';
import { applyFireRiskSurveyStatus, fireRiskSurveyQueryOptions } from './api/get-fire-risk-survey';
import { submitFireRiskSurvey } from './api/submit-fire-risk-survey';
import styles from './pricing-steps.module.css';
import wizardStyles from './quote-wizard.module.css';
import { useWizard } from './wizard-context';

/**
 * The fire risk survey (SPEC §2 modal fireRiskSurvey, §3, §7): the questions of
 * shared/contracts/fire-risk-survey.ts, the member's status from GET /api/user/fire-risk-survey
 * (kept in the session store's fireRiskSurvey area) and the answers sent with POST.
 */

/** SPEC §3: the client sends a placeholder for its address; the server records the one it sees. */
const CLIENT_ADDRESS_PLACEHOLDER = 'client';

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

type Draft = Partial<Record<keyof FireRiskAnswers, string>>;

/** The survey form in the fireRiskSurvey modal: one group of choices per question, all required. */
export function FireRiskSurveyModal() {
  const open = useUiStore((state) => state.modals.fireRiskSurvey);
  const saved = useSessionStore((state) => state.fireRiskSurvey.data);
  const { userId } = useWizard();
  const queryClient = useQueryClient();
  const ref = useRef<HTMLDialogElement>(null);
  const [answers, setAnswers] = useState<Draft>({});
  const [submitFailure, setSubmitFailure] = useState<{ failure: unknown } | null>(null);
  /** Set by a first Send with questions left, so those are marked and counted as they are answered. */
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      // Reopening shows the answers last sent, so a member can review or change them.
      setAnswers((saved ?? {}) as Draft);
      setSubmitFailure(null);
      setChecked(false);
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open, saved]);

  const close = () => useUiStore.getState().closeModal('fireRiskSurvey');
  const unanswered = FIRE_RISK_QUESTIONS.filter((question) => answers[question.id] === undefined).length;

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
      const status = await submitFireRiskSurvey({
        ...(userId === null ? {} : { userId }),
        answers: parsed.data,
        completedAt: new Date().toISOString(),
        ipAddress: CLIENT_ADDRESS_PLACEHOLDER,
        userAgent: navigator.userAgent.slice(0, 500),
      });
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
      <form onSubmit={(event) => void submit(event)} noValidate>
        <h2 id="fireRiskSurvey-title">Fire risk survey</h2>
        <p>How you manage fire risk on the farm in the harvest season. Answer as things stand this season.</p>
        <ol className={styles.questions}>
          {FIRE_RISK_QUESTIONS.map((question, index) => (
            <li key={question.id}>
              <fieldset className={styles.question} aria-invalid={checked && answers[question.id] === undefined} aria-describedby={`q-${question.id}-help`}>
                <legend>
                  {index + 1}. {question.text}
                </legend>
                <p className={wizardStyles.hint} id={`q-${question.id}-help`}>
                  {question.help}
                </p>
                {question.options.map((option) => (
                  <label key={option.value} className={styles.option}>
                    <input
                      type="radio"
                      name={question.id}
                      value={option.value}
                      checked={answers[question.id] === option.value}
                      onChange={() => setAnswers((current) => ({ ...current, [question.id]: option.value }))}
                    />
                    <span>{option.label}</span>
                  </label>
                ))}
              </fieldset>
            </li>
          ))}
        </ol>
        {checked && unanswered > 0 && (
          <div className={wizardStyles.noticeError} role="alert">
            <p>Answer every question: {unanswered} still to go.</p>
          </div>
        )}
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
    </dialog>
  );
}
