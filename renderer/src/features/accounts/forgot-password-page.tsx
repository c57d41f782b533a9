import { Link } from 'react-router';
import { passwordResetRequestSchema } from '@shared/contracts/accounts';
import { TextField } from '../../components/ui/form/fields';
import { Form, FormError, useZodForm, SubmitButton } from '../../components/ui/form/form';
import { useRequestPasswordReset } from './api/request-password-reset';
import styles from './auth.module.css';
import { usePageTitle } from '../../lib/page-title';

/** /auth/forgot-password: asks for a single-use reset link by e-mail. */
export default function ForgotPasswordPage() {
  usePageTitle('Reset your password');
  const form = useZodForm(passwordResetRequestSchema, { email: '' });
  const requestReset = useRequestPasswordReset();

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="forgot-title">
        <h1 id="forgot-title">Reset your password</h1>
        <p className={styles.intro}>Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
        {requestReset.isSuccess ? (
          <p className={styles.notice} role="status">
            {requestReset.data.message}
          </p>
        ) : (
          <Form form={form} onSubmit={(body) => requestReset.mutateAsync(body)}>
            <FormError />
            <TextField name="email" label="E-mail address" type="email" autoComplete="email" required />
            <SubmitButton label="Send the link" busy="Sending…" className={`button button-primary ${styles.submit}`} />
          </Form>
        )}
        <div className={styles.links}>
          <Link to="/auth/signin">Back to sign-in</Link>
        </div>
      </section>
    </div>
  );
}
