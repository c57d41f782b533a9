import { CONTACT_SUCCESS_BANNER_MS } from '@shared/constants';
import { FORM_LIMITS, formSubmissionRequestSchema } from '@shared/contracts/public-site';
import { useEffect } from 'react';
import { TextareaField, TextField } from '../ui/form/fields';
import { Form, FormError, useZodForm } from '../ui/form/form';
import { FormRow } from '../ui/form/form-row';
import { FORM_ERROR } from '../ui/form/server-issues';
import { track } from '../../lib/analytics';
import { FORM_MESSAGES, submissionErrorText, useSubmitForm } from './api/submit-form';
import styles from './contact-form.module.css';

const emptyMessage = { type: 'contact' as const, name: '', email: '', phone: '', message: '', website: '' };

/**
 * The contact form of docs/behaviour.md §4/§5: name, e-mail and message, all required; no phone field. While
 * sending the button reads 'Sending...'; on success 'Message Sent!' shows for 5 s and then the
 * form resets; on failure an alert shows the server's text, the network text or the fallback
 * (docs/behaviour.md §5 puts the server's text in the alert, not on a field). The `website` field is a spam
 * trap: hidden from people (and screen readers), always sent as is.
 */
export function ContactForm() {
  const form = useZodForm(formSubmissionRequestSchema, emptyMessage);
  const submit = useSubmitForm();
  const sent = submit.isSuccess;
  const { reset: resetForm } = form;
  const { reset: resetSubmission } = submit;

  // 'Message Sent!' stays for 5 seconds, then the form is empty and ready again.
  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(() => {
      resetForm(emptyMessage);
      resetSubmission();
    }, CONTACT_SUCCESS_BANNER_MS);
    return () => clearTimeout(timer);
  }, [sent, resetForm, resetSubmission]);

  const busy = form.formState.isSubmitting;
  return (
    <Form
      form={form}
      className={styles.form}
      data-testid="contact-form"
      aria-label="Contact form"
      onSubmit={async ({ name, email, message, website }) => {
        if (sent) return;
        try {
          await submit.mutateAsync({ type: 'contact', name, email, phone: '', message, website });
          track('contact_form.sent', { path: window.location.pathname });
        } catch (error) {
          form.setError(FORM_ERROR, { type: 'server', message: submissionErrorText(error) });
        }
      }}
    >
      <FormError />
      {sent && (
        <div className="alert alert-success" role="status">
          <strong>{FORM_MESSAGES.sent}</strong> Thank you, we will reply within one business day.
        </div>
      )}
      <FormRow>
        <TextField name="name" label="Name" autoComplete="name" required maxLength={FORM_LIMITS.name} />
        <TextField name="email" label="Email" type="email" autoComplete="email" inputMode="email" required maxLength={FORM_LIMITS.email} />
      </FormRow>
      <TextareaField name="message" label="Message" rows={5} required maxLength={FORM_LIMITS.message} />
      <div className={styles.trap} aria-hidden="true">
        <label htmlFor="contact-website">Website (leave empty)</label>
        <input id="contact-website" type="text" tabIndex={-1} autoComplete="off" {...form.register('website')} />
      </div>
      <div>
        <button type="submit" className="button button-accent" disabled={busy || sent} aria-busy={busy}>
          {busy ? FORM_MESSAGES.sending : sent ? FORM_MESSAGES.sent : 'Send Message'}
        </button>
      </div>
    </Form>
  );
}
