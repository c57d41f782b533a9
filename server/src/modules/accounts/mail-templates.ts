import { email } from '../../lib/email-layout';

/** Paragraphs and an optional action link, through the one e-mail layout. */
function message(to: string, subject: string, paragraphs: string[], action?: { label: string; url: string }) {
  return email({ to, subject, blocks: [...paragraphs.map((paragraph) => ({ paragraph })), ...(action ? [{ action }] : [])] });
}

export function verificationCodeEmail({ to, firstName, code, validMinutes }: { to: string; firstName: string; code: string; validMinutes: number }) {
  // Codes stay out of subjects: subjects are logged and shown on locked phone screens.
  return message(to, 'Your Grain Growers Mutual verification code', [
    `Hello ${firstName},`,
    `Your code to verify this e-mail address is ${code}.`,
    `Enter it in the quote form within ${validMinutes} minutes. If you did not ask for it, you can ignore this e-mail.`,
  ]);
}

export function emailChangeCodeEmail({ to, firstName, code, validMinutes }: { to: string; firstName: string; code: string; validMinutes: number }) {
  return message(to, 'Confirm your new e-mail address', [
    `Hello ${firstName},`,
    `You asked to use this address for your Grain Growers Mutual account. Your code is ${code}.`,
    `Enter it in your account settings within ${validMinutes} minutes. Until then your account keeps its current address.`,
  ]);
}

export function passwordResetEmail({ to, firstName, url, validMinutes }: { to: string; firstName: string; url: string; validMinutes: number }) {
  return message(
    to,
    'Reset your Grain Growers Mutual password',
    [
      `Hello ${firstName},`,
      `Someone asked to reset the password of your account. The link below works once, within ${validMinutes} minutes.`,
      'If it was not you, ignore this e-mail: your password stays as it is.',
    ],
    { label: 'Choose a new password', url },
  );
}

export function referrerWelcomeEmail({ to, firstName, organisation, code, url, validFor }: { to: string; firstName: string; organisation: string; code: string; url: string; validFor: string }) {
  return message(
    to,
    'Your Grain Growers Mutual referrer account',
    [
      `Hello ${firstName},`,
      `A referrer account has been set up for you at ${organisation}. Your referrer code is ${code}; growers who arrive through your link are shown to you as leads.`,
      `Choose your password with the link below (it works once, within ${validFor}), then sign in on the Referrer Login page.`,
    ],
    { label: 'Choose your password', url },
  );
}

/** Registration asked for an address that has an account: the owner is told, the asker learns nothing. */
export function alreadyRegisteredEmail({ to, firstName, signInUrl, resetUrl }: { to: string; firstName: string; signInUrl: string; resetUrl: string }) {
  return message(
    to,
    'You already have a Grain Growers Mutual account',
    [
      `Hello ${firstName},`,
      'Someone, perhaps you, asked to register this e-mail address with Grain Growers Mutual. It already belongs to your account, so no new account was made and no code was sent.',
      `To carry on, sign in. If you have forgotten your password, choose a new one here: ${resetUrl}`,
      'If it was not you, you can ignore this e-mail: nothing about your account has changed.',
    ],
    { label: 'Sign in', url: signInUrl },
  );
}

/** The account's current address is told when someone asks to move the account to another address. */
export function emailChangeNoticeEmail({ to, firstName, newEmail, validMinutes, staffEmail }: { to: string; firstName: string; newEmail: string; validMinutes: number; staffEmail: string }) {
  return message(to, 'Your Grain Growers Mutual e-mail address is being changed', [
    `Hello ${firstName},`,
    `Your account asked to use ${newEmail} instead of this address. The change takes effect once the code sent to ${newEmail} is entered, within ${validMinutes} minutes; from then on our e-mails, and password resets, go there.`,
    `If this was not you, change your password straight away (that signs out every other device and stops the change), and tell us at ${staffEmail}.`,
  ]);
}

/** Another account asked to move to an address that already has one: its owner is told, the asker learns nothing. */
export function addressInUseEmail({ to, firstName, signInUrl, staffEmail }: { to: string; firstName: string; signInUrl: string; staffEmail: string }) {
  return message(
    to,
    'Someone tried to use your e-mail address',
    [
      `Hello ${firstName},`,
      'Someone signed in to another Grain Growers Mutual account asked to use this e-mail address for it. The address belongs to your account, so nothing was changed and no code was sent.',
      `If it was you, sign in to this account with this address. If it was not, you need do nothing; tell us at ${staffEmail} if it happens again.`,
    ],
    { label: 'Sign in', url: signInUrl },
  );
}
