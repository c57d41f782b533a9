/** /dashboard/settings: profile (PUT /api/user), password, e-mail preferences, and the sessions signed in elsewhere. */
import { useState } from 'react';
import { type AccountUser, changePasswordFormSchema, confirmEmailChangeRequestSchema, updateProfileRequestSchema } from '@shared/contracts/accounts';
import { type EmailPreferences, emailPreferencesInputSchema } from '@shared/contracts/dashboard';
import { PASSWORD_RULE_HINT } from '@shared/domain/accounts/password-policy';
import { useConfirmEmailChange } from '../../api/confirm-email-change';
import { useAccount } from '../../api/get-account';
import { useUpdateAccount } from '../../api/update-account';
import { CheckboxField, TextField } from '../../components/ui/form/fields';
import { Form, FormError, useZodForm, SubmitButton } from '../../components/ui/form/form';
import { FormRow } from '../../components/ui/form/form-row';
import { failureMessage } from '../../lib/react-query';
import { useSession } from '../../stores/use-session';
import { useChangePassword } from '../../api/change-password';
import { useEndOtherSessions } from './api/end-other-sessions';
import { useEndSession } from './api/end-session';
import { useEmailPreferences } from './api/get-email-preferences';
import { useSessions } from '../../api/get-sessions';
import { useSaveEmailPreferences } from './api/save-email-preferences';
import { OwnSettingsNote } from './member-scope';
import { ErrorState, LoadingState, PageHeader } from './ui';
import styles from './dashboard.module.css';
import { formatDateTime } from '@shared/format';

function Saved({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p className={`${styles.notice} ${styles.noticeSuccess}`} role="status">
      {message}
    </p>
  );
}

export default function SettingsPage() {
  const viewerId = useSession().user?.id ?? '';
  return (
    <div className={styles.page}>
      <PageHeader title="Settings" intro="Your details, your password, which e-mails you get, and where you are signed in." />
      <OwnSettingsNote />
      <ProfileSection viewerId={viewerId} />
      <PasswordSection viewerId={viewerId} />
      <PreferencesSection viewerId={viewerId} />
      <SessionsSection viewerId={viewerId} />
    </div>
  );
}

function ProfileSection({ viewerId }: { viewerId: string }) {
  const account = useAccount(viewerId);
  const [confirmedEmail, setConfirmedEmail] = useState<string>();
  return (
    <section className={styles.card} aria-labelledby="profile-title">
      <h2 id="profile-title">Profile</h2>
      {account.isPending && <LoadingState label="Loading your details" rows={2} />}
      {account.isError && <ErrorState title="Your details could not be loaded" query={account} />}
      {account.isSuccess && (
        <>
          {/* A new address, once confirmed, is a new form: its field shows the address, not the one it replaced. */}
          <ProfileForm key={account.data.user.email} user={account.data.user} confirmedEmail={confirmedEmail} />
          {account.data.user.pendingEmail && <ConfirmEmailForm pendingEmail={account.data.user.pendingEmail} onConfirmed={setConfirmedEmail} />}
        </>
      )}
    </section>
  );
}

const profileValues = (user: AccountUser) => ({
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  phone: user.phone ?? '',
  address: user.address ?? '',
  businessName: user.businessName ?? '',
  abn: user.abn ?? '',
  allowMarketing: user.allowMarketing,
  currentPassword: '',
});

/** The member's details, checked by the schema PUT /api/user parses with; `confirmedEmail`, an address the code just made the account's. */
function ProfileForm({ user, confirmedEmail }: { user: AccountUser; confirmedEmail: string | undefined }) {
  const form = useZodForm(updateProfileRequestSchema, profileValues(user));
  const updateProfile = useUpdateAccount();
  const changingEmail = (form.watch('email') ?? '').trim().toLowerCase() !== user.email;
  return (
    <Form
      form={form}
      aria-labelledby="profile-title"
      failureMessage="Your details could not be saved. Check your connection and try again."
      onSubmit={async ({ currentPassword, ...changes }) => {
        const saved = await updateProfile.mutateAsync(changingEmail ? { ...changes, currentPassword } : changes);
        form.reset(profileValues(saved.user));
      }}
    >
      <FormRow>
        <TextField name="firstName" label="First name" autoComplete="given-name" />
        <TextField name="lastName" label="Last name" autoComplete="family-name" />
      </FormRow>
      <FormRow>
        <TextField name="email" label="E-mail" type="email" autoComplete="email" hint="A new address takes effect once you enter the code we send to it." />
        <TextField name="phone" label="Phone" type="tel" autoComplete="tel" />
      </FormRow>
      <FormRow>
        <TextField name="businessName" label="Business name" autoComplete="organization" />
        <TextField name="abn" label="ABN" inputMode="numeric" />
      </FormRow>
      {changingEmail && (
        <TextField
          name="currentPassword"
          label="Current password"
          type="password"
          autoComplete="current-password"
          hint="Needed to change your e-mail address. We also tell your current address about the change."
        />
      )}
      <TextField name="address" label="Postal address" autoComplete="street-address" />
      <CheckboxField name="allowMarketing" label="Send me news from the mutual (season outlooks, member meetings)" />
      <FormError />
      <Saved
        message={
          form.formState.isDirty
            ? undefined
            : updateProfile.isSuccess
              ? (updateProfile.data.message ?? 'Your details are saved.')
              : confirmedEmail === user.email
                ? `Your e-mail address is now ${user.email}.`
                : undefined
        }
      />
      <div>
        <SubmitButton label="Save details" busy="Saving…" />
      </div>
    </Form>
  );
}

function ConfirmEmailForm({ pendingEmail, onConfirmed }: { pendingEmail: string; onConfirmed: (email: string) => void }) {
  const form = useZodForm(confirmEmailChangeRequestSchema, { code: '' });
  const confirmEmail = useConfirmEmailChange();
  return (
    <Form form={form} className={styles.separated} aria-label="Confirm your new e-mail address" onSubmit={async (input) => onConfirmed((await confirmEmail.mutateAsync(input)).user.email)}>
      <TextField name="code" label={`Code sent to ${pendingEmail}`} inputMode="numeric" autoComplete="one-time-code" />
      <FormError />
      <div>
        <button type="submit" className="button" disabled={form.formState.isSubmitting}>
          Confirm new e-mail
        </button>
      </div>
    </Form>
  );
}

const noPasswords = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Current password, the new one twice (changePasswordFormSchema); only the request's two fields are sent. */
export function PasswordForm({ viewerId }: { viewerId: string }) {
  const form = useZodForm(changePasswordFormSchema, noPasswords);
  const changePassword = useChangePassword(viewerId);
  return (
    <Form
      form={form}
      aria-labelledby="password-title"
      failureMessage="Your password could not be changed. Check your connection and try again."
      onSubmit={async ({ currentPassword, newPassword }) => {
        await changePassword.mutateAsync({ currentPassword, newPassword });
        form.reset(noPasswords);
      }}
    >
      <FormRow>
        <TextField name="currentPassword" label="Current password" type="password" autoComplete="current-password" />
        <TextField name="newPassword" label="New password" type="password" autoComplete="new-password" hint={PASSWORD_RULE_HINT} />
        <TextField name="confirmPassword" label="New password again" type="password" autoComplete="new-password" />
      </FormRow>
      <p className={`${styles.hint} ${styles.small}`}>Changing your password signs you out on every other device.</p>
      <FormError />
      <Saved message={changePassword.isSuccess && !form.formState.isDirty ? (changePassword.data.message ?? 'Your password has been changed.') : undefined} />
      <div>
        <SubmitButton label="Change password" busy="Changing…" />
      </div>
    </Form>
  );
}

function PasswordSection({ viewerId }: { viewerId: string }) {
  return (
    <section className={styles.card} aria-labelledby="password-title">
      <h2 id="password-title">Password</h2>
      <PasswordForm viewerId={viewerId} />
    </section>
  );
}

const preferenceLabels: Record<keyof EmailPreferences, { label: string; hint: string }> = {
  claimUpdates: { label: 'Claim updates', hint: 'When a claim changes status or the claims team writes to you.' },
  paymentReminders: { label: 'Payment reminders', hint: 'A week before an invoice or instalment is due.' },
  renewalReminders: { label: 'Renewal reminders', hint: 'When next season’s protection opens.' },
  alertEmails: { label: 'Storm and fire alerts', hint: 'When a Bureau of Meteorology warning or a DFES fire covers your paddocks.' },
};

function PreferencesSection({ viewerId }: { viewerId: string }) {
  const preferences = useEmailPreferences(viewerId);
  return (
    <section className={styles.card} aria-labelledby="preferences-title">
      <h2 id="preferences-title">E-mail preferences</h2>
      <p className={styles.muted}>Receipts, invoices and security notices are always sent.</p>
      {preferences.isPending && <LoadingState label="Loading preferences" rows={1} />}
      {preferences.isError && <ErrorState title="Preferences could not be loaded" query={preferences} />}
      {preferences.isSuccess && <PreferencesForm preferences={preferences.data.preferences} viewerId={viewerId} />}
    </section>
  );
}

function PreferencesForm({ preferences, viewerId }: { preferences: EmailPreferences; viewerId: string }) {
  const form = useZodForm(emailPreferencesInputSchema, preferences);
  const savePreferences = useSaveEmailPreferences(viewerId);
  return (
    <Form
      form={form}
      aria-labelledby="preferences-title"
      failureMessage="Your preferences could not be saved. Check your connection and try again."
      onSubmit={async (changes) => {
        const saved = await savePreferences.mutateAsync(changes);
        form.reset(saved.preferences);
      }}
    >
      {(Object.keys(preferenceLabels) as Array<keyof EmailPreferences>).map((key) => (
        <CheckboxField key={key} name={key} label={<strong>{preferenceLabels[key].label}</strong>} hint={preferenceLabels[key].hint} />
      ))}
      <FormError />
      <Saved message={savePreferences.isSuccess && !form.formState.isDirty ? 'Your e-mail preferences are saved.' : undefined} />
      <div>
        <button type="submit" className="button" disabled={form.formState.isSubmitting || !form.formState.isDirty}>
          {form.formState.isSubmitting ? 'Saving…' : 'Save preferences'}
        </button>
      </div>
    </Form>
  );
}

function SessionsSection({ viewerId }: { viewerId: string }) {
  const sessions = useSessions(viewerId);
  const endSession = useEndSession(viewerId);
  const endOthers = useEndOtherSessions(viewerId);
  const failed = [endSession, endOthers].find((mutation) => mutation.isError);
  const others = sessions.data?.sessions.filter((s) => !s.current) ?? [];
  return (
    <section className={styles.card} aria-labelledby="sessions-title">
      <div className={styles.cardHeader}>
        <h2 id="sessions-title">Where you are signed in</h2>
        {others.length > 1 && (
          <button type="button" className="button" onClick={() => endOthers.mutate()} disabled={endOthers.isPending}>
            Sign out everywhere else
          </button>
        )}
      </div>
      {sessions.isPending && <LoadingState label="Loading sessions" rows={1} />}
      {sessions.isError && <ErrorState title="Sessions could not be loaded" query={sessions} />}
      {sessions.isSuccess && (
        <ul className={styles.list} data-testid="sessions-list">
          {sessions.data.sessions.map((session) => (
            <li key={session.id} className={styles.listItem}>
              <span>
                <strong>{session.current ? 'This device' : 'Another device or browser'}</strong>
                <br />
                <span className={`${styles.muted} ${styles.small}`}>
                  {session.signedInAt ? `Signed in ${formatDateTime(session.signedInAt)}` : 'Signed in'}
                  {session.lastActiveAt ? ` · last active ${formatDateTime(session.lastActiveAt)}` : ''}
                </span>
              </span>
              {!session.current && (
                <button type="button" className="button" onClick={() => endSession.mutate(session.id)} disabled={endSession.isPending}>
                  Sign out
                </button>
              )}
            </li>
          ))}
          {others.length === 0 && <li className={styles.muted}>You are not signed in anywhere else.</li>}
        </ul>
      )}
      {failed && (
        <p className={`${styles.notice} ${styles.noticeError}`} role="alert">
          {failureMessage(failed.error, 'The session could not be ended. Check your connection and try again.')}
        </p>
      )}
    </section>
  );
}
