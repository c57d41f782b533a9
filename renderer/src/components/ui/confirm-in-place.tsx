import { type ReactNode, useEffect, useId, useRef } from 'react';
import styles from './confirm-in-place.module.css';

interface ConfirmInPlaceProps {
  /** What the question is called, read first by a screen reader ('Delete this draft?'). */
  label: string;
  /** The question as the page shows it, with what happens. */
  children: ReactNode;
  /** The destructive action's button ('Delete for good'). */
  confirmLabel: string;
  onConfirm: () => void;
  /** Keep it, or Escape: nothing happens and the question closes. */
  onKeep: () => void;
  /** While the action runs: both buttons wait. */
  busy?: boolean;
}

/**
 * A question asked in place, next to the button that raised it, before something cannot be undone
 * (WAI-ARIA's alert dialog, without a modal): it takes focus on 'Keep it', the choice that loses
 * nothing, so a keyboard user hears the question and a stray Enter deletes nothing; Escape keeps.
 * The button that raised it gets focus back with `useFocusReturn`.
 */
export function ConfirmInPlace({ label, children, confirmLabel, onConfirm, onKeep, busy = false }: ConfirmInPlaceProps) {
  const labelId = useId();
  const descriptionId = useId();
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => keep.current?.focus(), []);
  return (
    <div
      className={styles.confirm}
      role="alertdialog"
      aria-labelledby={labelId}
      aria-describedby={descriptionId}
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || busy) return;
        event.stopPropagation();
        onKeep();
      }}
    >
      <p id={labelId} className={styles.label}>
        {label}
      </p>
      <div id={descriptionId}>{children}</div>
      <div className={styles.actions}>
        <button type="button" className={`button ${styles.danger}`} disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button ref={keep} type="button" className="button" disabled={busy} onClick={onKeep}>
          Keep it
        </button>
      </div>
    </div>
  );
}
