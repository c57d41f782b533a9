import { useEffect, useState } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import { useQuoteStore } from '../stores/quote-store';
import { useSendVerificationCode } from '../../../api/send-verification-code';
import { useVerifyEmailCode } from '../../../api/verify-email-code';
import styles from '../quote-wizard.module.css';
import { RESEND_CODE_AFTER_SECONDS } from '@shared/constants';
import { newCodeRefusedMessage } from '@shared/domain/accounts/verification-code';
import { useWizard } from '../wizard-context';
import { ErrorMessage, Field, StepFrame } from './step-frame';

function secondsLeft(sentAt: number | null, now: number): number {
  if (sentAt === null) return 0;
  return Math.max(0, RESEND_CODE_AFTER_SECONDS - Math.floor((now - sentAt) / 1000));
}

/** Step 2 (hidden from the progress bar): the 6-digit code e-mailed by the accounts API. */
export function EmailVerificationStep() {
  const wizard = useWizard();
  const details = useQuoteStore((state) => state.personalDetails);
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const sendCode = useSendVerificationCode();
  const verifyCode = useVerifyEmailCode();
  const [now, setNow] = useState(() => Date.now());
  const wait = secondsLeft(wizard.verification.sentAt, now);

  useEffect(() => {
    if (wait <= 0) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [wait]);

  if (details.emailVerified) {
    return (
      <StepFrame>
        <p>Your e-mail address {details.email} is verified.</p>
      </StepFrame>
    );
  }

  const verify = async () => {
    setFailure(null);
    if (!/^\d{6}$/.test(code.trim())) {
      setFailure('Enter the 6-digit code from the e-mail.');
      return;
    }
    try {
      const { verificationToken } = await verifyCode.mutateAsync({ email: details.email, code: code.trim() });
      wizard.setVerification({ ...wizard.verification, token: verificationToken });
      useQuoteStore.getState().updatePersonalDetails({ emailVerified: true });
      wizard.goNext();
    } catch (error) {
      setFailure(error instanceof ApiRequestError ? error.message : 'The code could not be checked. Please try again.');
    }
  };

  const resend = async () => {
    setFailure(null);
    setInfo(null);
    try {
      const response = await sendCode.mutateAsync({ email: details.email, firstName: details.firstName, lastName: details.lastName });
      wizard.setVerification({ token: null, sentAt: Date.now() });
      setNow(Date.now());
      setInfo(response.message);
    } catch (error) {
      setFailure(error instanceof ApiRequestError ? newCodeRefusedMessage(error, wizard.verification.sentAt, Date.now()) : 'The code could not be sent. Please try again.');
    }
  };

  return (
    <StepFrame
      onContinue={verify}
      continueLabel="Verify"
      busy={verifyCode.isPending}
      intro={
        <p>
          We sent a 6-digit code to {details.email}. Enter it below to confirm the address is yours. If that address already has an account, we e-mailed it how to{' '}
          <a href="/auth/signin?callbackUrl=%2Fquote">sign in</a> instead.
        </p>
      }
    >
      <ErrorMessage message={failure} />
      {info !== null && (
        <p className={styles.noticeInfo} role="status">
          {info}
        </p>
      )}
      <Field id="verification-code" label="6-digit code">
        <input
          id="verification-code"
          name="code"
          className={styles.codeInput}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          pattern="\d{6}"
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
        />
      </Field>
      <p>
        <button type="button" className="button" onClick={() => void resend()} disabled={wait > 0}>
          {wait > 0 ? `Send a new code in ${wait} s` : 'Send a new code'}
        </button>
      </p>
    </StepFrame>
  );
}
