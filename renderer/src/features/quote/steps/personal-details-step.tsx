import { FormProvider } from 'react-hook-form';
import { personalDetailsFormSchema } from '@shared/contracts/quote';
import { CheckboxField, TextField } from '../../../components/ui/form/fields';
import { FormError, useZodForm } from '../../../components/ui/form/form';
import { FormRow } from '../../../components/ui/form/form-row';
import { applyServerError } from '../../../components/ui/form/server-issues';
import { readReferralCode } from '../../../lib/referral-code';
import { useQuoteStore } from '../stores/quote-store';
import { useSendVerificationCode } from '../../../api/send-verification-code';
import styles from '../quote-wizard.module.css';
import { useWizard } from '../wizard-context';
import { EarlierDrafts } from './get-started-step';
import { StepFrame } from './step-frame';

/**
 * Step 1: who the quote is for, checked by the shared personal-details schema; the answers go into
 * the quote store on Continue. A visitor is sent a verification code on Continue.
 */
export function PersonalDetailsStep() {
  const wizard = useWizard();
  const details = useQuoteStore((state) => state.personalDetails);
  const form = useZodForm(personalDetailsFormSchema, {
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
  const sendCode = useSendVerificationCode();
  // A member's e-mail is their sign-in name; it is changed in account settings, not here.
  const emailLocked = details.userId !== undefined && details.emailVerified;

  const onContinue = form.handleSubmit(async (value) => {
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
    try {
      await sendCode.mutateAsync({ email: value.email, firstName: value.firstName, lastName: value.lastName });
      wizard.setVerification({ token: null, sentAt: Date.now() });
      wizard.goNext();
    } catch (error) {
      applyServerError(error, form.setError, Object.keys(form.getValues()), 'The code could not be sent. Please try again.');
    }
  });

  return (
    <StepFrame onContinue={onContinue} busy={form.formState.isSubmitting} hideBack intro={<p>Tell us who the quote is for. It takes about five minutes to get an estimate.</p>}>
      {wizard.isAuthenticated && <EarlierDrafts />}
      <FormProvider {...form}>
        <div className={styles.fields}>
          <FormError />
          <FormRow>
            <TextField name="firstName" label="First name" autoComplete="given-name" />
            <TextField name="lastName" label="Last name" autoComplete="family-name" />
          </FormRow>
          <FormRow>
            <TextField name="email" label="E-mail address" type="email" autoComplete="email" inputMode="email" readOnly={emailLocked} hint="We send a 6-digit code here to check it is yours." />
            <TextField name="phone" label="Phone" type="tel" autoComplete="tel" inputMode="tel" />
          </FormRow>
          <TextField name="address" label="Postal address" autoComplete="street-address" />
          <FormRow>
            <TextField name="businessName" label="Business name (optional)" autoComplete="organization" />
            <TextField name="abn" label="ABN (optional)" autoComplete="off" inputMode="numeric" hint="11 digits, e.g. 51 824 753 556" />
          </FormRow>
          <TextField name="referrerCode" label="Referrer code (optional)" autoComplete="off" />
          <CheckboxField name="allowMarketing" label="Send me news and seasonal updates from the mutual (you can stop them at any time)" />
        </div>
      </FormProvider>
    </StepFrame>
  );
}
