import { useState } from 'react';
import type { z } from 'zod';
import { changePasswordFormSchema } from '@shared/contracts/accounts';
import { PASSWORD_RULE_HINT } from '@shared/domain/accounts/password-policy';
import { AdminPageHeader } from '../../components/admin/admin-ui';
import styles from '../../components/admin/admin.module.css';
import { TextField } from '../../components/ui/form/fields';
import { Form, FormError, useZodForm, SubmitButton } from '../../components/ui/form/form';
import { FormRow } from '../../components/ui/form/form-row';
import { useChangePassword } from '../../api/change-password';
import { useSessionStore } from '../../stores/session-store';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The form of /admin/change-password; `onSubmit` sends the current and the new password. */
export function ChangePasswordForm({ onSubmit }: { onSubmit: (values: { currentPassword: string; newPassword: string }) => Promise<string | undefined> }) {
  const form = useZodForm(changePasswordFormSchema, EMPTY);
  const [notice, setNotice] = useState<string>();
  const submit = async ({ currentPassword, newPassword }: z.output<typeof changePasswordFormSchema>) => {
    setNotice(undefined);
    const message = await onSubmit({ currentPassword, newPassword });
    form.reset(EMPTY);
    setNotice(message ?? 'Your password has been changed.');
  };
  return (
    <Form form={form} className={styles.panel} onSubmit={submit} failureMessage="Your password could not be changed. Check your connection and try again." aria-labelledby="password-title">
      <h2 id="password-title">New password</h2>
      <FormError />
      {notice && (
        <p className={styles.notice} role="status">
          {notice}
        </p>
      )}
      <FormRow>
        <TextField name="currentPassword" label="Current password" type="password" autoComplete="current-password" />
        <TextField name="newPassword" label="New password" type="password" autoComplete="new-password" hint={PASSWORD_RULE_HINT} />
        <TextField name="confirmPassword" label="New password again" type="password" autoComplete="new-password" />
      </FormRow>
      <div className={styles.panelActions}>
        <SubmitButton label="Change password" busy="Changing…" />
      </div>
    </Form>
  );
}

/** /admin/change-password: the administrator's own password (PUT /api/user/password); other devices are signed out. */
export default function AdminChangePasswordPage() {
  const changePassword = useChangePassword(useSessionStore((state) => state.user?.id ?? ''));
  return (
    <section>
      <AdminPageHeader title="Change password">Your own password. Every other device signed in as you is signed out; this one stays signed in.</AdminPageHeader>
      <ChangePasswordForm onSubmit={async (values) => (await changePassword.mutateAsync(values)).message} />
    </section>
  );
}
