/** Which e-mails a member wants (MemberPreference); a member who never chose gets every one. */
import type { EmailPreferences } from '@shared/contracts/dashboard';

export const defaultPreferences: EmailPreferences = { claimUpdates: true, paymentReminders: true, renewalReminders: true, alertEmails: true };

export const presentPreferences = ({ claimUpdates, paymentReminders, renewalReminders, alertEmails }: EmailPreferences): EmailPreferences => ({ claimUpdates, paymentReminders, renewalReminders, alertEmails });
