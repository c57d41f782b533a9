import { useState } from 'react';
import type { z } from 'zod';
import { type AccountUser, confirmEmailChangeRequestSchema, updateProfileRequestSchema } from '@shared/contracts/accounts';
import { useConfirmEmailChange } from '../../api/confirm-email-change';
import { useAccount } from '../../api/get-account';
import { useUpdateAccount } from '../../api/update-account';
import { AdminPageHeader, ListError, ListLoading } from '../../components/admin/admin-ui';
import styles from '../../components/admin/admin.module.css';
import ops from '../../components/admin/admin-items.module.css';
import { TextField } from '../../components/ui/form/fields';
import { Form, FormError, useZodForm, SubmitButton } from '../../components/ui/form/form';
import { FormRow } from '../../components/ui/form/form-row';
import { useSessionStore } from '../../stores/session-store';

/** The fields of this page, checked with the schema PUT /api/user parses. */
const profileFormSchema = updateProfileRequestSchema.pick({ firstName: true, lastName: true, email: true, phone: true, currentPassword: true });

/** /admin/profile ('Edit Profile'): the administrator's own name, e-mail address and phone (PUT /api/user). */
export default function AdminProfilePage() {
  const account = useAccount(useSessionStore((state) => state.user?.id ?? ''));
  const [notice, setNotice] = useState<string>();
  return (
    <section>
      <AdminPageHeader title="Edit Profile">Your own name, e-mail address and phone, used when you sign in and when we contact you.</AdminPageHeader>
      {account.isPending && <ListLoading label="Loading your profile…" />}
      {account.isError && <ListError query={account} fallback="The list could not be loaded. Check your connection and try again." />}
      {account.isSuccess && (
        <>
          <ProfileForm key={account.data.user.email} user={account.data.user} notice={notice} onNotice={setNotice} />
          {account.data.user.pendingEmail && <ConfirmEmailForm pendingEmail={account.data.user.pendingEmail} onNotice={setNotice} />}
        </>
      )}
    </section>
  );
}

function ProfileForm({ user, notice, onNotice }: { user: AccountUser; notice: string | undefined; onNotice: (notice: string | undefined) => void }) {
  const updateProfile = useUpdateAccount();
  const form = useZodForm(profileFormSchema, { firstName: user.firstName, lastName: user.lastName, email: user.email, phone: user.phone ?? '', currentPassword: '' });
  const changingEmail = (form.watch('email') ?? '').trim().toLowerCase() !== user.email;
  const save = async ({ currentPassword, ...values }: z.output<typeof profileFormSchema>) => {
    onNotice(undefined);
    const response = await updateProfile.mutateAsync(changingEmail ? { ...values, currentPassword } : values);
    form.resetField('currentPassword');
    onNotice(response.message ?? 'Your profile is saved.');
  };
  return (
    <Form form={form} className={styles.panel} onSubmit={save} failureMessage="Your profile could not be saved. Check your connection and try again." aria-labelledby="profile-title">
      <h2 id="profile-title">Your details</h2>
      <FormError />
      {notice && (
        <p className={styles.notice} role="status">
          {notice}
        </p>
      )}
      <FormRow>
        <TextField name="firstName" label="First name" autoComplete="given-name" />
        <TextField name="lastName" label="Last name" autoComplete="family-name" />
        <TextField name="email" label="E-mail address" type="email" autoComplete="email" hint="A new address takes effect once you enter the code we send to it." />
        <TextField name="phone" label="Phone" type="tel" autoComplete="tel" hint="Optional. Australian numbers, e.g. 0412 345 678." />
        {changingEmail && (
          <TextField
            name="currentPassword"
            label="Current password"
            type="password"
            autoComplete="current-password"
            hint="Needed to change your e-mail address. We also tell your current address about the change."
          />
        )}
      </FormRow>
      <div className={styles.panelActions}>
        <SubmitButton label="Save profile" busy="Saving…" />
      </div>
    </Form>
  );
}

function ConfirmEmailForm({ pendingEmail, onNotice }: { pendingEmail: string; onNotice: (notice: string | undefined) => void }) {
  const confirmEmail = useConfirmEmailChange();
  const form = useZodForm(confirmEmailChangeRequestSchema, { code: '' });
  const confirm = async (values: z.output<typeof confirmEmailChangeRequestSchema>) => {
    onNotice(undefined);
    const { user } = await confirmEmail.mutateAsync(values);
    onNotice(`Your e-mail address is now ${user.email}.`);
  };
  return (
    <Form form={form} className={styles.panel} onSubmit={confirm} failureMessage="The code could not be checked. Check your connection and try again." aria-labelledby="confirm-title">
      <h2 id="confirm-title">Confirm {pendingEmail}</h2>
      <FormError />
      <div className={ops.formRow}>
        <TextField name="code" label="6-digit code from the e-mail" inputMode="numeric" autoComplete="one-time-code" />
        <button type="submit" className="button" disabled={form.formState.isSubmitting}>
          Confirm the new address
        </button>
      </div>
    </Form>
  );
}
