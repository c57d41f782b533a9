import type { FormEvent, InputHTMLAttributes, ReactNode } from 'react';
import styles from './admin.module.css';

/** The heading of an admin page, with a line saying what it is for. */
export function AdminPageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className={styles.header}>
      <h1>{title}</h1>
      {children && <p className={styles.lead}>{children}</p>}
    </header>
  );
}

/** Loading, error and empty states of a list, in words, with a way to try again. */
export function ListLoading({ label }: { label: string }) {
  return (
    <p className={styles.state} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      {label}
    </p>
  );
}

export function ListError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className={styles.error} role="alert">
      <p>{message}</p>
      <button type="button" className="button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

export function ListEmpty({ children }: { children: ReactNode }) {
  return <p className={styles.empty}>{children}</p>;
}

/** Previous and next page, with where the reader is in the list. */
export function Pager({ page, pageSize, total, onPage, noun }: { page: number; pageSize: number; total: number; onPage: (page: number) => void; noun: string }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav className={styles.pager} aria-label={`Pages of ${noun}`}>
      <span aria-live="polite">
        {first}–{last} of {total} {noun}
      </span>
      <div className={styles.pagerButtons}>
        <button type="button" className="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </button>
        <span>
          Page {page} of {pages}
        </span>
        <button type="button" className="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </button>
      </div>
    </nav>
  );
}

type TextFieldProps = {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  value: string;
  onValueChange: (value: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'className'>;

/** A labelled input with its hint and its error, both announced with the field. */
export function TextField({ id, label, hint, error, value, onValueChange, ...input }: TextFieldProps) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input {...input} id={id} className={styles.input} value={value} aria-invalid={error ? true : undefined} aria-describedby={describedBy} onChange={(event) => onValueChange(event.target.value)} />
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

/** The search box above an admin list: the typed text is applied when the form is sent. */
export function SearchForm({ id, label, value, onValueChange, onSearch }: { id: string; label: string; value: string; onValueChange: (value: string) => void; onSearch: (event: FormEvent) => void }) {
  return (
    <form className={styles.filters} role="search" onSubmit={onSearch}>
      <div className={styles.field}>
        <label htmlFor={id}>{label}</label>
        <input id={id} className={styles.input} type="search" value={value} onChange={(event) => onValueChange(event.target.value)} />
      </div>
      <div className={styles.filterActions}>
        <button type="submit" className="button button-primary">
          Search
        </button>
      </div>
    </form>
  );
}
