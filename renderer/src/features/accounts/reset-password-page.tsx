import { Link, useSearchParams } from 'react-router';
import { PASSWORD_MIN_LENGTH, passwordResetConfirmSchema } from '@shared/contracts/accounts';
import { PASSWORD_RULE_HINT } from '@shared/domain/accounts/password-policy';
import { TextField } from '../../components/ui/form/fields';
import { Form, FormError, useZodForm } from '../../components/ui/form/form';
import { useResetPassword } from './api/reset-password';
import styles from './auth.module.css';
import { usePageTitle } from '../../lib/page-title';

/** /auth/reset-password?token=…: the page the e-mailed link opens (also a referrer's first password). */
export default function ResetPasswordPage() {
  usePageTitle('Choose a new password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // The token is the link's, not a field: the server's word on it shows in the form's alert.
  const form = useZodForm(passwordResetConfirmSchema.pick({ password: true }), { password: '' });
  const resetPassword = useResetPassword();

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="reset-title">
        <h1 id="reset-title">Choose a new password</h1>
        {!token && (
          <p className={styles.alert} role="alert">
            This link is incomplete. Open the link from the e-mail again, or ask for a new one.
          </p>
        )}
        {resetPassword.isSuccess ? (
          <>
            <p className={styles.notice} role="status">
              {resetPassword.data.message}
            </p>
            <Link className={`button button-primary ${styles.submit}`} to={resetPassword.data.signInPath}>
              Sign in
            </Link>
          </>
        ) : (
          <Form form={form} onSubmit={({ password }) => resetPassword.mutateAsync({ token, password })}>
            <FormError />
            <TextField name="password" label="New password" type="password" autoComplete="new-password" required minLength={PASSWORD_MIN_LENGTH} hint={PASSWORD_RULE_HINT} />
            <button type="submit" className={`button button-primary ${styles.submit}`} disabled={form.formState.isSubmitting || !token}>
              {form.formState.isSubmitting ? 'Saving…' : 'Save the new password'}
            </button>
          </Form>
        )}
        <div className={styles.links}>
          <Link to="/auth/forgot-password">Ask for a new link</Link>
        </div>
      </section>
    </div>
  );
}
