import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { EMAIL_ALREADY_REGISTERED, emailVerificationVerifyRequestSchema, registerRequestSchema } from '@shared/contracts/accounts';
import { PASSWORD_RULE_HINT } from '@shared/domain/accounts/password-policy';
import { newCodeRefusedMessage } from '@shared/domain/accounts/verification-code';
import { CheckboxField, TextField } from '../../components/ui/form/fields';
import { Form, FormError, useZodForm, SubmitButton } from '../../components/ui/form/form';
import { FormRow } from '../../components/ui/form/form-row';
import { ApiRequestError } from '../../lib/api-client';
import { readReferralCode } from '../../lib/referral-code';
import { useRegister } from '../../api/register';
import { useSendVerificationCode } from '../../api/send-verification-code';
import { useVerifyEmailCode } from '../../api/verify-email-code';
import styles from './auth.module.css';
import { usePageTitle } from '../../lib/page-title';

type Step = 'details' | 'code' | 'password';
const stepLabels: Record<Step, string> = { details: '1. Your details', code: '2. Verify e-mail', password: '3. Password' };

/** The three steps' forms, each checked by its part of the schema POST /api/auth/register parses with. */
const detailsSchema = registerRequestSchema.pick({ firstName: true, lastName: true, email: true, phone: true, businessName: true, abn: true, referrerCode: true });
const codeSchema = emailVerificationVerifyRequestSchema.pick({ code: true });
const passwordSchema = registerRequestSchema.pick({ password: true, allowMarketing: true });

type Details = ReturnType<typeof detailsSchema.parse>;

/**
 * /auth/register: an account without a quote, in the same three steps the quote wizard uses
 * (details, the e-mailed 6-digit code, a password). A referrer's code the visitor arrived with
 * (?ref=CODE on any page) is filled in.
 */
export default function RegisterPage() {
  usePageTitle('Create your account');
  const [step, setStep] = useState<Step>('details');
  const [details, setDetails] = useState<Details>();
  const [verificationToken, setVerificationToken] = useState('');
  const [codeSentAt, setCodeSentAt] = useState<number | null>(null);
  const [notice, setNotice] = useState<string>();
  const sendCode = useSendVerificationCode();

  const send = async (values: Details) => {
    const response = await sendCode.mutateAsync({ email: values.email, firstName: values.firstName, lastName: values.lastName });
    setDetails(values);
    setCodeSentAt(Date.now());
    setNotice(response.message);
    setStep('code');
  };

  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="register-title">
        <h1 id="register-title">Create your account</h1>
        <ol className={styles.steps}>
          {(Object.keys(stepLabels) as Step[]).map((name) => (
            <li key={name} aria-current={name === step ? 'step' : undefined}>
              {stepLabels[name]}
            </li>
          ))}
        </ol>
        {notice && (
          <p className={styles.notice} role="status">
            {notice}
          </p>
        )}
        {step === 'details' && <DetailsForm onSubmit={send} />}
        {step === 'code' && details && (
          <CodeForm
            email={details.email}
            codeSentAt={codeSentAt}
            onResend={() => send(details)}
            onVerified={(token) => {
              setVerificationToken(token);
              setNotice('Your e-mail address is verified.');
              setStep('password');
            }}
          />
        )}
        {step === 'password' && details && <PasswordForm details={details} verificationToken={verificationToken} />}
        <div className={styles.links}>
          <span>
            Already a member? <Link to="/auth/signin">Sign in</Link>
          </span>
        </div>
      </section>
    </div>
  );
}

function DetailsForm({ onSubmit }: { onSubmit: (details: Details) => Promise<void> }) {
  const form = useZodForm(detailsSchema, { firstName: '', lastName: '', email: '', phone: '', businessName: '', abn: '', referrerCode: readReferralCode() ?? '' });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <FormError />
      <FormRow>
        <TextField name="firstName" label="First name" autoComplete="given-name" required />
        <TextField name="lastName" label="Last name" autoComplete="family-name" required />
      </FormRow>
      <TextField name="email" label="E-mail address" type="email" autoComplete="email" required hint="We will send a 6-digit code to this address." />
      <TextField name="phone" label="Phone" type="tel" autoComplete="tel" required />
      <TextField name="businessName" label="Business name (optional)" autoComplete="organization" />
      <TextField name="abn" label="ABN (optional)" inputMode="numeric" />
      <TextField name="referrerCode" label="Referrer code (optional)" autoComplete="off" />
      <SubmitButton label="Send my code" busy="Sending…" className={`button button-primary ${styles.submit}`} />
    </Form>
  );
}

function CodeForm({ email, codeSentAt, onResend, onVerified }: { email: string; codeSentAt: number | null; onResend: () => Promise<void>; onVerified: (token: string) => void }) {
  const form = useZodForm(codeSchema, { code: '' });
  const verify = useVerifyEmailCode();
  const [resending, setResending] = useState(false);
  const busy = form.formState.isSubmitting || resending;
  return (
    <Form
      form={form}
      onSubmit={async ({ code }) => {
        const response = await verify.mutateAsync({ email, code });
        onVerified(response.verificationToken);
      }}
    >
      <FormError />
      <TextField name="code" label="6-digit code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} required />
      <button type="submit" className={`button button-primary ${styles.submit}`} disabled={busy}>
        {form.formState.isSubmitting ? 'Checking…' : 'Verify'}
      </button>
      <button
        type="button"
        className="button"
        disabled={busy}
        onClick={() => {
          setResending(true);
          form.clearErrors();
          onResend()
            .catch((error: unknown) =>
              form.setError('root.server', {
                type: 'server',
                message: error instanceof ApiRequestError ? newCodeRefusedMessage(error, codeSentAt, Date.now()) : 'The code could not be sent. Please try again.',
              }),
            )
            .finally(() => setResending(false));
        }}
      >
        Send a new code
      </button>
    </Form>
  );
}

function PasswordForm({ details, verificationToken }: { details: Details; verificationToken: string }) {
  const navigate = useNavigate();
  const form = useZodForm(passwordSchema, { password: '', allowMarketing: false });
  const register = useRegister();
  const [offerSignIn, setOfferSignIn] = useState(false);
  return (
    <Form
      form={form}

      onSubmit={async ({ password, allowMarketing }) => {
        try {
          await register.mutateAsync({
            ...details,
            businessName: details.businessName || undefined,
            abn: details.abn || undefined,
            referrerCode: details.referrerCode || undefined,
            password,
            verificationToken,
            allowMarketing,
          });
        } catch (error) {
          setOfferSignIn(error instanceof ApiRequestError && error.code === EMAIL_ALREADY_REGISTERED);
          throw error;
        }
        navigate('/dashboard', { replace: true });
      }}
    >
      <FormError />
      {offerSignIn && form.formState.errors.root?.server && (
        <p>
          <Link to={`/auth/signin?callbackUrl=${encodeURIComponent('/dashboard')}`}>Sign in</Link> with that address instead.
        </p>
      )}
      <TextField name="password" label="Password" type="password" autoComplete="new-password" required hint={PASSWORD_RULE_HINT} />
      <CheckboxField name="allowMarketing" label="Send me news about the mutual and the season (optional)." />
      <SubmitButton label="Create my account" busy="Creating…" className={`button button-primary ${styles.submit}`} />
    </Form>
  );
}
