/**
 * Who is calling, and may they? Every endpoint's access becomes one of the guards below (guardFor); the
 * decisions themselves are the shared rules of shared/domain/accounts, so the renderer and the
 * server agree. docs/authorization.md has the route × role table.
 */
import type { Request, RequestHandler } from 'express';
import type { Permission, SupportPermissionLevel } from '@shared/constants';
import { SIGN_IN_ERROR_MESSAGES } from '@shared/contracts/accounts';
import type { EndpointAccess } from '@shared/endpoints/endpoint';
import { normalisePermissions } from '@shared/domain/accounts/permissions';
import { supportSessionEndedMessage, supportSessionLimitMessage } from '@shared/domain/accounts/support-standing';
import { displayName } from '@shared/domain/accounts/display-name';
import type { AppContext } from '../context';
import type { Database } from '../db/client';
import { AppError, unauthorized } from '../lib/app-error';
import { authorize, type Subject, type SupportLimit } from '../policies/authorize';
import { endSupportSessionNow, supportStandingNow } from '../modules/support/support-sessions';
import '../lib/session-types';

export interface AuthUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  name: string;
  isAdmin: boolean;
  isBroker: boolean;
  permissions: Permission[];
  brokerId: string | null;
  /** Set for partner accounts; an inactive referrer is treated as having no referrer role. */
  referrer: { id: string; code: string; organisation: string } | null;
}

export interface SupportContext {
  supportSessionId: string;
  customerId: string;
  customerName: string;
  permissionLevel: SupportPermissionLevel;
  startedAt: number;
}

/** Sessions end after this long however active they are; the idle timeout is 24 hours (docs/behaviour.md §4). */
export const SESSION_ABSOLUTE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Whether a session signed in at `signedInAt` still stands for its account: within its absolute
 * lifetime, and not older than the account's last password change or reset (`sessionsValidFrom`).
 * The one rule for ending a session on its next call and for listing the sessions of an account.
 */
export function sessionStands(signedInAt: number | undefined, sessionsValidFrom: Date | null, now = Date.now()): boolean {
  if (!signedInAt || now - signedInAt > SESSION_ABSOLUTE_LIFETIME_MS) return false;
  return !sessionsValidFrom || signedInAt >= sessionsValidFrom.getTime();
}

const usersByRequest = new WeakMap<Request, AuthUser>();

/** The signed-in user of this request, or undefined for a visitor. */
export function currentUser(req: Request): AuthUser | undefined {
  return usersByRequest.get(req);
}

/** The signed-in user; for handlers behind requireUser or a stricter guard. */
export function signedInUser(req: Request): AuthUser {
  const user = usersByRequest.get(req);
  if (!user) throw unauthorized();
  return user;
}

const supportNowByRequest = new WeakMap<Request, SupportContext>();
const supportLimitsByRequest = new WeakMap<Request, SupportLimit>();

/**
 * The support session the signed-in staff member is in, if any, at the level it holds on this
 * request: a write-level session is held to 'read' while the customer's account is locked.
 */
export function currentSupport(req: Request): SupportContext | undefined {
  const support = usersByRequest.has(req) ? req.session?.support : undefined;
  if (!support) return undefined;
  const now = supportNowByRequest.get(req);
  return now?.supportSessionId === support.supportSessionId ? now : support;
}

/** Why this request's support session ended, or holds less than it was entered at. */
export function currentSupportLimit(req: Request): SupportLimit | undefined {
  return usersByRequest.has(req) ? supportLimitsByRequest.get(req) : undefined;
}

/**
 * A support session holds only what its holder may do now: the staff member's
 * permissions (read above, for this request) and the customer's account are checked against the
 * level chosen at entry on every request of the session. A session that may no longer be held ends
 * here, audited with its reason, and is remembered so that a later refusal of that customer's
 * records still says why; one held to looking is held so for this request only.
 */
async function holdSupportToNow(db: Database, req: Request, user: AuthUser): Promise<void> {
  const support = req.session.support;
  if (!support) {
    const ended = req.session.supportEnded;
    if (ended) supportLimitsByRequest.set(req, { ...ended, code: 'support_session_ended', message: supportSessionEndedMessage(ended.reason, ended.customerName) });
    return;
  }
  const { standing, customerName } = await supportStandingNow(db, user, support);
  const limit = { customerId: support.customerId, supportSessionId: support.supportSessionId };
  if (standing.status === 'ended') {
    await endSupportSessionNow(db, req, { staff: user, support, reason: standing.reason });
    delete req.session.support;
    req.session.supportEnded = { ...limit, customerName, reason: standing.reason };
    supportLimitsByRequest.set(req, { ...limit, code: 'support_session_ended', message: supportSessionEndedMessage(standing.reason, customerName) });
  } else if (standing.status === 'limited') {
    supportNowByRequest.set(req, { ...support, permissionLevel: standing.level });
    supportLimitsByRequest.set(req, { ...limit, code: 'support_customer_locked', message: supportSessionLimitMessage(standing.reason, customerName) });
  }
}

export async function findAuthUser(db: Database, userId: string): Promise<(AuthUser & { sessionsValidFrom: Date | null; lockedAt: Date | null }) | undefined> {
  const record = await db.user.findUnique({ where: { id: userId }, include: { referrer: true } });
  if (!record) return undefined;
  return {
    id: record.id,
    email: record.email,
    firstName: record.firstName,
    lastName: record.lastName,
    name: displayName(record),
    isAdmin: record.isAdmin,
    isBroker: record.isBroker,
    permissions: normalisePermissions(record.permissions),
    brokerId: record.brokerId,
    referrer: record.referrer?.isActive ? { id: record.referrer.id, code: record.referrer.code, organisation: record.referrer.organisation } : null,
    sessionsValidFrom: record.sessionsValidFrom,
    lockedAt: record.lockedAt,
  };
}

/**
 * Runs after express-session on every /api request: reads the user of the session from the
 * database (so role changes apply at once) and ends sessions past their absolute lifetime, of a
 * deleted user, or older than the user's last password change; a support session is held to what
 * its holder may do now.
 */
export function loadCurrentUser({ db }: Pick<AppContext, 'db'>): RequestHandler {
  return async (req, _res, next) => {
    const { userId, signedInAt } = req.session ?? {};
    if (!userId) return next();
    const user = await findAuthUser(db, userId);
    if (!user || !sessionStands(signedInAt, user.sessionsValidFrom) || user.lockedAt) {
      await new Promise<void>((resolve, reject) => req.session.destroy((error) => (error ? reject(error) : resolve())));
      // A session of an account staff locked ends with the reason, once; the next call is a visitor's.
      if (user?.lockedAt) throw new AppError(403, 'account_disabled', SIGN_IN_ERROR_MESSAGES.AccountDisabled);
      return next();
    }
    const { sessionsValidFrom: _validFrom, lockedAt: _lockedAt, ...authUser } = user;
    await holdSupportToNow(db, req, authUser);
    usersByRequest.set(req, authUser);
    next();
  };
}

/** A route guard for a role or permissions, decided by authorize() (policies/authorize.ts). */
function guard(subject: Subject): RequestHandler {
  return (req, _res, next) => {
    const user = currentUser(req);
    const support = currentSupport(req);
    authorize(user && { ...user, support: support ? { customerId: support.customerId, permissionLevel: support.permissionLevel } : null, supportLimit: currentSupportLimit(req) ?? null }, 'use', subject);
    next();
  };
}

/** Any signed-in person. */
const requireUser = guard({ type: 'role', role: 'signedIn' });

/** Administrators only (isAdmin or the admin permission). */
const requireAdmin = guard({ type: 'role', role: 'administrator' });

/** Brokers (for their clients). */
const requireBroker = guard({ type: 'role', role: 'broker' });

/** Partner accounts with an active referrer record. */
const requireReferrer = guard({ type: 'role', role: 'referrer' });

/** Holders of any one of the permissions (administrators hold every permission). */
const requirePermission = (...permissions: Permission[]): RequestHandler => guard({ type: 'permissions', anyOf: permissions });

const ROLE_GUARDS = { signedIn: requireUser, administrator: requireAdmin, broker: requireBroker, referrer: requireReferrer, supportStaff: guard({ type: 'support' }) } as const;

/** The guard an endpoint of the table declares (shared/endpoints); none for 'everyone'. */
export function guardFor(access: EndpointAccess): RequestHandler | undefined {
  if (access === 'everyone') return undefined;
  if (typeof access === 'string') return ROLE_GUARDS[access];
  return requirePermission(...access.anyPermission);
}
