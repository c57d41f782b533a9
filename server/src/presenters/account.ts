import type { AccountUser, SessionUser } from '@shared/contracts/accounts';
import { displayName } from '@shared/domain/accounts/display-name';
import { normalisePermissions } from '@shared/domain/accounts/permissions';
import type { Database } from '../db/client';
import { notFound } from '../lib/app-error';

type UserRecord = NonNullable<Awaited<ReturnType<Database['user']['findUnique']>>>;
/** What the session's user is made of: a user row, or the signed-in user loadCurrentUser read for the request. */
export type SessionUserRecord = Pick<UserRecord, 'id' | 'email' | 'firstName' | 'lastName' | 'isAdmin' | 'isBroker'> & { permissions: unknown };
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
    permissions: normalisePermissions(user.permissions),
  };
}

export function toAccountUser(user: UserRecord, referrer: ReferrerRecord): AccountUser {
  return {
    ...toSessionUser(user),
    phone: user.phone,
    address: user.address,
    businessName: user.businessName,
    abn: user.abn,
    allowMarketing: user.allowMarketing,
    emailVerified: user.emailVerifiedAt !== null,
    pendingEmail: user.pendingEmail,
    referredByCode: user.referredByCode,
    referrer: referrer?.isActive ? { code: referrer.code, organisation: referrer.organisation } : null,
    createdAt: user.createdAt.toISOString(),
  };
}

export async function loadAccountUser(db: Database, userId: string): Promise<AccountUser> {
  const user = await db.user.findUnique({ where: { id: userId }, include: { referrer: true } });
  if (!user) throw notFound('That account no longer exists.');
  return toAccountUser(user, user.referrer);
}
