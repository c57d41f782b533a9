import { FORM_LIMITS } from '@shared/contracts/public-site-limits';
import { type FormEvent, useState } from 'react';
import { FORM_MESSAGES, submissionErrorText, submitForm } from '../../../components/forms/submit-form';
import { track } from '../../../lib/analytics';
import { PageHeader } from '../markdown-page';
import { usePageTitle } from '../use-page-title';

type Status = { state: 'idle' } | { state: 'submitting' } | { state: 'sent' } | { state: 'error'; message: string };

/** The farm details become the message of a form submission of type 'register'. */
export function registerMessage(data: { district: string; hectares: string; cover: string[]; notes: string }): string {
  return [
    `District or nearest town: ${data.district || 'not given'}`,
    `Hectares cropped: ${data.hectares || 'not given'}`,
    `Interested in: ${data.cover.length ? data.cover.join(', ') : 'not sure yet'}`,
    ...(data.notes ? ['', data.notes] : []),
  ].join('\n');
}

/** Register interest (SPEC §2, the quote button's alternative): stored as a form submission of type `register`. */
export default function RegisterPage() {
  usePageTitle('Register Interest');
  const [status, setStatus] = useState<Status>({ state: 'idle' });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status.state === 'submitting') return;
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    setStatus({ state: 'submitting' });
    try {
      await submitForm({
        type: 'register',
        name: text('name'),
        email: text('email'),
        phone: text('phone'),
        message: registerMessage({ district: text('district'), hectares: text('hectares'), cover: data.getAll('cover').map(String), notes: text('notes') }),
        website: text('website'),
      });
      setStatus({ state: 'sent' });
      track('register_interest.sent', {});
    } catch (error) {
      setStatus({ state: 'error', message: submissionErrorText(error) });
    }
  };

  return (
    <>
      <PageHeader title="Register Interest" />
      <div className="container section">
        <div className="prose">
          <p>
            Tell us a little about your farm and we will call you before the storm season with what protection could cost, and send you the Protection Rules to read. Registering
            does not commit you to anything.
          </p>
        </div>
        {status.state === 'sent' ? (
          <div className="alert alert-success" role="status">
            <strong>Thank you, you are registered.</strong> A member of our team will call you within two business days.
          </div>
        ) : (
          <form className="card prose" onSubmit={onSubmit} data-testid="register-form">
            {status.state === 'error' && (
              <div className="alert alert-error" role="alert">
                {status.message}
              </div>
            )}
            <div className="field">
              <label htmlFor="register-name">Name</label>
              <input className="input" id="register-name" name="name" autoComplete="name" required maxLength={FORM_LIMITS.name} />
            </div>
            <div className="field">
              <label htmlFor="register-email">Email</label>
              <input className="input" id="register-email" name="email" type="email" autoComplete="email" required maxLength={FORM_LIMITS.email} />
            </div>
            <div className="field">
              <label htmlFor="register-phone">Phone (optional)</label>
              <input className="input" id="register-phone" name="phone" type="tel" autoComplete="tel" maxLength={FORM_LIMITS.phone} />
            </div>
            <div className="field">
              <label htmlFor="register-district">District or nearest town</label>
              <input className="input" id="register-district" name="district" required maxLength={100} placeholder="e.g. Kellerberrin" />
            </div>
            <div className="field">
              <label htmlFor="register-hectares">Hectares cropped this season (roughly)</label>
              <input className="input" id="register-hectares" name="hectares" inputMode="numeric" maxLength={20} />
            </div>
            <fieldset className="field">
              <legend>Protection you are interested in</legend>
              <label>
                <input type="checkbox" name="cover" value="Hail" /> Hail
              </label>
              <label>
                <input type="checkbox" name="cover" value="Fire and lightning" /> Fire and lightning
              </label>
            </fieldset>
            <div className="field">
              <label htmlFor="register-notes">Anything else we should know? (optional)</label>
              <textarea className="input" id="register-notes" name="notes" rows={4} maxLength={2_000} />
            </div>
            <div style={{ position: 'absolute', left: '-10000px' }} aria-hidden="true">
              <label htmlFor="register-website">Website (leave empty)</label>
              <input id="register-website" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
            </div>
            <button type="submit" className="button button-accent button-large" disabled={status.state === 'submitting'}>
              {status.state === 'submitting' ? FORM_MESSAGES.sending : 'Register Interest'}
            </button>
          </form>
        )}
      </div>
    </>
  );
}
