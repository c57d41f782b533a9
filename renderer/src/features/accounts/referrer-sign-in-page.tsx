import { Link, useNavigate, useSearchParams } from 'react-router';
import { signInErrorMessage, signInRequestSchema } from '@shared/contracts/accounts';
import { Form, useZodForm } from '../../components/ui/form/form';
import { FORM_ERROR } from '../../components/ui/form/server-issues';
import { ApiRequestError } from '../../lib/api-client';
import { useReferrerSignIn } from './api/referrer-sign-in';
import styles from './auth.module.css';
import { safeReturnPath } from './callback-url';
import { referrerHome, useOnwardIfSignedIn } from './onward-if-signed-in';
import { SignInFields } from './sign-in-fields';
import { usePageTitle } from '../../lib/page-title';

/** The sign-in service answers a refused form sign-in with its status; each means one error code. */
const errorForStatus: Record<number, string> = { 401: 'CredentialsSignin', 403: 'NotReferrer', 429: 'AccountLocked' };

/** /auth/referrer-signin: partners sign in through the sign-in service's referrer provider. */
export default function ReferrerSignInPage() {
  usePageTitle('Referrer Login');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const form = useZodForm(signInRequestSchema, { email: '', password: '' });
  const signIn = useReferrerSignIn();
  const arrivedWith = signInErrorMessage(params.get('csrf') === 'true' ? 'csrf' : params.get('error'));
  useOnwardIfSignedIn(params.get('callbackUrl'), referrerHome);

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="referrer-title">
        <h1 id="referrer-title">Referrer Login</h1>
        <p className={styles.intro}>For partners who introduce growers to the mutual. See who signed up with your code and how far their quotes have got.</p>
        <Form
          form={form}
          aria-labelledby="referrer-title"
          onSubmit={async (credentials) => {
            try {
              const url = await signIn.mutateAsync({ ...credentials, callbackUrl: params.get('callbackUrl') ?? '/referrer/leads' });
              navigate(safeReturnPath(url, '/referrer/leads'), { replace: true });
            } catch (error) {
              // The provider answers with a status, not a sentence: say what it means in words.
              if (error instanceof ApiRequestError && error.issues.length > 0) throw error;
              const code = error instanceof ApiRequestError ? errorForStatus[error.status] : undefined;
              form.setError(FORM_ERROR, { type: 'server', message: signInErrorMessage(code ?? 'Default') });
            }
          }}
        >
          <SignInFields arrivedWith={arrivedWith} submitLabel="Sign in as referrer" />
        </Form>
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
