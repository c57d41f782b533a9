import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { FIRE_RISK_QUESTIONS, SURVEY_STATUS_FAILED_MESSAGE, SURVEY_SUBMIT_FAILED_MESSAGE, type FireRiskSurveyStatus } from '@shared/contracts/fire-risk-survey';
import { fireRiskSurveyQueryOptions } from '../../api/get-fire-risk-survey';
import { useSendFireRiskSurvey } from '../../api/send-fire-risk-survey';
import { SurveyForm, type SurveyDraft } from '../../components/fire-risk-survey/survey-questions';
import { useSessionStore } from '../../stores/session-store';
import { useUiStore } from '../../stores/ui-store';
import { FailureNotice } from './failure-notice';
import { useQuoteStore } from './stores/quote-store';
import styles from './pricing-steps.module.css';
import wizardStyles from './quote-wizard.module.css';
import { useWizard } from './wizard-context';

/**
 * The fire risk survey in the quote (docs/behaviour.md §2 modal fireRiskSurvey, §3, §7): the member's status
 * from GET /api/user/fire-risk-survey, mirrored into the session store's fireRiskSurvey area and,
 * once answered, into the quote, where drafts and the submission carry it.
 */

/** Records a survey status in the session store and, once answered, in the quote. */
function applyFireRiskSurveyStatus(status: FireRiskSurveyStatus) {
  useSessionStore.getState().setFireRiskSurvey({ hasCompleted: status.hasCompleted, data: status.surveyData?.answers ?? null, isLoading: false, error: null });
  if (!status.hasCompleted || status.surveyData === null) return;
  const data = { ...status.surveyData.answers, completedAt: status.surveyData.completedAt };
  const quote = useQuoteStore.getState();
  quote.updatePersonalDetails({ hasCompletedSurvey: true, fireRiskSurveyData: data });
  quote.updateCoverage({ fireRiskSurveyData: data });
}

/** Checks the quote owner's survey; a failure is logged and shows 'Failed to check survey status' (docs/behaviour.md §8) with a retry, which is the panel's own. */
export function useFireRiskSurveyStatus() {
  const { userId } = useWizard();
  const survey = useSessionStore((state) => state.fireRiskSurvey);
  const status = useQuery({ ...fireRiskSurveyQueryOptions(userId ?? ''), retry: false });
  const checking = status.isFetching && status.data === undefined;
  useEffect(() => {
    if (status.data !== undefined) applyFireRiskSurveyStatus(status.data);
  }, [status.data]);
  useEffect(() => {
    if (checking) useSessionStore.getState().setFireRiskSurvey({ isLoading: true, error: null });
  }, [checking]);
  useEffect(() => {
    if (status.error === null) return;
    console.error(SURVEY_STATUS_FAILED_MESSAGE, status.error);
    useSessionStore.getState().setFireRiskSurvey({ isLoading: false, error: SURVEY_STATUS_FAILED_MESSAGE });
  }, [status.error]);
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
  const send = useSendFireRiskSurvey(userId ?? '');
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      send.reset();
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open, send]);

  const close = () => useUiStore.getState().closeModal('fireRiskSurvey');

  return (
    <dialog ref={ref} className={`${wizardStyles.modal} ${styles.surveyModal}`} aria-labelledby="fireRiskSurvey-title" onClose={close} data-testid="modal-fireRiskSurvey">
      {/* The questions are drawn only while the dialog is open: the quote's first screen does not need their 250 elements; reopening shows the answers last sent, so a member can review or change them. */}
      {open && (
        <>
          <h2 id="fireRiskSurvey-title">Fire risk survey</h2>
          <p>How you manage fire risk on the farm in the harvest season. Answer as things stand this season.</p>
          <SurveyForm
            initial={(saved ?? {}) as SurveyDraft}
            onSend={(answers) => send.mutate(answers, { onSuccess: close, onError: (failure) => console.error(SURVEY_SUBMIT_FAILED_MESSAGE, failure) })}
            sending={send.isPending}
            failure={send.isError && <FailureNotice message={SURVEY_SUBMIT_FAILED_MESSAGE} failure={send.error} />}
            actions={
              <button type="button" className="button" onClick={close}>
                Close
              </button>
            }
            className={styles.modalActions}
          />
        </>
      )}
    </dialog>
  );
}
