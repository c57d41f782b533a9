import { Link, useSearchParams } from 'react-router';
import { signInErrorMessage } from '@shared/contracts/accounts';
import styles from './auth.module.css';
import { usePageTitle } from '../../lib/page-title';

/** /auth/error (next-auth's error page): the error in words and the way back. */
export default function AuthErrorPage() {
  usePageTitle('Sign-in problem');
  const [params] = useSearchParams();
  const provider = params.get('provider');
  const message = signInErrorMessage(params.get('error') ?? 'Default');
  const signInPath = provider === 'referrer' ? '/auth/referrer-signin' : '/auth/signin';
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="auth-error-title">
        <h1 id="auth-error-title">Sign-in problem</h1>
        <p className={styles.alert} role="alert">
          {message}
        </p>
        <Link className={`button button-primary ${styles.submit}`} to={signInPath}>
          Try again
        </Link>
        <div className={styles.links}>
          <Link to="/auth/forgot-password">Forgotten your password?</Link>
        </div>
      </section>
    </div>
  );
}
