import { type FormEvent, type ReactNode, useEffect, useRef } from 'react';
import { usePageTitle } from '../../../lib/page-title';
import { useUiStore } from '../../../stores/ui-store';
import styles from '../quote-wizard.module.css';
import { STEP_TITLES } from '../step-titles';
import { useWizard } from '../wizard-context';

interface StepFrameProps {
  children: ReactNode;
  /** Runs on Continue; when absent Continue simply moves on. */
  onContinue?: () => void | Promise<void>;
  continueLabel?: string;
  continueDisabled?: boolean;
  busy?: boolean;
  /** Hides Back (the first step, success). */
  hideBack?: boolean;
  hideContinue?: boolean;
  intro?: ReactNode;
}

/** A step's heading, body and the Back / Continue buttons (sticky at the bottom when the flag is on). */
export function StepFrame({ children, onContinue, continueLabel = 'Continue', continueDisabled, busy, hideBack, hideContinue, intro }: StepFrameProps) {
  const wizard = useWizard();
  const sticky = useUiStore((state) => state.flags.stickyButtons);
  usePageTitle(`Quote: ${STEP_TITLES[wizard.step]}`);
  const heading = useRef<HTMLHeadingElement>(null);
  // A step reached by Continue or Back takes focus to its heading, as a new page would: a screen reader
  // announces it, and the button just pressed (now perhaps another step's) is not pressed again unread.
  useEffect(() => {
    if (wizard.arrivedByMove) heading.current?.focus({ preventScroll: true });
  }, [wizard.arrivedByMove, wizard.step]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (onContinue) void onContinue();
    else wizard.goNext();
  };
  return (
    // POST: in a browser without scripts (the first step is sent drawn), a GET would put the person's details in the address.
    <form className={styles.step} method="post" onSubmit={submit} noValidate aria-labelledby="step-title">
      <h1 id="step-title" className={styles.stepTitle} ref={heading} tabIndex={-1}>
        {STEP_TITLES[wizard.step]}
      </h1>
      {intro !== undefined && <div className={styles.intro}>{intro}</div>}
      {children}
      <div className={sticky ? `${styles.actions} ${styles.sticky}` : styles.actions}>
        {!hideBack && (
          <button type="button" className="button" onClick={wizard.goBack}>
            Back
          </button>
        )}
        {!hideContinue && (
          <button type="submit" className="button button-primary" disabled={continueDisabled === true || busy === true}>
            {busy ? 'Please wait…' : continueLabel}
          </button>
        )}
      </div>
    </form>
  );
}

/** A labelled input with its error, tied together for screen readers. */
export function Field({ id, label, error, hint, children }: { id: string; label: string; error?: string | undefined; hint?: string; children: ReactNode }) {
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      {hint !== undefined && (
        <p className={styles.hint} id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {children}
      {error !== undefined && (
        <p className={styles.fieldError} id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export function ErrorMessage({ message }: { message: string | null }) {
  if (message === null) return null;
  return (
    <div className={styles.noticeError} role="alert">
      {message}
    </div>
  );
}
