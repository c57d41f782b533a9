/**
 * The fire risk survey's questions (SPEC §7, shared/contracts/fire-risk-survey.ts) as a member
 * answers them, in the quote's modal and on the dashboard's survey page alike, and the calls that
 * read and send the answers.
 */
import { FIRE_RISK_QUESTIONS, fireRiskSurveyStatusSchema, type FireRiskAnswers, type FireRiskSurveySubmission } from '@shared/contracts/fire-risk-survey';
import { apiRequest } from '../../lib/api-client';
import styles from './survey-questions.module.css';

export type SurveyDraft = Partial<Record<keyof FireRiskAnswers, string>>;

/** SPEC §3: the client sends a placeholder for its address; the server records the one it sees. */
const CLIENT_ADDRESS_PLACEHOLDER = 'client';

export const unansweredQuestions = (answers: SurveyDraft) => FIRE_RISK_QUESTIONS.filter((question) => answers[question.id] === undefined).length;

/** GET /api/user/fire-risk-survey?userId: whether the member has answered the survey, and their answers. */
export const getFireRiskSurvey = (userId: string) => apiRequest('GET', `/api/user/fire-risk-survey?userId=${encodeURIComponent(userId)}`, { schema: fireRiskSurveyStatusSchema });

/** POST /api/user/fire-risk-survey: the answers with completedAt, a placeholder address and the user agent; `userId` when acting for a member. */
export function submitFireRiskSurvey(userId: string | null, answers: FireRiskAnswers) {
  const submission: FireRiskSurveySubmission = {
    ...(userId === null ? {} : { userId }),
    answers,
    completedAt: new Date().toISOString(),
    ipAddress: CLIENT_ADDRESS_PLACEHOLDER,
    userAgent: navigator.userAgent.slice(0, 500),
  };
  return apiRequest('POST', '/api/user/fire-risk-survey', { body: submission, schema: fireRiskSurveyStatusSchema });
}

/** One group of choices per question; once `checked` (a first Send with questions left), the unanswered ones are marked and counted. */
export function SurveyQuestions({ answers, onAnswer, checked }: { answers: SurveyDraft; onAnswer: (id: keyof FireRiskAnswers, value: string) => void; checked: boolean }) {
  const unanswered = unansweredQuestions(answers);
  return (
    <>
      <ol className={styles.questions}>
        {FIRE_RISK_QUESTIONS.map((question, index) => (
          <li key={question.id}>
            <fieldset className={styles.question} aria-invalid={checked && answers[question.id] === undefined} aria-describedby={`q-${question.id}-help`}>
              <legend>
                {index + 1}. {question.text}
              </legend>
              <p className={styles.help} id={`q-${question.id}-help`}>
                {question.help}
              </p>
              {question.options.map((option) => (
                <label key={option.value} className={styles.option}>
                  <input type="radio" name={question.id} value={option.value} checked={answers[question.id] === option.value} onChange={() => onAnswer(question.id, option.value)} />
                  <span>{option.label}</span>
                </label>
              ))}
            </fieldset>
          </li>
        ))}
      </ol>
      {checked && unanswered > 0 && (
        <div className={styles.unanswered} role="alert">
          <p>Answer every question: {unanswered} still to go.</p>
        </div>
      )}
    </>
  );
}
