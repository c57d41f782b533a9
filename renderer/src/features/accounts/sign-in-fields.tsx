import { useFormContext } from 'react-hook-form';
import { TextField } from '../../components/ui/form/fields';
import { FormError, SubmitButton } from '../../components/ui/form/form';
import styles from './auth.module.css';

/**
 * A sign-in form's body, inside its <Form>: why the visitor was sent here (until an attempt of
 * theirs says something newer), the form's error, the e-mail address and password, and the button.
 */
export function SignInFields({ arrivedWith, submitLabel }: { arrivedWith: string | undefined; submitLabel: string }) {
  const { formState } = useFormContext();
  const failed = formState.errors.root?.server !== undefined;
  return (
    <>
      {arrivedWith && !failed && (
        <p className={styles.alert} role="alert">
          {arrivedWith}
        </p>
      )}
      <FormError />
      <TextField name="email" label="E-mail address" type="email" autoComplete="username" required />
      <TextField name="password" label="Password" type="password" autoComplete="current-password" required />
      <SubmitButton label={submitLabel} busy="Signing in…" className={`button button-primary ${styles.submit}`} />
    </>
  );
}
