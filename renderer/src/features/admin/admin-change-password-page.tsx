import { type FormEvent, useState } from 'react';
import { successResponseSchema } from '@shared/contracts/accounts';
import { PASSWORD_MIN_LENGTH } from '@shared/domain/accounts/password-policy';
import { apiRequest, ApiRequestError } from '../../lib/api-client';
import styles from './admin.module.css';
import { AdminPageHeader, TextField } from './admin-ui';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';
const empty: Record<Field, string> = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** /admin/change-password: the administrator's own password (PUT /api/user/password); other devices are signed out. */
export default function AdminChangePasswordPage() {
  const [form, setForm] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [failure, setFailure] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    setNotice(undefined);
    if (form.newPassword !== form.confirmPassword) {
      setErrors({ confirmPassword: 'The two new passwords are not the same.' });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const response = await apiRequest('PUT', '/api/user/password', { body: { currentPassword: form.currentPassword, newPassword: form.newPassword }, schema: successResponseSchema });
      setNotice(response.message ?? 'Your password has been changed.');
      setForm(empty);
    } catch (error) {
      if (error instanceof ApiRequestError && error.issues.length > 0) setErrors(Object.fromEntries(error.issues.map((issue) => [issue.path, issue.message])));
      else setFailure(error instanceof ApiRequestError ? error.message : 'Your password could not be changed. Check your connection and try again.');
    } finally {
      setBusy(false);
    }
  };

  const field = (name: Field, label: string, autoComplete: string, hint?: string) => (
    <TextField
      id={`password-${name}`}
      label={label}
      hint={hint}
      error={errors[name]}
      type="password"
      autoComplete={autoComplete}
      value={form[name]}
      onValueChange={(value) => setForm({ ...form, [name]: value })}
    />
  );

  return (
    <section>
      <AdminPageHeader title="Change password">Your own password. Every other device signed in as you is signed out; this one stays signed in.</AdminPageHeader>
      <form className={styles.panel} noValidate onSubmit={(event) => void submit(event)} aria-labelledby="password-title">
        <h2 id="password-title">New password</h2>
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
          {field('currentPassword', 'Current password', 'current-password')}
          {field('newPassword', 'New password', 'new-password', `At least ${PASSWORD_MIN_LENGTH} characters; a passphrase of a few words is easiest to remember.`)}
          {field('confirmPassword', 'New password again', 'new-password')}
        </div>
        <div className={styles.panelActions}>
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? 'Changing…' : 'Change password'}
          </button>
        </div>
      </form>
    </section>
  );
}
