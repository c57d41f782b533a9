/** Reading e-mails as the tests receive them: from the outbox or the test SMTP server, quoted-printable. */

/** The text of an e-mail as sent: soft line breaks undone and `=XX` escapes decoded. */
export const decodeQuotedPrintable = (text: string) => text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The 6-digit code a sign-up or change-of-address e-mail brings (its decoded text), if it brings one. */
export const verificationCodeIn = (text: string): string | undefined => /code (?:to verify this e-mail address )?is (\d{6})/.exec(text)?.[1];

/** The reset link a password-reset or referrer's welcome e-mail brings (its decoded text), if it brings one. */
export const resetLinkIn = (text: string): string | undefined => /(https?:\/\/\S+\/auth\/reset-password\?token=[\w-]+)/.exec(text)?.[1];
