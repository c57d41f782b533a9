/**
 * /dashboard/fire-risk-survey: the fire risk survey answered after the quote, for a
 * member with fire and lightning protection who did not answer it before submitting, or who wants
 * to change an answer. The same questions as the quote's (components/fire-risk-survey).
 */
import { useState } from 'react';
import { FIRE_RISK_QUESTIONS, SURVEY_STATUS_FAILED_MESSAGE, SURVEY_SUBMIT_FAILED_MESSAGE } from '@shared/contracts/fire-risk-survey';
import { formatDateTime } from '@shared/format';
import { useSendFireRiskSurvey } from '../../api/send-fire-risk-survey';
import { SurveyForm, type SurveyDraft } from '../../components/fire-risk-survey/survey-questions';
import { failureMessage } from '../../lib/react-query';
import { useFocusReturn } from '../../lib/use-focus-return';
import { useFireRiskSurvey } from './api/get-fire-risk-survey';
import type { RecordScope } from '../../api/scope';
import { ClientScopeBar, useMemberScope } from './member-scope';
import { ErrorState, LoadingState, PageHeader } from './ui';
import styles from './dashboard.module.css';

export default function FireRiskSurveyPage() {
  const { scope, canChange } = useMemberScope();
  const survey = useFireRiskSurvey(scope);
  const [editing, setEditing] = useState(false);
  const [sent, setSent] = useState(false);
  const showsForm = survey.isSuccess && canChange && (!survey.data.hasCompleted || editing);
  const reviewButton = useFocusReturn<HTMLButtonElement>(showsForm);
  return (
    <div className={styles.page}>
      <ClientScopeBar />
      <PageHeader
        title="Fire risk survey"
        intro={`${FIRE_RISK_QUESTIONS.length} short questions about firebreaks, fire-fighting units, harvest practice and your local brigade. The mutual asks every member who takes fire and lightning protection.`}
      />
      {survey.isPending && <LoadingState label="Checking your survey" />}
      {survey.isError && <ErrorState title={SURVEY_STATUS_FAILED_MESSAGE} query={survey} />}
      {survey.isSuccess && (
        <section className={styles.card} aria-label="Your answers">
          {sent && (
            <p className={`${styles.notice} ${styles.noticeSuccess}`} role="status">
              Thank you: your answers are with the mutual.
            </p>
          )}
          {survey.data.hasCompleted && !editing ? (
            <>
              <p data-testid="survey-status">{survey.data.surveyData ? `Answered ${formatDateTime(survey.data.surveyData.completedAt)}. Thank you.` : 'Answered. Thank you.'}</p>
              {canChange && (
                <button ref={reviewButton} type="button" className="button" onClick={() => (setEditing(true), setSent(false))}>
                  Review or change your answers
                </button>
              )}
            </>
          ) : !canChange ? (
            <p data-testid="survey-status">Not answered yet.</p>
          ) : (
            <SendSurvey
              scope={scope}
              opensInPlace={editing}
              initial={(survey.data.surveyData?.answers ?? {}) as SurveyDraft}
              onSent={() => {
                setEditing(false);
                setSent(true);
              }}
            />
          )}
        </section>
      )}
    </div>
  );
}

function SendSurvey({ scope, initial, opensInPlace, onSent }: { scope: RecordScope; initial: SurveyDraft; opensInPlace: boolean; onSent: () => void }) {
  const send = useSendFireRiskSurvey(scope.memberId ?? scope.viewerId);
  return (
    <SurveyForm
      initial={initial}
      opensInPlace={opensInPlace}
      onSend={(answers) => send.mutate(answers, { onSuccess: onSent })}
      sending={send.isPending}
      failure={
        send.isError && (
          <p className={`${styles.notice} ${styles.noticeError}`} role="alert">
            {SURVEY_SUBMIT_FAILED_MESSAGE}: {failureMessage(send.error, 'check your connection and try again.')}
          </p>
        )
      }
    />
  );
}
