import { CONTACT_SUCCESS_BANNER_MS } from '@shared/constants';
import { FORM_LIMITS } from '@shared/contracts/public-site-limits';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { track } from '../../lib/analytics';
import styles from './contact-form.module.css';
import { FORM_MESSAGES, submissionErrorText, submitForm } from './submit-form';

type Status = { state: 'idle' } | { state: 'submitting' } | { state: 'sent' } | { state: 'error'; message: string };

/**
 * The contact form of SPEC §4/§5: name, e-mail and message, all required; no phone field. While
 * sending the button reads 'Sending...'; on success 'Message Sent!' shows for 5 s and then the
 * form resets; on failure an alert shows the server's text, the network text or the fallback.
 * The `website` field is a spam trap: hidden from people (and screen readers), always sent as is.
 */
export function ContactForm() {
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const form = useRef<HTMLFormElement>(null);
  const id = useId();

  useEffect(() => {
    if (status.state !== 'sent') return;
    const timer = setTimeout(() => {
      form.current?.reset();
      setStatus({ state: 'idle' });
    }, CONTACT_SUCCESS_BANNER_MS);
    return () => clearTimeout(timer);
  }, [status.state]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status.state === 'submitting' || status.state === 'sent') return;
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '');
    setStatus({ state: 'submitting' });
    try {
      await submitForm({ type: 'contact', name: text('name'), email: text('email'), phone: '', message: text('message'), website: text('website') });
      setStatus({ state: 'sent' });
      track('contact_form.sent', { path: window.location.pathname });
    } catch (error) {
      setStatus({ state: 'error', message: submissionErrorText(error) });
    }
  };

  const busy = status.state === 'submitting';
  return (
    <form ref={form} className={styles.form} onSubmit={onSubmit} aria-describedby={status.state === 'error' ? `${id}-error` : undefined} data-testid="contact-form">
      {status.state === 'error' && (
        <div id={`${id}-error`} className="alert alert-error" role="alert">
          {status.message}
        </div>
      )}
      {status.state === 'sent' && (
        <div className="alert alert-success" role="status">
          <strong>{FORM_MESSAGES.sent}</strong> Thank you, we will reply within one business day.
        </div>
      )}
      <div className="field">
        <label htmlFor={`${id}-name`}>Name</label>
        <input className="input" id={`${id}-name`} name="name" type="text" autoComplete="name" required maxLength={FORM_LIMITS.name} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-email`}>Email</label>
        <input className="input" id={`${id}-email`} name="email" type="email" autoComplete="email" inputMode="email" required maxLength={FORM_LIMITS.email} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-message`}>Message</label>
        <textarea className="input" id={`${id}-message`} name="message" rows={5} required maxLength={FORM_LIMITS.message} />
      </div>
      <div className={styles.trap} aria-hidden="true">
        <label htmlFor={`${id}-website`}>Website (leave empty)</label>
        <input id={`${id}-website`} name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <button type="submit" className="button button-accent" disabled={busy || status.state === 'sent'} aria-busy={busy}>
        {busy ? FORM_MESSAGES.sending : status.state === 'sent' ? FORM_MESSAGES.sent : 'Send Message'}
      </button>
    </form>
  );
}
