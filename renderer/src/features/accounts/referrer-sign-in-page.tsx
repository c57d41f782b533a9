import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { redirectUrlResponseSchema, signInErrorMessage } from '@shared/contracts/accounts';
import { apiRequest, ApiRequestError } from '../../lib/api-client';
import { loadSession } from '../../stores/session-store';
import styles from './auth.module.css';
import { safeReturnPath } from './callback-url';
import { FormField } from './form-field';

/** The sign-in service answers a refused form sign-in with its status; each means one error code. */
const errorForStatus: Record<number, string> = { 401: 'CredentialsSignin', 403: 'NotReferrer', 429: 'AccountLocked' };

/** /auth/referrer-signin: partners sign in through the sign-in service's referrer provider. */
export default function ReferrerSignInPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string>();
  const message = failure ?? signInErrorMessage(params.get('csrf') === 'true' ? 'csrf' : params.get('error'));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitting(true);
    try {
      const { url } = await apiRequest('POST', '/api/auth/callback/referrer', {
        body: { email, password, json: 'true', callbackUrl: params.get('callbackUrl') ?? '/referrer/leads' },
        schema: redirectUrlResponseSchema,
      });
      await loadSession();
      navigate(safeReturnPath(url, '/referrer/leads'), { replace: true });
    } catch (error) {
      const code = error instanceof ApiRequestError ? errorForStatus[error.status] : undefined;
      setFailure(signInErrorMessage(code ?? 'Default'));
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="referrer-title">
        <h1 id="referrer-title">Referrer Login</h1>
        <p className={styles.intro}>For partners who introduce growers to the mutual. See who signed up with your code and how far their quotes have got.</p>
        {message && (
          <p className={styles.alert} role="alert">
            {message}
          </p>
        )}
        <form className={styles.form} onSubmit={submit} noValidate>
          <FormField id="email" label="E-mail address" type="email" autoComplete="username" required value={email} onChange={(event) => setEmail(event.target.value)} />
          <FormField id="password" label="Password" type="password" autoComplete="current-password" required value={password} onChange={(event) => setPassword(event.target.value)} />
          <button type="submit" className={`button button-primary ${styles.submit}`} disabled={submitting}>
            {submitting ? 'Signing in…' : 'Sign in as referrer'}
          </button>
        </form>
        <div className={styles.links}>
          <Link to="/auth/forgot-password">Forgotten your password?</Link>
          <span>
            Not a partner? <Link to="/auth/signin">Member sign-in</Link>
          </span>
          <span className={styles.hint}>Referrer accounts are set up by the mutual. To become a partner, use the contact form.</span>
        </div>
      </section>
    </div>
  );
}
