import type { FormSubmissionFilter } from '@shared/contracts/public-site';
import { useState } from 'react';
import { usePageTitle } from '../../lib/page-title';
import { failureMessage } from '../../lib/react-query';
import { useFormSubmissions } from './api/get-form-submissions';
import { useMarkAllSubmissionsRead } from './api/mark-all-submissions-read';
import { useSetSubmissionRead } from './api/set-submission-read';
import styles from './form-submissions-page.module.css';
import { formatDateTime } from '@shared/format';

const FILTERS: Array<{ value: FormSubmissionFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'unread', label: 'Unread' },
  { value: 'spam', label: 'Caught as spam' },
];

const typeLabel = (type: string) => (type === 'register' ? 'Registered interest' : 'Contact message');

/** /admin/form-submissions: every message from the public site, newest first, marked read as staff deal with them. */
export default function FormSubmissionsPage() {
  const [filter, setFilter] = useState<FormSubmissionFilter>('unread');
  const [page, setPage] = useState(1);
  const submissions = useFormSubmissions(filter, page);
  const setRead = useSetSubmissionRead();
  const markAllRead = useMarkAllSubmissionsRead();
  const result = submissions.data;
  const failed = submissions.error ?? setRead.error ?? markAllRead.error;
  const error = failed ? failureMessage(failed, submissions.error ? 'The submissions could not be loaded.' : 'That change was not saved.') : undefined;
  usePageTitle('Form Submissions');

  const pages = result ? Math.max(1, Math.ceil(result.total / result.pageSize)) : 1;
  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1>Form Submissions</h1>
          <p className="muted">Contact messages and registrations of interest from the public site. A copy of each genuine one was e-mailed to staff.</p>
        </div>
        {result && result.unreadCount > 0 && (
          <button type="button" className="button" disabled={markAllRead.isPending} onClick={() => markAllRead.mutate()}>
            Mark all {result.unreadCount} as read
          </button>
        )}
      </header>
      <div className={styles.filters} role="group" aria-label="Show">
        {FILTERS.map((option) => (
          <button
            key={option.value}
            type="button"
            className={`button ${filter === option.value ? 'button-primary' : ''}`}
            aria-pressed={filter === option.value}
            onClick={() => {
              setFilter(option.value);
              setPage(1);
            }}
          >
            {option.label}
          </button>
        ))}
      </div>
      {error && (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      )}
      {!result && !error && <p role="status">Loading submissions…</p>}
      {result && result.submissions.length === 0 && <p>{filter === 'unread' ? 'Nothing unread. All caught up.' : 'No submissions to show.'}</p>}
      {result && result.submissions.length > 0 && (
        <ul className={styles.list}>
          {result.submissions.map((submission) => (
            <li key={submission.id} className={`card ${submission.isRead ? styles.read : styles.unread}`} data-testid="submission">
              <div className={styles.meta}>
                <strong>{submission.name}</strong>
                <span>{typeLabel(submission.type)}</span>
                {!submission.isRead && <span className={styles.newTag}>New</span>}
                {submission.isSpam && <span className={styles.spamTag}>Spam trap</span>}
                <time dateTime={submission.createdAt}>{formatDateTime(submission.createdAt)}</time>
              </div>
              <p className={styles.contact}>
                <a href={`mailto:${submission.email}`}>{submission.email}</a>
                {submission.phone && (
                  <>
                    {' · '}
                    <a href={`tel:${submission.phone.replace(/[^\d+]/g, '')}`}>{submission.phone}</a>
                  </>
                )}
              </p>
              <p className={styles.message}>{submission.message}</p>
              <button type="button" className="button" disabled={setRead.isPending} onClick={() => setRead.mutate({ id: submission.id, isRead: !submission.isRead })}>
                {submission.isRead ? 'Mark as unread' : 'Mark as read'}
              </button>
            </li>
          ))}
        </ul>
      )}
      {result && pages > 1 && (
        <nav className={styles.pager} aria-label="Pages">
          <button type="button" className="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Newer
          </button>
          <span>
            Page {page} of {pages}
          </span>
          <button type="button" className="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Older
          </button>
        </nav>
      )}
    </section>
  );
}
