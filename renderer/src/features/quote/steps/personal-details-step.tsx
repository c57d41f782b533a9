import { useState } from 'react';
import { personalDetailsFormSchema, type PersonalDetailsFormInput } from '@shared/contracts/quote';
import { ApiRequestError } from '../../../lib/api-client';
import { readReferralCode } from '../../../lib/referral-code';
import { useQuoteStore } from '../stores/quote-store';
import { quoteApi } from '../quote-api';
import styles from '../quote-wizard.module.css';
import { useWizard } from '../wizard-context';
import { ErrorMessage, Field, StepFrame } from './step-frame';

type FieldName = keyof PersonalDetailsFormInput;
const TEXT_FIELDS: Array<{ name: Exclude<FieldName, 'allowMarketing'>; label: string; type: string; autoComplete: string; hint?: string; inputMode?: 'numeric' | 'tel' | 'email' }> = [
  { name: 'firstName', label: 'First name', type: 'text', autoComplete: 'given-name' },
  { name: 'lastName', label: 'Last name', type: 'text', autoComplete: 'family-name' },
  { name: 'email', label: 'E-mail address', type: 'email', autoComplete: 'email', inputMode: 'email', hint: 'We send a 6-digit code here to check it is yours.' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  { name: 'address', label: 'Postal address', type: 'text', autoComplete: 'street-address' },
  { name: 'businessName', label: 'Business name (optional)', type: 'text', autoComplete: 'organization' },
  { name: 'abn', label: 'ABN (optional)', type: 'text', autoComplete: 'off', inputMode: 'numeric', hint: '11 digits, e.g. 51 824 753 556' },
  { name: 'referrerCode', label: 'Referrer code (optional)', type: 'text', autoComplete: 'off' },
];

/** Step 1: who the quote is for. A visitor is sent a verification code on Continue. */
export function PersonalDetailsStep() {
  const wizard = useWizard();
  const details = useQuoteStore((state) => state.personalDetails);
  const [form, setForm] = useState<PersonalDetailsFormInput>({
    firstName: details.firstName,
    lastName: details.lastName,
    email: details.email,
    phone: details.phone,
    address: details.address,
    businessName: details.businessName,
    abn: details.abn,
    allowMarketing: details.allowMarketing,
    referrerCode: details.referrerCode ?? readReferralCode() ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A member's e-mail is their sign-in name; it is changed in account settings, not here.
  const emailLocked = details.userId !== undefined && details.emailVerified;

  const onContinue = async () => {
    setFailure(null);
    const parsed = personalDetailsFormSchema.safeParse(form);
    if (!parsed.success) {
      const next: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const name = issue.path[0] as FieldName;
        next[name] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    const value = parsed.data;
    const emailChanged = value.email !== details.email;
    useQuoteStore.getState().updatePersonalDetails({
      ...value,
      businessName: value.businessName ?? '',
      abn: value.abn ?? '',
      referrerCode: value.referrerCode === '' ? undefined : value.referrerCode,
      emailVerified: emailChanged ? false : details.emailVerified,
    });
    if (wizard.isAuthenticated || (details.emailVerified && !emailChanged)) {
      wizard.goNext();
      return;
    }
    setBusy(true);
    try {
      await quoteApi.sendCode({ email: value.email, firstName: value.firstName, lastName: value.lastName });
      wizard.setVerification({ token: null, sentAt: Date.now() });
      wizard.goNext();
    } catch (error) {
      setFailure(error instanceof ApiRequestError ? error.message : 'The code could not be sent. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <StepFrame onContinue={onContinue} busy={busy} hideBack intro={<p>Tell us who the quote is for. It takes about five minutes to get an estimate.</p>}>
      <ErrorMessage message={failure} />
      <div className={styles.grid}>
        {TEXT_FIELDS.map((field) => (
          <Field key={field.name} id={`pd-${field.name}`} label={field.label} error={errors[field.name]} hint={field.hint}>
            <input
              id={`pd-${field.name}`}
              name={field.name}
              type={field.type}
              autoComplete={field.autoComplete}
              inputMode={field.inputMode}
              value={form[field.name] ?? ''}
              readOnly={field.name === 'email' && emailLocked}
              aria-invalid={errors[field.name] !== undefined}
              aria-describedby={[field.hint ? `pd-${field.name}-hint` : '', errors[field.name] ? `pd-${field.name}-error` : ''].filter(Boolean).join(' ') || undefined}
              onChange={(event) => setForm({ ...form, [field.name]: event.target.value })}
            />
          </Field>
        ))}
      </div>
      <label className={styles.checkbox}>
        <input type="checkbox" checked={form.allowMarketing ?? false} onChange={(event) => setForm({ ...form, allowMarketing: event.target.checked })} />
        <span>Send me news and seasonal updates from the mutual (you can stop them at any time)</span>
      </label>
    </StepFrame>
  );
}
