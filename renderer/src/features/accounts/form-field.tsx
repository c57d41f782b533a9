import type { InputHTMLAttributes } from 'react';
import styles from './auth.module.css';

interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  hint?: string;
  error?: string;
}

/** A labelled input with its hint and its error, tied together for screen readers. */
export function FormField({ id, label, hint, error, ...input }: FormFieldProps) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input id={id} name={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {hint && (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      )}
      {error && (
        <span id={`${id}-error`} className={styles.fieldError}>
          {error}
        </span>
      )}
    </div>
  );
}

/** The message of each field from a 400's issues. */
export function issuesByField(issues: Array<{ path: string; message: string }>): Record<string, string> {
  return Object.fromEntries(issues.map((issue) => [issue.path, issue.message]));
}
