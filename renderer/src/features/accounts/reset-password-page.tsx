import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { successResponseSchema } from '@shared/contracts/accounts';
import { PASSWORD_MIN_LENGTH, PASSWORD_SUGGESTED_LENGTH } from '@shared/domain/accounts/password-policy';
import { apiRequest, ApiRequestError } from '../../lib/api-client';
import styles from './auth.module.css';
import { FormField, issuesByField } from './form-field';

/** /auth/reset-password?token=…: the page the e-mailed link opens (also a referrer's first password). */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [done, setDone] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitting(true);
    setFailure(undefined);
    setFieldErrors({});
    try {
      const response = await apiRequest('POST', '/api/auth/password-reset/confirm', { body: { token, password }, schema: successResponseSchema });
      setDone(response.message);
    } catch (error) {
      if (error instanceof ApiRequestError && error.issues.length > 0) setFieldErrors(issuesByField(error.issues));
      else setFailure(error instanceof Error ? error.message : 'That did not work. Please try again.');
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="reset-title">
        <h1 id="reset-title">Choose a new password</h1>
        {!token && (
          <p className={styles.alert} role="alert">
            This link is incomplete. Open the link from the e-mail again, or ask for a new one.
          </p>
        )}
        {failure && (
          <p className={styles.alert} role="alert">
            {failure}
          </p>
        )}
        {done ? (
          <>
            <p className={styles.notice} role="status">
              {done}
            </p>
            <Link className={`button button-primary ${styles.submit}`} to="/auth/signin">
              Sign in
            </Link>
          </>
        ) : (
          <form className={styles.form} onSubmit={submit} noValidate>
            <FormField
              id="password"
              label="New password"
              type="password"
              autoComplete="new-password"
              required
              minLength={PASSWORD_MIN_LENGTH}
              hint={`At least ${PASSWORD_MIN_LENGTH} characters. A passphrase of ${PASSWORD_SUGGESTED_LENGTH} or more, like a few unrelated words, is best.`}
              error={fieldErrors.password}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <button type="submit" className={`button button-primary ${styles.submit}`} disabled={submitting || !token}>
              {submitting ? 'Saving…' : 'Save the new password'}
            </button>
          </form>
        )}
        <div className={styles.links}>
          <Link to="/auth/forgot-password">Ask for a new link</Link>
        </div>
      </section>
    </div>
  );
}
