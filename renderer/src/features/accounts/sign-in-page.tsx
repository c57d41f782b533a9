import { Link, useNavigate, useSearchParams } from 'react-router';
import { signInErrorMessage, signInRequestSchema } from '@shared/contracts/accounts';
import { Form, useZodForm } from '../../components/ui/form/form';
import { useSignIn } from './api/sign-in';
import styles from './auth.module.css';
import { safeReturnPath } from './callback-url';
import { memberHome, useOnwardIfSignedIn } from './onward-if-signed-in';
import { SignInFields } from './sign-in-fields';
import { usePageTitle } from '../../lib/page-title';

/** /auth/signin: the members' sign-in page; every error of the sign-in service is shown in words. */
export default function SignInPage() {
  usePageTitle('Sign in');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const form = useZodForm(signInRequestSchema, { email: '', password: '' });
  const signIn = useSignIn();
  const arrivedWith = signInErrorMessage(params.get('csrf') === 'true' ? 'csrf' : params.get('error'));
  const callbackUrl = params.get('callbackUrl');
  useOnwardIfSignedIn(callbackUrl, memberHome);

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="signin-title">
        <h1 id="signin-title">Sign in</h1>
        <p className={styles.intro}>Members, brokers and staff of Grain Growers Mutual.</p>
        <Form
          form={form}
          aria-labelledby="signin-title"
          failureMessage="Sign-in did not work. Check your connection and try again."
          onSubmit={async (credentials) => {
            const { user } = await signIn.mutateAsync(credentials);
            navigate(safeReturnPath(callbackUrl, memberHome(user)), { replace: true });
          }}
        >
          <SignInFields arrivedWith={arrivedWith} submitLabel="Sign in" />
        </Form>
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
