import { useState } from 'react';
import type { z } from 'zod';
import { createReferrerRequestSchema } from '@shared/contracts/accounts';
import { AdminPageHeader, ListEmpty, ListError, ListLoading } from '../../components/admin/admin-ui';
import styles from '../../components/admin/admin.module.css';
import { TextField } from '../../components/ui/form/fields';
import { Form, FormError, useZodForm, SubmitButton } from '../../components/ui/form/form';
import { FormRow } from '../../components/ui/form/form-row';
import { useCreateReferrer } from './api/create-referrer';
import { useReferrers } from './api/get-referrers';
import { formatDate } from '@shared/format';

type NewReferrer = z.output<typeof createReferrerRequestSchema>;
const EMPTY = { firstName: '', lastName: '', email: '', organisation: '', code: '' };

/** The form that adds a referrer; `onSubmit` creates it and answers the sentence to show. */
export function NewReferrerForm({ onSubmit }: { onSubmit: (referrer: NewReferrer) => Promise<string> }) {
  const form = useZodForm(createReferrerRequestSchema, EMPTY);
  const [created, setCreated] = useState<string>();
  const create = async (values: NewReferrer) => {
    setCreated(undefined);
    const sentence = await onSubmit(values);
    form.reset(EMPTY);
    setCreated(sentence);
  };
  return (
    <Form form={form} className={styles.panel} onSubmit={create} failureMessage="The referrer could not be created. Please try again." aria-labelledby="new-referrer-title">
      <h2 id="new-referrer-title">Add a referrer</h2>
      <FormError />
      {created && (
        <p className={styles.notice} role="status">
          {created}
        </p>
      )}
      <FormRow>
        <TextField name="firstName" label="First name" autoComplete="off" required />
        <TextField name="lastName" label="Last name" autoComplete="off" required />
        <TextField name="email" label="E-mail address" type="email" autoComplete="off" required hint="The link to choose a password goes here." />
        <TextField name="organisation" label="Organisation" autoComplete="off" required />
        <TextField name="code" label="Referrer code" autoComplete="off" required hint="3 to 32 letters, digits or dashes, e.g. WHEATBELT-AG. Growers bring it with ?ref=." />
      </FormRow>
      <div className={styles.panelActions}>
        <SubmitButton label="Create referrer and e-mail the link" busy="Creating…" />
      </div>
    </Form>
  );
}

/** /admin/referrers: partner accounts and their codes; a new referrer is e-mailed a link to choose a password. */
export default function ReferrersPage() {
  const referrers = useReferrers();
  const createReferrer = useCreateReferrer();

  return (
    <section>
      <AdminPageHeader title="Referrers">Partners who send growers to the mutual with their referrer code. They sign in at /auth/referrer-signin and see only how far their referrals have got.</AdminPageHeader>
      <NewReferrerForm
        onSubmit={async (input) => {
          const { referrer } = await createReferrer.mutateAsync(input);
          return `${referrer.organisation} can now refer growers with the code ${referrer.code}. A link to choose a password was e-mailed to ${input.email}; it is valid for 7 days.`;
        }}
      />

      <h2>All referrers</h2>
      {referrers.isPending && <ListLoading label="Loading referrers…" />}
      {referrers.isError && <ListError query={referrers} fallback="The list could not be loaded. Check your connection and try again." />}
      {referrers.isSuccess && referrers.data.referrers.length === 0 && <ListEmpty>No referrers yet. Add the first one above.</ListEmpty>}
      {referrers.isSuccess && referrers.data.referrers.length > 0 && (
        <table className={styles.table} aria-busy={referrers.isFetching}>
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
