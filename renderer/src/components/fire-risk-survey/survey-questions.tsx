/**
 * The fire risk survey (docs/behaviour.md §7, shared/contracts/fire-risk-survey.ts) as a member answers it, in
 * the quote's modal and on the dashboard's survey page alike: the questions, and the form that
 * checks every one is answered before the answers are sent.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { FIRE_RISK_QUESTIONS, fireRiskAnswersSchema, type FireRiskAnswers } from '@shared/contracts/fire-risk-survey';
import { useFocusOnOpen } from '../../lib/use-focus-return';
import styles from './survey-questions.module.css';

export type SurveyDraft = Partial<Record<keyof FireRiskAnswers, string>>;

const unansweredQuestions = (answers: SurveyDraft) => FIRE_RISK_QUESTIONS.filter((question) => answers[question.id] === undefined).length;

/** One group of choices per question; once `checked` (a first Send with questions left), the unanswered ones are marked and counted. */
function SurveyQuestions({ answers, onAnswer, checked }: { answers: SurveyDraft; onAnswer: (id: keyof FireRiskAnswers, value: string) => void; checked: boolean }) {
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

export interface SurveyFormProps {
  /** The answers last sent, so a member can review or change them. */
  initial: SurveyDraft;
  /** Called with the answers once every question has one. */
  onSend: (answers: FireRiskAnswers) => void;
  sending: boolean;
  /** Why the last send failed, as the page words it; nothing when it did not. */
  failure?: ReactNode;
  /** Buttons beside Send (the quote's modal has Close). */
  actions?: ReactNode;
  className?: string | undefined;
  /** Opened in place of the button that asked for it: takes the focus (`useFocusOnOpen`). */
  opensInPlace?: boolean;
}

/** The questions as a form: a first Send with questions left marks and counts them instead of sending. */
export function SurveyForm({ initial, onSend, sending, failure, actions, className, opensInPlace = false }: SurveyFormProps) {
  const element = useFocusOnOpen<HTMLFormElement>(opensInPlace);
  const [answers, setAnswers] = useState<SurveyDraft>(initial);
  const [checked, setChecked] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = fireRiskAnswersSchema.safeParse(answers);
    if (parsed.success) onSend(parsed.data);
    else setChecked(true);
  };
  return (
    <form ref={element} onSubmit={submit} noValidate aria-label="Fire risk survey" tabIndex={opensInPlace ? -1 : undefined}>
      <SurveyQuestions answers={answers} onAnswer={(id, value) => setAnswers((current) => ({ ...current, [id]: value }))} checked={checked} />
      {failure}
      <div className={className}>
        {actions}
        <button type="submit" className="button button-primary" disabled={sending}>
          {sending ? 'Sending…' : 'Send my answers'}
        </button>
      </div>
    </form>
  );
}
