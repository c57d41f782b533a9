import { FORM_LIMITS, formSubmissionRequestSchema } from '@shared/contracts/public-site';
import { z } from 'zod';
import { CheckboxGroupField } from '../../../components/ui/form/choice-fields';
import { TextareaField, TextField } from '../../../components/ui/form/fields';
import { Form, FormError, useZodForm } from '../../../components/ui/form/form';
import { FormRow } from '../../../components/ui/form/form-row';
import { FORM_ERROR } from '../../../components/ui/form/server-issues';
import { FORM_MESSAGES, submissionErrorText, useSubmitForm } from '../../../components/forms/api/submit-form';
import { track } from '../../../lib/analytics';
import { PageHeader } from '../markdown-page';
import { usePageTitle } from '../../../lib/page-title';
import styles from './register-page.module.css';

/** The farm details become the message of a form submission of type 'register'. */
function registerMessage(data: { district: string; hectares: string; cover: string[]; notes: string }): string {
  return [
    `District or nearest town: ${data.district || 'not given'}`,
    `Hectares cropped: ${data.hectares || 'not given'}`,
    `Interested in: ${data.cover.length ? data.cover.join(', ') : 'not sure yet'}`,
    ...(data.notes ? ['', data.notes] : []),
  ].join('\n');
}

/** The submission's own fields, checked as the server checks them, and the farm details that make up its message. */
const registerInterestSchema = formSubmissionRequestSchema.pick({ name: true, email: true, phone: true, website: true }).extend({
  district: z.string().trim().min(1, 'Please enter your district or nearest town.').max(100, 'Please keep the district under 100 characters.'),
  hectares: z.string().trim().max(20, 'Please give the hectares as a number.'),
  cover: z.array(z.string()),
  notes: z.string().trim().max(2_000, 'Please keep your note under 2,000 characters.'),
});

const coverChoices = [
  { value: 'Hail', label: 'Hail' },
  { value: 'Fire and lightning', label: 'Fire and lightning' },
] as const;

/** Register interest (docs/behaviour.md §2, the quote button's alternative): stored as a form submission of type `register`. */
export default function RegisterPage() {
  usePageTitle('Register Interest');
  const form = useZodForm(registerInterestSchema, { name: '', email: '', phone: '', website: '', district: '', hectares: '', cover: [], notes: '' });
  const submit = useSubmitForm();

  return (
    <>
      <PageHeader title="Register Interest" />
      <div className="container section">
        <div className="prose">
          <p>
            Tell us a little about your farm and we will call you before the storm season with what protection could cost, and send you the Protection Rules to read. Registering does not commit you to anything.
          </p>
        </div>
        {submit.isSuccess ? (
          <div className="alert alert-success" role="status">
            <strong>Thank you, you are registered.</strong> A member of our team will call you within two business days.
          </div>
        ) : (
          <Form
            form={form}
            className={`card ${styles.form}`}
            data-testid="register-form"
            aria-label="Register interest"
            onSubmit={async ({ name, email, phone, website, ...farm }) => {
              try {
                await submit.mutateAsync({ type: 'register', name, email, phone: phone ?? '', message: registerMessage(farm), website });
                track('register_interest.sent', {});
              } catch (error) {
                // As on the contact form (docs/behaviour.md §5), the server's sentence is shown in the alert.
                form.setError(FORM_ERROR, { type: 'server', message: submissionErrorText(error) });
              }
            }}
          >
            <FormError />
            <FormRow>
              <TextField name="name" label="Name" autoComplete="name" required maxLength={FORM_LIMITS.name} />
              <TextField name="email" label="Email" type="email" autoComplete="email" required maxLength={FORM_LIMITS.email} />
            </FormRow>
            <FormRow>
              <TextField name="phone" label="Phone (optional)" type="tel" autoComplete="tel" maxLength={FORM_LIMITS.phone} />
              <TextField name="district" label="District or nearest town" required maxLength={100} placeholder="e.g. Kellerberrin" />
            </FormRow>
            <TextField name="hectares" label="Hectares cropped this season (roughly)" inputMode="numeric" maxLength={20} />
            <CheckboxGroupField name="cover" legend="Protection you are interested in" options={coverChoices} />
            <TextareaField name="notes" label="Anything else we should know? (optional)" rows={4} maxLength={2_000} />
            <div className={styles.trap} aria-hidden="true">
              <label htmlFor="register-website">Website (leave empty)</label>
              <input id="register-website" tabIndex={-1} autoComplete="off" {...form.register('website')} />
            </div>
            <div>
              <button type="submit" className="button button-accent button-large" disabled={form.formState.isSubmitting}>
                {form.formState.isSubmitting ? FORM_MESSAGES.sending : 'Register Interest'}
              </button>
            </div>
          </Form>
        )}
      </div>
    </>
  );
}
