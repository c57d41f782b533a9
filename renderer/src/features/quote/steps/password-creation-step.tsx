import { useState } from 'react';
import { EMAIL_ALREADY_REGISTERED } from '@shared/contracts/accounts';
import { PASSWORD_MIN_LENGTH } from '@shared/domain/accounts/password-policy';
import { ApiRequestError } from '../../../lib/api-client';
import { useQuoteStore } from '../stores/quote-store';
import { quoteApi } from '../quote-api';
import styles from '../quote-wizard.module.css';
import { useWizard } from '../wizard-context';
import { ErrorMessage, Field, StepFrame } from './step-frame';

/**
 * Step 3: the password that creates the member's account (through the registration API, which
 * signs them in). The password is held by this form only and never enters the quote or a draft.
 */
export function PasswordCreationStep() {
  const wizard = useWizard();
  const details = useQuoteStore((state) => state.personalDetails);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [alreadyRegistered, setAlreadyRegistered] = useState(false);

  if (details.userId !== undefined) {
    return (
      <StepFrame>
        <p>Your account is set up and you are signed in as {details.email}.</p>
      </StepFrame>
    );
  }

  const create = async () => {
    setFailure(null);
    const next: typeof errors = {};
    if ([...password].length < PASSWORD_MIN_LENGTH) next.password = `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
    if (confirm !== password) next.confirm = 'The two passwords are not the same.';
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    if (wizard.verification.token === null) {
      setFailure('Please verify your e-mail address again: go back one step and ask for a new code.');
      return;
    }
    setBusy(true);
    try {
      const { user } = await quoteApi.register({
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
      if (details.address.trim() !== '') await quoteApi.updateAddress(details.address).catch((error: unknown) => console.warn('Address not saved to the account', error));
      wizard.goNext();
    } catch (error) {
      if (error instanceof ApiRequestError) {
        const passwordIssue = error.issues.find((issue) => issue.path === 'password');
        if (passwordIssue) setErrors({ password: passwordIssue.message });
        else setFailure(error.message);
        setAlreadyRegistered(error.code === EMAIL_ALREADY_REGISTERED);
      } else {
        setFailure('Your account could not be created. Please try again.');
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <StepFrame onContinue={create} continueLabel="Create account" busy={busy} intro={<p>Choose a password so you can come back to your quote from any device.</p>}>
      <ErrorMessage message={failure} />
      {alreadyRegistered && (
        <p>
          <a href="/auth/signin?callbackUrl=%2Fquote">Sign in to continue your quote</a>
        </p>
      )}
      <input type="email" name="username" autoComplete="username" value={details.email} readOnly hidden />
      <div className={styles.grid}>
        <Field id="new-password" label="Password" error={errors.password} hint={`At least ${PASSWORD_MIN_LENGTH} characters. A short sentence is easy to remember.`}>
          <input id="new-password" type="password" autoComplete="new-password" value={password} onChange={(event) => setPassword(event.target.value)} aria-invalid={errors.password !== undefined} />
        </Field>
        <Field id="confirm-password" label="Type the password again" error={errors.confirm}>
          <input id="confirm-password" type="password" autoComplete="new-password" value={confirm} onChange={(event) => setConfirm(event.target.value)} aria-invalid={errors.confirm !== undefined} />
        </Field>
      </div>
    </StepFrame>
  );
}
