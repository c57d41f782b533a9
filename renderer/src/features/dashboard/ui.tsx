/** The dashboard's building blocks: page header, loading, error and empty states, status badges and money. */
import type { ReactNode } from 'react';
import { formatCents } from '@shared/format';
import { usePageTitle } from '../../lib/page-title';
import { type FailedQuery, failureMessage, isRefusal } from '../../lib/react-query';
import styles from './dashboard.module.css';
import type { StatusTone } from '@shared/domain/claims/claims';

/** A dashboard page's heading, which names the tab too. */
export function PageHeader({ title, intro, actions }: { title: string; intro?: ReactNode; actions?: ReactNode }) {
  usePageTitle(title);
  return (
    <header className={styles.pageHeader}>
      <div>
        <h1>{title}</h1>
        {intro && <p className={styles.intro}>{intro}</p>}
      </div>
      {actions && <div className={styles.headerActions}>{actions}</div>}
    </header>
  );
}

/** Grey placeholder blocks in the shape of what is coming, announced to screen readers. */
export function LoadingState({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div className={styles.loading} role="status" aria-live="polite" data-testid="loading-state">
      <span className={styles.visuallyHidden}>{label}</span>
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className={styles.skeleton} aria-hidden="true" />
      ))}
    </div>
  );
}

/** A load that failed: the server's sentence, with Try again unless the server refused the request itself (ListError's rule). */
export function ErrorState({ title, query }: { title: string; query: FailedQuery }) {
  return (
    <div className={styles.errorState} role="alert">
      <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true">
        <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M12 7v6M12 16.5v.5" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      </svg>
      <div>
        <h2>{title}</h2>
        <p>{failureMessage(query.error)}</p>
        {!isRefusal(query.error) && (
          <button type="button" className="button" onClick={() => void query.refetch()}>
            Try again
          </button>
        )}
      </div>
    </div>
  );
}

export function EmptyState({ title, children, action, icon = 'field' }: { title: string; children: ReactNode; action?: ReactNode; icon?: 'field' | 'claim' | 'invoice' | 'report' | 'people' }) {
  return (
    <div className={styles.emptyState}>
      <EmptyIcon kind={icon} />
      <h2>{title}</h2>
      <div className={styles.emptyText}>{children}</div>
      {action && <div className={styles.emptyAction}>{action}</div>}
    </div>
  );
}

function EmptyIcon({ kind }: { kind: 'field' | 'claim' | 'invoice' | 'report' | 'people' }) {
  const paths: Record<typeof kind, ReactNode> = {
    field: (
      <>
        <path d="M6 42h52M10 42l8-20h28l8 20" fill="none" stroke="currentColor" strokeWidth="3" strokeLinejoin="round" />
        <path d="M22 42l4-20M32 42V22M42 42l-4-20" stroke="currentColor" strokeWidth="2" />
        <path d="M44 12c0 4-3 7-7 7 0-4 3-7 7-7zM44 12c0 4 3 7 7 7 0-4-3-7-7-7z" fill="currentColor" opacity="0.6" />
      </>
    ),
    claim: (
      <>
        <path d="M14 8h26l10 10v38H14z" fill="none" stroke="currentColor" strokeWidth="3" strokeLinejoin="round" />
        <path d="M22 30h20M22 38h20M22 46h12" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
      </>
    ),
    invoice: (
      <>
        <rect x="10" y="14" width="44" height="32" rx="4" fill="none" stroke="currentColor" strokeWidth="3" />
        <path d="M10 24h44M18 36h10" stroke="currentColor" strokeWidth="3" />
      </>
    ),
    report: (
      <>
        <path d="M10 52h44" stroke="currentColor" strokeWidth="3" />
        <rect x="14" y="32" width="8" height="18" fill="currentColor" opacity="0.5" />
        <rect x="28" y="22" width="8" height="28" fill="currentColor" opacity="0.7" />
        <rect x="42" y="12" width="8" height="38" fill="currentColor" />
      </>
    ),
    people: (
      <>
        <circle cx="24" cy="22" r="8" fill="none" stroke="currentColor" strokeWidth="3" />
        <circle cx="42" cy="24" r="6" fill="none" stroke="currentColor" strokeWidth="3" />
        <path d="M8 50c2-9 8-13 16-13s14 4 16 13M38 36c6 0 12 4 14 12" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </>
    ),
  };
  return (
    <svg className={styles.emptyIcon} viewBox="0 0 64 64" width="64" height="64" aria-hidden="true">
      {paths[kind]}
    </svg>
  );
}

export type BadgeTone = StatusTone;

export function StatusBadge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span className={`${styles.badge} ${styles[`badge-${tone}`]}`} data-testid="status">
      {children}
    </span>
  );
}

export function Money({ cents }: { cents: number }) {
  return <span className={styles.money}>{formatCents(cents)}</span>;
}
