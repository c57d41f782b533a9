/** /dashboard/settings: profile (PUT /api/user), password, e-mail preferences, and the sessions signed in elsewhere. */
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { AccountUser } from '@shared/contracts/accounts';
import type { EmailPreferences } from '@shared/contracts/dashboard';
import { formatDateTime } from '@shared/format';
import { ApiRequestError } from '../../lib/api-client';
import { dashboardApi } from './dashboard-api';
import { ErrorState, LoadingState, PageHeader } from './ui';
import { useResource } from './use-resource';
import styles from './dashboard.module.css';

type Outcome = { status: 'idle' | 'saving' } | { status: 'done'; message: string } | { status: 'failed'; message: string; issues: Array<{ path: string; message: string }> };
const failed = (error: unknown, fallback: string): Outcome => ({
  status: 'failed',
  message: error instanceof Error ? error.message : fallback,
  issues: error instanceof ApiRequestError ? error.issues : [],
});

function OutcomeNotice({ outcome }: { outcome: Outcome }) {
  if (outcome.status === 'done')
    return (
      <p className={`${styles.notice} ${styles.noticeSuccess}`} role="status">
        {outcome.message}
      </p>
    );
  if (outcome.status === 'failed')
    return (
      <p className={`${styles.notice} ${styles.noticeError}`} role="alert">
        {outcome.message}
      </p>
    );
  return null;
}

function Field({ id, label, children, error, hint }: { id: string; label: string; children: ReactNode; error?: string; hint?: string }) {
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && <span className={styles.hint}>{hint}</span>}
      {error && <span className={styles.fieldError}>{error}</span>}
    </div>
  );
}

export default function SettingsPage() {
  return (
    <div className={styles.page}>
      <PageHeader title="Settings" intro="Your details, your password, which e-mails you get, and where you are signed in." />
      <ProfileSection />
      <PasswordSection />
      <PreferencesSection />
      <SessionsSection />
    </div>
  );
}

function ProfileSection() {
  const account = useResource(() => dashboardApi.account(), 'account');
  const [form, setForm] = useState<Partial<AccountUser>>({});
  const [code, setCode] = useState('');
  const [outcome, setOutcome] = useState<Outcome>({ status: 'idle' });
  useEffect(() => {
    if (account.status === 'ready') setForm(account.data.user);
  }, [account.status, account.data]);
  const issue = (field: string) => (outcome.status === 'failed' ? outcome.issues.find((i) => i.path === field)?.message : undefined);

  async function save(event: FormEvent) {
    event.preventDefault();
    setOutcome({ status: 'saving' });
    try {
      const result = await dashboardApi.updateProfile({
        firstName: form.firstName,
        lastName: form.lastName,
        email: form.email,
        phone: form.phone ?? '',
        address: form.address ?? '',
        businessName: form.businessName ?? '',
        abn: form.abn ?? undefined,
        allowMarketing: form.allowMarketing,
      });
      account.set({ success: true, user: result.user });
      setOutcome({ status: 'done', message: result.message ?? 'Your details are saved.' });
    } catch (error) {
      setOutcome(failed(error, 'Your details could not be saved.'));
    }
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    setOutcome({ status: 'saving' });
    try {
      const result = await dashboardApi.confirmEmail(code);
      account.set({ success: true, user: result.user });
      setCode('');
      setOutcome({ status: 'done', message: 'Your new e-mail address is confirmed.' });
    } catch (error) {
      setOutcome(failed(error, 'The code could not be checked.'));
    }
  }

  const text = (key: keyof AccountUser) => ({ value: (form[key] as string | null | undefined) ?? '', onChange: (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value })) });

  return (
    <section className={styles.card} aria-labelledby="profile-title">
      <h2 id="profile-title">Profile</h2>
      {account.status === 'loading' && <LoadingState label="Loading your details" rows={2} />}
      {account.status === 'error' && <ErrorState title="Your details could not be loaded" message={account.error} onRetry={account.reload} />}
      {account.status === 'ready' && (
        <>
          <form className={styles.form} onSubmit={(e) => void save(e)} noValidate>
            <div className={styles.twoColumns}>
              <Field id="first-name" label="First name" error={issue('firstName')}>
                <input id="first-name" autoComplete="given-name" {...text('firstName')} />
              </Field>
              <Field id="last-name" label="Last name" error={issue('lastName')}>
                <input id="last-name" autoComplete="family-name" {...text('lastName')} />
              </Field>
              <Field id="email" label="E-mail" error={issue('email')} hint="A new address takes effect once you enter the code we send to it.">
                <input id="email" type="email" autoComplete="email" {...text('email')} />
              </Field>
              <Field id="phone" label="Phone" error={issue('phone')}>
                <input id="phone" type="tel" autoComplete="tel" {...text('phone')} />
              </Field>
              <Field id="business" label="Business name" error={issue('businessName')}>
                <input id="business" autoComplete="organization" {...text('businessName')} />
              </Field>
              <Field id="abn" label="ABN" error={issue('abn')}>
                <input id="abn" inputMode="numeric" {...text('abn')} />
              </Field>
            </div>
            <Field id="address" label="Postal address" error={issue('address')}>
              <input id="address" autoComplete="street-address" {...text('address')} />
            </Field>
            <label className={styles.choice}>
              <input type="checkbox" checked={Boolean(form.allowMarketing)} onChange={(e) => setForm((f) => ({ ...f, allowMarketing: e.target.checked }))} />
              Send me news from the mutual (season outlooks, member meetings)
            </label>
            <div>
              <button type="submit" className="button button-primary" disabled={outcome.status === 'saving'}>
                {outcome.status === 'saving' ? 'Saving…' : 'Save details'}
              </button>
            </div>
          </form>
          {account.data.user.pendingEmail && (
            <form className={styles.form} onSubmit={(e) => void confirm(e)} style={{ marginTop: 'var(--space-4)' }}>
              <Field id="email-code" label={`Code sent to ${account.data.user.pendingEmail}`}>
                <input id="email-code" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />
              </Field>
              <div>
                <button type="submit" className="button">
                  Confirm new e-mail
                </button>
              </div>
            </form>
          )}
          <OutcomeNotice outcome={outcome} />
        </>
      )}
    </section>
  );
}

function PasswordSection() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [outcome, setOutcome] = useState<Outcome>({ status: 'idle' });
  const mismatch = repeat !== '' && next !== repeat;

  async function save(event: FormEvent) {
    event.preventDefault();
    if (mismatch) return;
    setOutcome({ status: 'saving' });
    try {
      const result = await dashboardApi.changePassword(current, next);
      setCurrent('');
      setNext('');
      setRepeat('');
      setOutcome({ status: 'done', message: result.message ?? 'Your password has been changed.' });
    } catch (error) {
      setOutcome(failed(error, 'Your password could not be changed.'));
    }
  }

  return (
    <section className={styles.card} aria-labelledby="password-title">
      <h2 id="password-title">Password</h2>
      <form className={styles.form} onSubmit={(e) => void save(e)}>
        <div className={styles.twoColumns}>
          <Field id="current-password" label="Current password">
            <input id="current-password" type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} required />
          </Field>
          <Field id="new-password" label="New password" hint="At least 12 characters; a few unrelated words work well.">
            <input id="new-password" type="password" autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} required />
          </Field>
          <Field id="repeat-password" label="New password again" error={mismatch ? 'The two new passwords differ.' : undefined}>
            <input id="repeat-password" type="password" autoComplete="new-password" value={repeat} onChange={(e) => setRepeat(e.target.value)} required />
          </Field>
        </div>
        <p className={`${styles.hint} ${styles.small}`}>Changing your password signs you out on every other device.</p>
        <div>
          <button type="submit" className="button button-primary" disabled={outcome.status === 'saving' || !current || !next || mismatch}>
            {outcome.status === 'saving' ? 'Changing…' : 'Change password'}
          </button>
        </div>
      </form>
      <OutcomeNotice outcome={outcome} />
    </section>
  );
}

const preferenceLabels: Record<keyof EmailPreferences, { label: string; hint: string }> = {
  claimUpdates: { label: 'Claim updates', hint: 'When a claim changes status or the claims team writes to you.' },
  paymentReminders: { label: 'Payment reminders', hint: 'A week before an invoice or instalment is due.' },
  renewalReminders: { label: 'Renewal reminders', hint: 'When next season’s protection opens.' },
};

function PreferencesSection() {
  const preferences = useResource(() => dashboardApi.preferences(), 'preferences');
  const [problem, setProblem] = useState<string | null>(null);
  async function toggle(key: keyof EmailPreferences, value: boolean) {
    setProblem(null);
    try {
      preferences.set(await dashboardApi.savePreferences({ [key]: value }));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The preference could not be saved.');
    }
  }
  return (
    <section className={styles.card} aria-labelledby="preferences-title">
      <h2 id="preferences-title">E-mail preferences</h2>
      <p className={styles.muted}>Receipts, invoices and security notices are always sent.</p>
      {preferences.status === 'loading' && <LoadingState label="Loading preferences" rows={1} />}
      {preferences.status === 'error' && <ErrorState title="Preferences could not be loaded" message={preferences.error} onRetry={preferences.reload} />}
      {preferences.status === 'ready' && (
        <div className={styles.form}>
          {(Object.keys(preferenceLabels) as Array<keyof EmailPreferences>).map((key) => (
            <label key={key} className={styles.choice}>
              <input type="checkbox" checked={preferences.data.preferences[key]} onChange={(e) => void toggle(key, e.target.checked)} />
              <span>
                <strong>{preferenceLabels[key].label}</strong>
                <br />
                <span className={`${styles.hint} ${styles.small}`}>{preferenceLabels[key].hint}</span>
              </span>
            </label>
          ))}
        </div>
      )}
      {problem && (
        <p className={`${styles.notice} ${styles.noticeError}`} role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}

function SessionsSection() {
  const sessions = useResource(() => dashboardApi.sessions(), 'sessions');
  const [problem, setProblem] = useState<string | null>(null);
  async function end(id?: string) {
    setProblem(null);
    try {
      if (id) await dashboardApi.endSession(id);
      else await dashboardApi.endOtherSessions();
      sessions.reload();
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'The session could not be ended.');
    }
  }
  const others = sessions.status === 'ready' ? sessions.data.sessions.filter((s) => !s.current) : [];
  return (
    <section className={styles.card} aria-labelledby="sessions-title">
      <div className={styles.cardHeader}>
        <h2 id="sessions-title">Where you are signed in</h2>
        {others.length > 1 && (
          <button type="button" className="button" onClick={() => void end()}>
            Sign out everywhere else
          </button>
        )}
      </div>
      {sessions.status === 'loading' && <LoadingState label="Loading sessions" rows={1} />}
      {sessions.status === 'error' && <ErrorState title="Sessions could not be loaded" message={sessions.error} onRetry={sessions.reload} />}
      {sessions.status === 'ready' && (
        <ul className={styles.list} data-testid="sessions-list">
          {sessions.data.sessions.map((session) => (
            <li key={session.id} className={styles.listItem}>
              <span>
                <strong>{session.current ? 'This device' : 'Another device or browser'}</strong>
                <br />
                <span className={`${styles.muted} ${styles.small}`}>
                  {session.signedInAt ? `Signed in ${formatDateTime(session.signedInAt)}` : 'Signed in'}
                  {session.lastActiveAt ? ` · last active ${formatDateTime(session.lastActiveAt)}` : ''}
                </span>
              </span>
              {!session.current && (
                <button type="button" className="button" onClick={() => void end(session.id)}>
                  Sign out
                </button>
              )}
            </li>
          ))}
          {others.length === 0 && <li className={styles.muted}>You are not signed in anywhere else.</li>}
        </ul>
      )}
      {problem && (
        <p className={`${styles.notice} ${styles.noticeError}`} role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
