import { useState } from 'react';
import { Link } from 'react-router';
import { logout } from '../../stores/session-store';
import styles from './auth.module.css';
import { usePageTitle } from '../../lib/page-title';

/** /auth/signout (next-auth's sign-out page): confirm, then sign out everywhere in this browser. */
export default function SignOutPage() {
  usePageTitle('Sign out');
  const [signingOut, setSigningOut] = useState(false);
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="signout-title">
        <h1 id="signout-title">Sign out</h1>
        <p className={styles.intro}>Are you sure you want to sign out? Anything saved stays with your account.</p>
        <button
          type="button"
          className={`button button-primary ${styles.submit}`}
          disabled={signingOut}
          onClick={() => {
            setSigningOut(true);
            void logout();
          }}
        >
          {signingOut ? 'Signing out…' : 'Sign out'}
        </button>
        <div className={styles.links}>
          <Link to="/dashboard">Back to the dashboard</Link>
        </div>
      </section>
    </div>
  );
}
