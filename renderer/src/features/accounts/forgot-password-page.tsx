import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { successResponseSchema } from '@shared/contracts/accounts';
import { apiRequest, ApiRequestError } from '../../lib/api-client';
import styles from './auth.module.css';
import { FormField } from './form-field';

/** /auth/forgot-password: asks for a single-use reset link by e-mail. */
export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitting(true);
    setFailure(undefined);
    try {
      const response = await apiRequest('POST', '/api/auth/password-reset/request', { body: { email }, schema: successResponseSchema });
      setSent(response.message);
    } catch (error) {
      setFailure(error instanceof ApiRequestError ? error.message : 'That did not work. Please try again.');
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="forgot-title">
        <h1 id="forgot-title">Reset your password</h1>
        <p className={styles.intro}>Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
        {failure && (
          <p className={styles.alert} role="alert">
            {failure}
          </p>
        )}
        {sent ? (
          <p className={styles.notice} role="status">
            {sent}
          </p>
        ) : (
          <form className={styles.form} onSubmit={submit} noValidate>
            <FormField id="email" label="E-mail address" type="email" autoComplete="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
            <button type="submit" className={`button button-primary ${styles.submit}`} disabled={submitting}>
              {submitting ? 'Sending…' : 'Send the link'}
            </button>
          </form>
        )}
        <div className={styles.links}>
          <Link to="/auth/signin">Back to sign-in</Link>
        </div>
      </section>
    </div>
  );
}
