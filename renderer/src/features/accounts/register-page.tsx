import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  EMAIL_ALREADY_REGISTERED,
  emailVerificationSendResponseSchema,
  emailVerificationVerifyResponseSchema,
  userResponseSchema,
} from '@shared/contracts/accounts';
import { PASSWORD_MIN_LENGTH, PASSWORD_SUGGESTED_LENGTH } from '@shared/domain/accounts/password-policy';
import { apiRequest, ApiRequestError } from '../../lib/api-client';
import { readReferralCode } from '../../lib/referral-code';
import { toClientUser, useSessionStore } from '../../stores/session-store';
import styles from './auth.module.css';
import { FormField, issuesByField } from './form-field';

type Step = 'details' | 'code' | 'password';
const stepLabels: Record<Step, string> = { details: '1. Your details', code: '2. Verify e-mail', password: '3. Password' };

/**
 * /auth/register: an account without a quote, in the same three steps the quote wizard uses
 * (details, the e-mailed 6-digit code, a password). A referrer's code the visitor arrived with
 * (?ref=CODE on any page) is filled in.
 */
export default function RegisterPage() {
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('details');
  const [details, setDetails] = useState(() => ({ firstName: '', lastName: '', email: '', phone: '', businessName: '', abn: '', referrerCode: readReferralCode() ?? '' }));
  const [code, setCode] = useState('');
  const [verificationToken, setVerificationToken] = useState('');
  const [password, setPassword] = useState('');
  const [allowMarketing, setAllowMarketing] = useState(false);
  const [notice, setNotice] = useState<string>();
  const [failure, setFailure] = useState<{ message: string; offerSignIn?: boolean }>();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function attempt(work: () => Promise<void>) {
    setBusy(true);
    setFailure(undefined);
    setFieldErrors({});
    try {
      await work();
    } catch (error) {
      if (error instanceof ApiRequestError && error.issues.length > 0) setFieldErrors(issuesByField(error.issues));
      else if (error instanceof ApiRequestError) setFailure({ message: error.message, offerSignIn: error.code === EMAIL_ALREADY_REGISTERED });
      else setFailure({ message: 'That did not work. Please try again.' });
    } finally {
      setBusy(false);
    }
  }

  const sendCode = () =>
    attempt(async () => {
      const response = await apiRequest('POST', '/api/auth/email-verification/send', {
        body: { email: details.email, firstName: details.firstName, lastName: details.lastName },
        schema: emailVerificationSendResponseSchema,
      });
      setNotice(response.message);
      setStep('code');
    });

  const checkCode = (event: FormEvent) => {
    event.preventDefault();
    void attempt(async () => {
      const response = await apiRequest('POST', '/api/auth/email-verification/verify', { body: { email: details.email, code }, schema: emailVerificationVerifyResponseSchema });
      setVerificationToken(response.verificationToken);
      setNotice('Your e-mail address is verified.');
      setStep('password');
    });
  };

  const register = (event: FormEvent) => {
    event.preventDefault();
    void attempt(async () => {
      const response = await apiRequest('POST', '/api/auth/register', {
        body: { ...details, businessName: details.businessName || undefined, abn: details.abn || undefined, referrerCode: details.referrerCode || undefined, password, verificationToken, allowMarketing },
        schema: userResponseSchema,
      });
      useSessionStore.getState().loginSucceeded(toClientUser(response.user), '');
      navigate('/dashboard', { replace: true });
    });
  };

  const field = (name: keyof typeof details, label: string, extra: Partial<Parameters<typeof FormField>[0]> = {}) => (
    <FormField id={name} label={label} value={details[name]} error={fieldErrors[name]} onChange={(event) => setDetails({ ...details, [name]: event.target.value })} {...extra} />
  );

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
        {failure && (
          <p className={styles.alert} role="alert">
            {failure.message}
            {failure.offerSignIn && (
              <>
                {' '}
                <Link to={`/auth/signin?callbackUrl=${encodeURIComponent('/dashboard')}`}>Sign in</Link>
              </>
            )}
          </p>
        )}
        {notice && !failure && (
          <p className={styles.notice} role="status">
            {notice}
          </p>
        )}
        {step === 'details' && (
          <form
            className={styles.form}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void sendCode();
            }}
          >
            {field('firstName', 'First name', { autoComplete: 'given-name', required: true })}
            {field('lastName', 'Last name', { autoComplete: 'family-name', required: true })}
            {field('email', 'E-mail address', { type: 'email', autoComplete: 'email', required: true, hint: 'We will send a 6-digit code to this address.' })}
            {field('phone', 'Phone', { type: 'tel', autoComplete: 'tel', required: true })}
            {field('businessName', 'Business name (optional)', { autoComplete: 'organization' })}
            {field('abn', 'ABN (optional)', { inputMode: 'numeric' })}
            {field('referrerCode', 'Referrer code (optional)', { autoComplete: 'off' })}
            <button type="submit" className={`button button-primary ${styles.submit}`} disabled={busy}>
              {busy ? 'Sending…' : 'Send my code'}
            </button>
          </form>
        )}
        {step === 'code' && (
          <form className={styles.form} noValidate onSubmit={checkCode}>
            <FormField id="code" label="6-digit code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} required error={fieldErrors.code} value={code} onChange={(event) => setCode(event.target.value)} />
            <button type="submit" className={`button button-primary ${styles.submit}`} disabled={busy}>
              {busy ? 'Checking…' : 'Verify'}
            </button>
            <button type="button" className="button" disabled={busy} onClick={() => void sendCode()}>
              Send a new code
            </button>
          </form>
        )}
        {step === 'password' && (
          <form className={styles.form} noValidate onSubmit={register}>
            <FormField
              id="password"
              label="Password"
              type="password"
              autoComplete="new-password"
              required
              hint={`At least ${PASSWORD_MIN_LENGTH} characters. A passphrase of ${PASSWORD_SUGGESTED_LENGTH} or more, like a few unrelated words, is best.`}
              error={fieldErrors.password}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <label className={styles.checkbox}>
              <input type="checkbox" checked={allowMarketing} onChange={(event) => setAllowMarketing(event.target.checked)} />
              <span>Send me news about the mutual and the season (optional).</span>
            </label>
            <button type="submit" className={`button button-primary ${styles.submit}`} disabled={busy}>
              {busy ? 'Creating…' : 'Create my account'}
            </button>
          </form>
        )}
        <div className={styles.links}>
          <span>
            Already a member? <Link to="/auth/signin">Sign in</Link>
          </span>
        </div>
      </section>
    </div>
  );
}
