/**
 * Zod schemas of the sign-in service and the account calls (docs/behaviour.md §7 'Sign-in service',
 * 'Account calls'), registration with e-mail verification, password reset and the referrer's leads.
 */
import { z } from 'zod';
import { PERMISSIONS } from '../constants';
import { sessionSupportModeSchema } from './support';
import { pageParam, pageSizeParam } from './paging';
import { calendarDay, emailAddress, instantText } from './fields';

/** ASVS 5 (V6.2) password lengths, counted in Unicode code points (shared/domain/accounts/password-policy.ts). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_SUGGESTED_LENGTH = 15;
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordProblem = 'too_short' | 'too_long' | 'common';

export const PASSWORD_PROBLEM_MESSAGES: Record<PasswordProblem, string> = {
  too_short: `Use at least ${PASSWORD_MIN_LENGTH} characters; a passphrase of ${PASSWORD_SUGGESTED_LENGTH} or more is best.`,
  too_long: `Use at most ${PASSWORD_MAX_LENGTH} characters.`,
  common: 'That password is on a list of commonly used passwords. Please choose another, such as a few unrelated words.',
};

export const permissionSchema = z.enum(PERMISSIONS);

const emailSchema = emailAddress({ required: 'Enter your e-mail address.', invalid: 'Enter a valid e-mail address, like name@example.com.' });
const personNameSchema = (label: string) => z.string().trim().min(1, `${label} is required.`).max(100, `${label} can be at most 100 characters.`);
/** A new password: length only here; the common-password list is checked on the server. */
export const newPasswordSchema = z
  .string()
  .refine((password) => [...password].length >= PASSWORD_MIN_LENGTH, PASSWORD_PROBLEM_MESSAGES.too_short)
  .refine((password) => [...password].length <= PASSWORD_MAX_LENGTH, PASSWORD_PROBLEM_MESSAGES.too_long);
/** A password being checked, not chosen: any non-empty string up to a bound that stops abuse. */
const enteredPasswordSchema = z.string().min(1, 'Enter your password.').max(1024, 'That password is too long.');
const phoneSchema = z
  .string()
  .trim()
  .regex(/^\+?[\d\s()-]{8,20}$/, 'Enter a phone number of 8 to 20 digits, like 0412 345 678 or +61 8 9123 4567.');
const abnSchema = z
  .string()
  .trim()
  .transform((abn) => abn.replace(/\s+/g, ''))
  .refine((abn) => abn === '' || /^\d{11}$/.test(abn), 'An ABN has 11 digits.');
const optionalText = (max: number, label: string) => z.string().trim().max(max, `${label} can be at most ${max} characters.`);
export const verificationCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'The code has 6 digits.');
/**
 * The cookie the server keeps a referral link's code in as it answers the page (with the `__Host-`
 * prefix behind HTTPS), so a link followed before the app's code has arrived keeps it too.
 */
export const REFERRAL_CODE_COOKIE = 'grain.ref';

export const referrerCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9-]{3,32}$/, 'A referrer code has 3 to 32 letters, digits or dashes.')
  .transform((code) => code.toUpperCase());

/** The signed-in user as the session call and the shell see it (docs/behaviour.md §7 'Sign-in service'). */
export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  isAdmin: z.boolean(),
  isBroker: z.boolean(),
  /** A referrer partner (an active referrer account): the dashboard offers them their referrals. */
  isReferrer: z.boolean(),
  permissions: z.array(permissionSchema),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** GET /api/auth/session: `{}` when signed out; `supportMode` only while the caller is in support mode. */
export const authSessionResponseSchema = z.union([
  z.object({ user: sessionUserSchema, expires: z.string(), supportMode: sessionSupportModeSchema.optional() }),
  z.object({ user: z.undefined().optional() }).strict(),
]);
export type AuthSessionResponse = z.infer<typeof authSessionResponseSchema>;

export const csrfResponseSchema = z.object({ csrfToken: z.string() });

export const PROVIDER_IDS = ['credentials', 'referrer'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];
export const providerSchema = z.object({
  id: z.enum(PROVIDER_IDS),
  name: z.string(),
  type: z.literal('credentials'),
  signinUrl: z.string(),
  callbackUrl: z.string(),
});
export const providersResponseSchema = z.record(z.string(), providerSchema);

/** The form fields of POST /api/auth/signin/{provider} and /api/auth/callback/{provider}. */
export const providerSignInFormSchema = z.object({
  csrfToken: z.string().optional(),
  callbackUrl: z.string().optional(),
  json: z.string().optional(),
  email: z.string().optional(),
  password: z.string().optional(),
});
export const redirectUrlResponseSchema = z.object({ url: z.string() });

/** Error codes the sign-in pages put in `?error=` and show in words. */
export const SIGN_IN_ERROR_MESSAGES = {
  CredentialsSignin: 'The e-mail address or password is not right. Check them and try again.',
  AccountLocked: 'Too many failed attempts for this account. Wait a few minutes, or reset your password.',
  TooManyRequests: 'Too many sign-in attempts from here. Wait a few minutes and try again.',
  SessionRequired: 'Please sign in to see that page.',
  NotReferrer: 'That account is not a referrer account. Members sign in on the main sign-in page.',
  AccountDisabled: 'This account has been locked by the mutual’s staff. Call the office to have it unlocked.',
  Signin: 'Sign-in did not complete. Please try again.',
  Callback: 'Sign-in did not complete. Please try again.',
  Configuration: 'Sign-in is not available at the moment because of a problem with the server setup.',
  MissingProvider: 'That sign-in form did not say which sign-in it was for. Start again from the sign-in page.',
  AccessDenied: 'You do not have permission to sign in.',
  Verification: 'That sign-in link is no longer valid. It may have been used already or expired.',
  csrf: 'Your sign-in form expired. Please try again.',
  Default: 'Sign-in did not work. Please try again.',
} as const;
export type SignInErrorCode = keyof typeof SIGN_IN_ERROR_MESSAGES;
export function signInErrorMessage(code: string | null | undefined): string | undefined {
  if (!code) return undefined;
  return code in SIGN_IN_ERROR_MESSAGES ? SIGN_IN_ERROR_MESSAGES[code as SignInErrorCode] : SIGN_IN_ERROR_MESSAGES.Default;
}

/** The member's own record, as GET /api/user and the account calls answer it. */
export const accountUserSchema = sessionUserSchema.extend({
  phone: z.string().nullable(),
  address: z.string().nullable(),
  businessName: z.string().nullable(),
  abn: z.string().nullable(),
  allowMarketing: z.boolean(),
  emailVerified: z.boolean(),
  /** A changed address that waits for its code before it takes effect. */
  pendingEmail: z.string().nullable(),
  referredByCode: z.string().nullable(),
  /** Present for partner accounts that sign in at /auth/referrer-signin. */
  referrer: z.object({ code: z.string(), organisation: z.string() }).nullable(),
  createdAt: z.string(),
});
export type AccountUser = z.infer<typeof accountUserSchema>;

export const signInRequestSchema = z.object({ email: emailSchema, password: enteredPasswordSchema });
export type SignInRequest = z.infer<typeof signInRequestSchema>;
/** `sessionId` is a public reference to the session for logs and error reports, never the cookie value. */
export const signInResponseSchema = z.object({ success: z.literal(true), user: accountUserSchema, sessionId: z.string() });
export type SignInResponse = z.infer<typeof signInResponseSchema>;
export const userResponseSchema = z.object({ success: z.literal(true), user: accountUserSchema });
export type UserResponse = z.infer<typeof userResponseSchema>;
/** PUT /api/user: the saved account; `message` when a new e-mail address waits for its code. */
export const updateAccountResponseSchema = userResponseSchema.extend({ message: z.string().optional() });
export const signOutRequestSchema = z.object({ csrfToken: z.string().optional(), callbackUrl: z.string().optional(), json: z.string().optional() });
export const signOutResponseSchema = z.object({ success: z.literal(true), url: z.string() });
export const successResponseSchema = z.object({ success: z.literal(true), message: z.string().optional() });
export type SuccessResponse = z.infer<typeof successResponseSchema>;
/**
 * POST /api/auth/password-reset/confirm: the new password is saved, and where this account signs in
 * with it: a referrer partner's own page (the welcome e-mail sends them there), everyone else's.
 */
export const passwordResetResponseSchema = successResponseSchema.extend({ signInPath: z.enum(['/auth/signin', '/auth/referrer-signin']) });
export type PasswordResetResponse = z.infer<typeof passwordResetResponseSchema>;

/** POST /api/auth/session: the session update; `data` may change the visible names. */
export const sessionUpdateRequestSchema = z.object({
  csrfToken: z.string().optional(),
  data: z
    .object({ firstName: personNameSchema('First name').optional(), lastName: personNameSchema('Last name').optional() })
    .strict()
    .optional(),
});

export const updateProfileRequestSchema = z
  .object({
    firstName: personNameSchema('First name'),
    lastName: personNameSchema('Last name'),
    email: emailSchema,
    phone: phoneSchema.or(z.literal('')),
    address: optionalText(300, 'Address'),
    businessName: optionalText(200, 'Business name'),
    abn: abnSchema,
    allowMarketing: z.boolean(),
    /** Needed, and checked, only when `email` changes the address; empty counts as not given. */
    currentPassword: z.string().max(1024, 'That password is too long.'),
  })
  .partial()
  .strict();
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;
export const confirmEmailChangeRequestSchema = z.object({ code: verificationCodeSchema });
export const changePasswordRequestSchema = z.object({ currentPassword: enteredPasswordSchema, newPassword: newPasswordSchema });
/** The change-password form: the request, with the new password typed twice (only the request is sent). */
export const changePasswordFormSchema = changePasswordRequestSchema
  .extend({ confirmPassword: z.string() })
  .refine(({ newPassword, confirmPassword }) => newPassword === confirmPassword, { message: 'The two new passwords are not the same.', path: ['confirmPassword'] });

export const emailVerificationSendRequestSchema = z.object({
  email: emailSchema,
  firstName: personNameSchema('First name'),
  lastName: personNameSchema('Last name'),
});
export const emailVerificationSendResponseSchema = z.object({ success: z.literal(true), message: z.string(), expiresInSeconds: z.number() });
export const emailVerificationVerifyRequestSchema = z.object({ email: emailSchema, code: verificationCodeSchema });
export const emailVerificationVerifyResponseSchema = z.object({ success: z.literal(true), verificationToken: z.string() });

export const registerRequestSchema = z.object({
  firstName: personNameSchema('First name'),
  lastName: personNameSchema('Last name'),
  email: emailSchema,
  phone: phoneSchema,
  businessName: optionalText(200, 'Business name').optional(),
  abn: abnSchema.optional(),
  password: newPasswordSchema,
  verificationToken: z.string().min(1, 'Verify your e-mail address first.').max(200),
  referrerCode: referrerCodeSchema.or(z.literal('')).optional(),
  allowMarketing: z.boolean().optional(),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const passwordResetRequestSchema = z.object({ email: emailSchema });
export const passwordResetConfirmSchema = z.object({ token: z.string().min(1, 'The reset link is incomplete.').max(200), password: newPasswordSchema });

/** The code stated when an address is already registered, so forms can offer sign-in. */
export const EMAIL_ALREADY_REGISTERED = 'email_registered';

/** What a referrer sees of a grower they referred: progress, not contact details (docs/security.md). */
export const referralLeadSchema = z.object({
  id: z.string(),
  name: z.string(),
  businessName: z.string().nullable(),
  registeredAt: z.string(),
  quoteStage: z.enum(['registered', 'quote_started', 'quote_completed']),
  lastQuoteStep: z.string().nullable(),
  lastActivityAt: z.string(),
});
export type ReferralLead = z.infer<typeof referralLeadSchema>;
export const referralLeadsResponseSchema = z.object({
  success: z.literal(true),
  referrer: z.object({ code: z.string(), organisation: z.string(), referralLink: z.string() }),
  summary: z.object({ registered: z.number(), quoteStarted: z.number(), quoteCompleted: z.number() }),
  leads: z.array(referralLeadSchema),
});
export type ReferralLeadsResponse = z.infer<typeof referralLeadsResponseSchema>;

export const SECURITY_EVENT_TYPES = [
  'sign_in_success',
  'sign_in_failure',
  'account_locked',
  'sign_out',
  'registration',
  'password_changed',
  'password_reset_requested',
  'password_reset',
  'email_changed',
  'role_changed',
  'support_mode_entered',
  'support_mode_exited',
  'account_locked_by_staff',
  'account_unlocked_by_staff',
] as const;
export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];
export const securityEventSchema = z.object({
  id: z.string(),
  type: z.enum(SECURITY_EVENT_TYPES),
  userId: z.string().nullable(),
  email: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;
/** Paging of the admin lists: page from 1, newest first. */
const pagingQuerySchema = z.object({
  page: pageParam,
  pageSize: pageSizeParam(25),
});
const pagedResponseSchema = z.object({ total: z.number(), page: z.number(), pageSize: z.number() });
const searchTextSchema = z.string().trim().max(100, 'Search for at most 100 characters.');

/** GET /api/admin/security-logs: filters by type, e-mail (part of it), user id and time range. */
export const securityEventsQuerySchema = pagingQuerySchema
  .extend({
    type: z.enum(SECURITY_EVENT_TYPES).optional(),
    email: searchTextSchema.toLowerCase().optional(),
    userId: z.string().trim().max(100).optional(),
    from: instantText('from is a date and time like 2025-05-01T00:00:00Z.').optional(),
    to: instantText('to is a date and time like 2025-05-31T00:00:00Z.').optional(),
  })
  .refine(({ from, to }) => !from || !to || Date.parse(from) <= Date.parse(to), { message: 'The start of the range is after its end.', path: ['from'] });
/** The security log's filter form: calendar days (the page asks for the whole of each day), empty for no filter. */
const filterDaySchema = z.union([z.literal(''), calendarDay('Enter a day like 2025-05-01.')]);
export const securityLogFilterFormSchema = z
  .object({ type: z.union([z.literal(''), z.enum(SECURITY_EVENT_TYPES)]), email: searchTextSchema, userId: z.string().trim().max(100), from: filterDaySchema, to: filterDaySchema })
  .refine(({ from, to }) => !from || !to || from <= to, { message: 'The "From" day is after the "To" day.', path: ['from'] });
export const securityEventsResponseSchema = pagedResponseSchema.extend({ success: z.literal(true), events: z.array(securityEventSchema) });

/** GET /api/admin/users: every account with its roles, for the user-management page. */
export const adminUsersQuerySchema = pagingQuerySchema.extend({
  search: searchTextSchema.optional(),
  /** Only brokers: the choices of a client's broker of record. */
  role: z.enum(['broker']).optional(),
});
export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  businessName: z.string().nullable(),
  isAdmin: z.boolean(),
  isBroker: z.boolean(),
  permissions: z.array(permissionSchema),
  broker: z.object({ id: z.string(), name: z.string() }).nullable(),
  referrerCode: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUsersResponseSchema = pagedResponseSchema.extend({ success: z.literal(true), users: z.array(adminUserSchema) });

/** GET /api/admin/members: growers (not referrer partner accounts), searched by name, e-mail or business. */
export const membersQuerySchema = pagingQuerySchema.extend({ search: searchTextSchema.optional() });
export const memberSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  businessName: z.string().nullable(),
  createdAt: z.string(),
});
export type MemberSummary = z.infer<typeof memberSummarySchema>;
export const membersResponseSchema = pagedResponseSchema.extend({ success: z.literal(true), members: z.array(memberSummarySchema) });

/** The provider in next-auth's addresses (/api/auth/signin/:provider): any name parses, since next-auth answers an unknown one by sending the person to sign-in, not with an error. */
export const providerParamsSchema = z.object({ provider: z.string().max(60) });

/** The address of PUT /api/admin/users/:id/roles. */
export const userParamsSchema = z.object({ id: z.string().trim().min(1).max(100, { error: 'A user id has at most 100 characters' }) });

/** PUT /api/admin/users/{id}/roles: an administrator changes someone's roles (logged). */
export const roleChangeRequestSchema = z
  .object({
    isAdmin: z.boolean(),
    isBroker: z.boolean(),
    permissions: z.array(permissionSchema),
    /** The broker of record for a client, or null for none. */
    brokerId: z.string().nullable(),
  })
  .partial()
  .strict();
export type RoleChangeRequest = z.infer<typeof roleChangeRequestSchema>;

/** POST /api/admin/referrers: a partner account; they choose a password through the e-mailed link. */
export const createReferrerRequestSchema = z.object({
  email: emailSchema,
  firstName: personNameSchema('First name'),
  lastName: personNameSchema('Last name'),
  organisation: personNameSchema('Organisation'),
  code: referrerCodeSchema,
});
export type CreateReferrerRequest = z.infer<typeof createReferrerRequestSchema>;
export const referrerSummarySchema = z.object({
  id: z.string(),
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  organisation: z.string(),
  code: z.string(),
  isActive: z.boolean(),
  leadCount: z.number(),
  createdAt: z.string(),
});
export const referrersResponseSchema = z.object({ success: z.literal(true), referrers: z.array(referrerSummarySchema) });
export const createReferrerResponseSchema = z.object({
  success: z.literal(true),
  referrer: z.object({ id: z.string(), userId: z.string(), code: z.string(), organisation: z.string() }),
});
