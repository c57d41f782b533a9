import type { SupportPermissionLevel } from '@shared/constants';
import type { AccountUser, AuthSessionResponse, SessionUser } from '@shared/contracts/accounts';
import { displayName } from '@shared/domain/accounts/display-name';
import { normalisePermissions } from '@shared/domain/accounts/permissions';
import type { Database } from '../db/client';
import { notFound } from '../lib/app-error';

type UserRecord = NonNullable<Awaited<ReturnType<Database['user']['findUnique']>>>;
/**
 * What the session's user is made of: a user row, or the signed-in user loadCurrentUser read for the
 * request; `referrer` is their partner role while it is active, or null.
 */
export type SessionUserRecord = Pick<UserRecord, 'id' | 'email' | 'firstName' | 'lastName' | 'isAdmin' | 'isBroker'> & { permissions: unknown; referrer: object | null };
type ReferrerRecord = { code: string; organisation: string; isActive: boolean } | null;

export function toSessionUser(user: SessionUserRecord): SessionUser {
  return {
    id: user.id,
    email: user.email,
    name: displayName(user),
    firstName: user.firstName,
    lastName: user.lastName,
    isAdmin: user.isAdmin,
    isBroker: user.isBroker,
    isReferrer: user.referrer !== null,
    permissions: normalisePermissions(user.permissions),
  };
}

/** The support session a staff member holds, as the session answer needs it. */
interface HeldSupport {
  customerId: string;
  customerName: string;
  permissionLevel: SupportPermissionLevel;
  startedAt: number;
}

/**
 * The session answer (next-auth's shape) for a signed-in user: the user with when the session ends and, for
 * staff in support mode, whose records they act on and at what level.
 */
export function presentAuthSession(user: SessionUserRecord, expires: Date, support: HeldSupport | undefined): AuthSessionResponse {
  const session = { user: toSessionUser(user), expires: expires.toISOString() };
  if (!support) return session;
  const { customerId, customerName, permissionLevel, startedAt } = support;
  return { ...session, supportMode: { isActive: true as const, customerId, customerName, permissionLevel, adminUserId: user.id, sessionStartTime: startedAt } };
}

export function toAccountUser(user: UserRecord, referrer: ReferrerRecord): AccountUser {
  const activeReferrer = referrer?.isActive ? referrer : null;
  return {
    ...toSessionUser({ ...user, referrer: activeReferrer }),
    phone: user.phone,
    address: user.address,
    businessName: user.businessName,
    abn: user.abn,
    allowMarketing: user.allowMarketing,
    emailVerified: user.emailVerifiedAt !== null,
    pendingEmail: user.pendingEmail,
    referredByCode: user.referredByCode,
    referrer: activeReferrer ? { code: activeReferrer.code, organisation: activeReferrer.organisation } : null,
    createdAt: user.createdAt.toISOString(),
  };
}

export async function loadAccountUser(db: Database, userId: string): Promise<AccountUser> {
  const user = await db.user.findUnique({ where: { id: userId }, include: { referrer: true } });
  if (!user) throw notFound('That account no longer exists.');
  return toAccountUser(user, user.referrer);
}
