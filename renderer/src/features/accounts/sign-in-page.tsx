import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { signInErrorMessage } from '@shared/contracts/accounts';
import { isAdministrator } from '@shared/domain/accounts/permissions';
import { login, useSessionStore } from '../../stores/session-store';
import styles from './auth.module.css';
import { safeReturnPath } from './callback-url';
import { FormField } from './form-field';

/** /auth/signin: the members' sign-in page; every error of the sign-in service is shown in words. */
export default function SignInPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string>();
  const arrivedWith = signInErrorMessage(params.get('csrf') === 'true' ? 'csrf' : params.get('error'));
  const message = failure ?? arrivedWith;
  const callbackUrl = params.get('callbackUrl');

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitting(true);
    const error = await login(email, password);
    setSubmitting(false);
    if (error) {
      setFailure(error);
      return;
    }
    const user = useSessionStore.getState().user;
    navigate(safeReturnPath(callbackUrl, isAdministrator(user) ? '/admin/dashboard' : '/dashboard'), { replace: true });
  }

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="signin-title">
        <h1 id="signin-title">Sign in</h1>
        <p className={styles.intro}>Members, brokers and staff of Grain Growers Mutual.</p>
        {message && (
          <p className={styles.alert} role="alert">
            {message}
          </p>
        )}
        <form className={styles.form} onSubmit={submit} noValidate>
          <FormField id="email" label="E-mail address" type="email" autoComplete="username" required value={email} onChange={(event) => setEmail(event.target.value)} />
          <FormField id="password" label="Password" type="password" autoComplete="current-password" required value={password} onChange={(event) => setPassword(event.target.value)} />
          <button type="submit" className={`button button-primary ${styles.submit}`} disabled={submitting}>
            {submitting ? 'Signing in…' : 'Sign in'}
          </button>
        </form>
        <div className={styles.links}>
          <Link to="/auth/forgot-password">Forgotten your password?</Link>
          <span>
            New to the mutual? <Link to="/auth/register">Create an account</Link> or <Link to="/quote">get a quote</Link>.
          </span>
          <Link to="/auth/referrer-signin">Referrer partners sign in here</Link>
        </div>
      </section>
    </div>
  );
}
