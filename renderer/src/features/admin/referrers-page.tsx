import { type FormEvent, useState } from 'react';
import { createReferrerResponseSchema, referrersResponseSchema } from '@shared/contracts/accounts';
import { formatDate } from '@shared/format';
import { apiRequest, ApiRequestError } from '../../lib/api-client';
import styles from './admin.module.css';
import { AdminPageHeader, ListEmpty, ListError, ListLoading, TextField } from './admin-ui';
import { useAdminData } from './use-admin-data';

type Field = 'firstName' | 'lastName' | 'email' | 'organisation' | 'code';
const FIELDS: Array<{ name: Field; label: string; type?: string; autoComplete?: string; hint?: string }> = [
  { name: 'firstName', label: 'First name', autoComplete: 'off' },
  { name: 'lastName', label: 'Last name', autoComplete: 'off' },
  { name: 'email', label: 'E-mail address', type: 'email', autoComplete: 'off', hint: 'The link to choose a password goes here.' },
  { name: 'organisation', label: 'Organisation', autoComplete: 'off' },
  { name: 'code', label: 'Referrer code', autoComplete: 'off', hint: '3 to 32 letters, digits or dashes, e.g. WHEATBELT-AG. Growers bring it with ?ref=.' },
];
const emptyForm: Record<Field, string> = { firstName: '', lastName: '', email: '', organisation: '', code: '' };

/** /admin/referrers: partner accounts and their codes; a new referrer is e-mailed a link to choose a password. */
export default function ReferrersPage() {
  const referrers = useAdminData('/api/admin/referrers', referrersResponseSchema);
  const [form, setForm] = useState(emptyForm);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string>();
  const [created, setCreated] = useState<string>();
  const [busy, setBusy] = useState(false);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(undefined);
    setCreated(undefined);
    setErrors({});
    try {
      const response = await apiRequest('POST', '/api/admin/referrers', { body: form, schema: createReferrerResponseSchema });
      setCreated(`${response.referrer.organisation} can now refer growers with the code ${response.referrer.code}. A link to choose a password was e-mailed to ${form.email.trim()}; it is valid for 7 days.`);
      setForm(emptyForm);
      referrers.reload();
    } catch (error) {
      if (error instanceof ApiRequestError && error.issues.length > 0) setErrors(Object.fromEntries(error.issues.map((issue) => [issue.path, issue.message])));
      else setFailure(error instanceof ApiRequestError ? error.message : 'The referrer could not be created. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section>
      <AdminPageHeader title="Referrers">Partners who send growers to the mutual with their referrer code. They sign in at /auth/referrer-signin and see only how far their referrals have got.</AdminPageHeader>

      <form className={styles.panel} noValidate onSubmit={(event) => void create(event)} aria-labelledby="new-referrer-title">
        <h2 id="new-referrer-title">Add a referrer</h2>
        {failure && (
          <p className={styles.error} role="alert">
            {failure}
          </p>
        )}
        {created && (
          <p className={styles.notice} role="status">
            {created}
          </p>
        )}
        <div className={styles.panelGrid}>
          {FIELDS.map((field) => (
            <TextField
              key={field.name}
              id={`referrer-${field.name}`}
              label={field.label}
              hint={field.hint}
              error={errors[field.name]}
              type={field.type ?? 'text'}
              autoComplete={field.autoComplete}
              required
              value={form[field.name]}
              onValueChange={(value) => setForm({ ...form, [field.name]: value })}
            />
          ))}
        </div>
        <div className={styles.panelActions}>
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? 'Creating…' : 'Create referrer and e-mail the link'}
          </button>
        </div>
      </form>

      <h2>All referrers</h2>
      {referrers.status === 'loading' && <ListLoading label="Loading referrers…" />}
      {referrers.status === 'error' && <ListError message={referrers.message} onRetry={referrers.reload} />}
      {referrers.status === 'ready' && referrers.data.referrers.length === 0 && <ListEmpty>No referrers yet. Add the first one above.</ListEmpty>}
      {referrers.status === 'ready' && referrers.data.referrers.length > 0 && (
        <table className={styles.table} aria-busy={referrers.isRefreshing}>
          <caption className="visually-hidden">Referrers, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col">Organisation</th>
              <th scope="col">Contact</th>
              <th scope="col">Referred growers</th>
              <th scope="col">Status</th>
              <th scope="col">Added</th>
            </tr>
          </thead>
          <tbody>
            {referrers.data.referrers.map((referrer) => (
              <tr key={referrer.id}>
                <td data-label="Code">
                  <code>{referrer.code}</code>
                </td>
                <td data-label="Organisation">{referrer.organisation}</td>
                <td data-label="Contact">
                  <div>{referrer.name}</div>
                  <div className={styles.muted}>{referrer.email}</div>
                </td>
                <td data-label="Referred growers">{referrer.leadCount}</td>
                <td data-label="Status">
                  <span className={styles.badge} data-tone={referrer.isActive ? 'success' : 'danger'}>
                    {referrer.isActive ? 'Active' : 'Inactive'}
                  </span>
                </td>
                <td data-label="Added">{formatDate(referrer.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
