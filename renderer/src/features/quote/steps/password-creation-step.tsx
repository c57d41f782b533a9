import { FormProvider } from 'react-hook-form';
import { useState } from 'react';
import { z } from 'zod';
import { EMAIL_ALREADY_REGISTERED, newPasswordSchema } from '@shared/contracts/accounts';
import { PASSWORD_RULE_HINT } from '@shared/domain/accounts/password-policy';
import { TextField } from '../../../components/ui/form/fields';
import { FormError, useZodForm } from '../../../components/ui/form/form';
import { FormRow } from '../../../components/ui/form/form-row';
import { applyServerError, FORM_ERROR } from '../../../components/ui/form/server-issues';
import { ApiRequestError } from '../../../lib/api-client';
import { useQuoteStore } from '../stores/quote-store';
import { useRegister } from '../../../api/register';
import { useUpdateAccount } from '../../../api/update-account';
import styles from '../quote-wizard.module.css';
import { useWizard } from '../wizard-context';
import { StepFrame } from './step-frame';

/** The new password as registration checks it, typed twice (only the first is sent). */
const passwordFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string() })
  .refine(({ password, confirmPassword }) => password === confirmPassword, { message: 'The two passwords are not the same.', path: ['confirmPassword'] });

/**
 * Step 3: the password that creates the member's account (through the registration API, which
 * signs them in). The password is held by this form only and never enters the quote or a draft.
 */
export function PasswordCreationStep() {
  const wizard = useWizard();
  const details = useQuoteStore((state) => state.personalDetails);
  const form = useZodForm(passwordFormSchema, { password: '', confirmPassword: '' });
  const register = useRegister();
  const updateAccount = useUpdateAccount();
  const [alreadyRegistered, setAlreadyRegistered] = useState(false);

  if (details.userId !== undefined) {
    return (
      <StepFrame>
        <p>Your account is set up and you are signed in as {details.email}.</p>
      </StepFrame>
    );
  }

  const create = form.handleSubmit(async ({ password }) => {
    if (wizard.verification.token === null) {
      form.setError(FORM_ERROR, { type: 'server', message: 'Please verify your e-mail address again: go back one step and ask for a new code.' });
      return;
    }
    try {
      const { user } = await register.mutateAsync({
        firstName: details.firstName,
        lastName: details.lastName,
        email: details.email,
        phone: details.phone,
        businessName: details.businessName,
        abn: details.abn,
        password,
        verificationToken: wizard.verification.token,
        referrerCode: details.referrerCode ?? '',
        allowMarketing: details.allowMarketing,
      });
      wizard.setVerification({ token: null, sentAt: null });
      wizard.signedIn(user);
      // Registration takes no address, so the account is given the one from the first step. The
      // account exists either way and the address stays in the quote, so a failure here is not
      // worth stopping the member for; settings lets them add it later.
      if (details.address.trim() !== '') await updateAccount.mutateAsync({ address: details.address }).catch((error: unknown) => console.warn('Address not saved to the account', error));
      wizard.goNext();
    } catch (error) {
      setAlreadyRegistered(error instanceof ApiRequestError && error.code === EMAIL_ALREADY_REGISTERED);
      applyServerError(error, form.setError, Object.keys(form.getValues()), 'Your account could not be created. Please try again.');
    }
  });

  return (
    <StepFrame onContinue={create} continueLabel="Create account" busy={form.formState.isSubmitting} intro={<p>Choose a password so you can come back to your quote from any device.</p>}>
      <FormProvider {...form}>
        <div className={styles.fields}>
          <FormError />
          {alreadyRegistered && (
            <p>
              <a href="/auth/signin?callbackUrl=%2Fquote">Sign in to continue your quote</a>
            </p>
          )}
          <input type="email" name="username" autoComplete="username" value={details.email} readOnly hidden />
          <FormRow>
            <TextField name="password" label="Password" type="password" autoComplete="new-password" hint={PASSWORD_RULE_HINT} />
            <TextField name="confirmPassword" label="Type the password again" type="password" autoComplete="new-password" />
          </FormRow>
        </div>
      </FormProvider>
    </StepFrame>
  );
}
