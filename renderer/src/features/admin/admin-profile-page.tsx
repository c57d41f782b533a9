import { type FormEvent, useEffect, useState } from 'react';
import { z } from 'zod';
import { accountUserSchema, userResponseSchema } from '@shared/contracts/accounts';
import { apiRequest, ApiRequestError } from '../../lib/api-client';
import { toClientUser, useSessionStore } from '../../stores/session-store';
import styles from './admin.module.css';
import ops from './admin-operations.module.css';
import { AdminPageHeader, ListError, ListLoading, TextField } from './admin-ui';
import { useAdminData } from './use-admin-data';

type Field = 'firstName' | 'lastName' | 'email' | 'phone';
const FIELDS: Array<{ name: Field; label: string; type: string; autoComplete: string; hint?: string }> = [
  { name: 'firstName', label: 'First name', type: 'text', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last name', type: 'text', autoComplete: 'family-name' },
  { name: 'email', label: 'E-mail address', type: 'email', autoComplete: 'email', hint: 'A new address takes effect once you enter the code we send to it.' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel', hint: 'Optional. Australian numbers, e.g. 0412 345 678.' },
];
const updateResponseSchema = userResponseSchema.extend({ message: z.string().optional() });
const confirmResponseSchema = z.object({ success: z.literal(true), user: accountUserSchema });

const issuesOf = (error: unknown) => (error instanceof ApiRequestError ? Object.fromEntries(error.issues.map((issue) => [issue.path, issue.message])) : {});
const messageOf = (error: unknown, fallback: string) => (error instanceof ApiRequestError && error.issues.length === 0 ? error.message : error instanceof ApiRequestError ? undefined : fallback);

/** /admin/profile ('Edit Profile'): the administrator's own name, e-mail address and phone (PUT /api/user). */
export default function AdminProfilePage() {
  const account = useAdminData('/api/user', userResponseSchema);
  const [form, setForm] = useState<Record<Field, string>>({ firstName: '', lastName: '', email: '', phone: '' });
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [failure, setFailure] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const changingEmail = account.status === 'ready' && form.email.trim().toLowerCase() !== account.data.user.email;

  useEffect(() => {
    if (account.status !== 'ready') return;
    const { user } = account.data;
    setForm({ firstName: user.firstName, lastName: user.lastName, email: user.email, phone: user.phone ?? '' });
    setPendingEmail(user.pendingEmail);
  }, [account]);

  const run = async (action: () => Promise<void>, fallback: string) => {
    setBusy(true);
    setFailure(undefined);
    setNotice(undefined);
    setErrors({});
    try {
      await action();
    } catch (error) {
      setErrors(issuesOf(error));
      setFailure(messageOf(error, fallback));
    } finally {
      setBusy(false);
    }
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const body = { ...form, email: form.email.trim(), ...(changingEmail ? { currentPassword } : {}) };
      const response = await apiRequest('PUT', '/api/user', { body, schema: updateResponseSchema });
      setCurrentPassword('');
      useSessionStore.getState().sessionLoaded(toClientUser(response.user));
      setPendingEmail(response.user.pendingEmail);
      setNotice(response.message ?? 'Your profile is saved.');
    }, 'Your profile could not be saved. Check your connection and try again.');
  };

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      const response = await apiRequest('POST', '/api/user/email/confirm', { body: { code: code.trim() }, schema: confirmResponseSchema });
      useSessionStore.getState().sessionLoaded(toClientUser(response.user));
      setPendingEmail(null);
      setCode('');
      setForm((current) => ({ ...current, email: response.user.email }));
      setNotice(`Your e-mail address is now ${response.user.email}.`);
    }, 'The code could not be checked. Check your connection and try again.');
  };

  return (
    <section>
      <AdminPageHeader title="Edit Profile">Your own name, e-mail address and phone, used when you sign in and when we contact you.</AdminPageHeader>
      {account.status === 'loading' && <ListLoading label="Loading your profile…" />}
      {account.status === 'error' && <ListError message={account.message} onRetry={account.reload} />}
      {account.status === 'ready' && (
        <>
          <form className={styles.panel} noValidate onSubmit={save} aria-labelledby="profile-title">
            <h2 id="profile-title">Your details</h2>
            {failure && (
              <p className={styles.error} role="alert">
                {failure}
              </p>
            )}
            {notice && (
              <p className={styles.notice} role="status">
                {notice}
              </p>
            )}
            <div className={styles.panelGrid}>
              {FIELDS.map((field) => (
                <TextField
                  key={field.name}
                  id={`profile-${field.name}`}
                  label={field.label}
                  hint={field.hint}
                  error={errors[field.name]}
                  type={field.type}
                  autoComplete={field.autoComplete}
                  value={form[field.name]}
                  onValueChange={(value) => setForm({ ...form, [field.name]: value })}
                />
              ))}
              {changingEmail && (
                <TextField
                  id="profile-current-password"
                  label="Current password"
                  hint="Needed to change your e-mail address. We also tell your current address about the change."
                  error={errors.currentPassword}
                  type="password"
                  autoComplete="current-password"
                  value={currentPassword}
                  onValueChange={setCurrentPassword}
                />
              )}
            </div>
            <div className={styles.panelActions}>
              <button type="submit" className="button button-primary" disabled={busy}>
                {busy ? 'Saving…' : 'Save profile'}
              </button>
            </div>
          </form>
          {pendingEmail && (
            <form className={styles.panel} noValidate onSubmit={confirm} aria-labelledby="confirm-title">
              <h2 id="confirm-title">Confirm {pendingEmail}</h2>
              <div className={ops.formRow}>
                <div className={styles.field}>
                  <label htmlFor="profile-code">6-digit code from the e-mail</label>
                  <input
                    id="profile-code"
                    className={styles.input}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    value={code}
                    aria-invalid={errors['code'] ? true : undefined}
                    onChange={(event) => setCode(event.target.value)}
                  />
                  {errors['code'] && <span className={styles.fieldError}>{errors['code']}</span>}
                </div>
                <button type="submit" className="button" disabled={busy}>
                  Confirm the new address
                </button>
              </div>
            </form>
          )}
        </>
      )}
    </section>
  );
}
