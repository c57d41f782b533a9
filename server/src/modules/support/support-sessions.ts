/**
 * Support sessions start here (startSupportSession) and end here, whoever ends them: the staff member leaving
 * (support.router.ts), the re-check on every request of a session (middleware/auth.ts), and an
 * administrator's change of roles or permissions (admin-accounts.router.ts), which ends at once the
 * open sessions the change no longer allows. The rule is supportSessionStanding of
 * shared/domain/accounts/support-standing.ts; a session's end, its audit entry ('support.exit', with
 * the reason when it was not the holder's choice) and its security event are written together, once.
 */
import type { Request } from 'express';
import type { SupportPermissionLevel } from '@shared/constants';
import { displayName } from '@shared/domain/accounts/display-name';
import { normalisePermissions } from '@shared/domain/accounts/permissions';
import { type SupportCustomer, type SupportSessionEndReason, type SupportStaff, type SupportStanding, supportSessionStanding } from '@shared/domain/accounts/support-standing';
import type { Database, DatabaseWriter } from '../../db/client';
import { auditEntry } from '../../lib/audit-log';
import { recordSecurityEvent } from '../accounts/security-log';

interface OpenSession {
  supportSessionId: string;
  customerId: string;
  startedAt: number;
}

/** The customer as the standing rule reads them, from their row (null when the account is gone). */
export function supportCustomerOf(row: { id: string; isAdmin: boolean; permissions: unknown; lockedAt: Date | null } | null): SupportCustomer | null {
  return row && { id: row.id, isAdmin: row.isAdmin, permissions: normalisePermissions(row.permissions), locked: row.lockedAt !== null };
}

const customerColumns = { id: true, isAdmin: true, permissions: true, lockedAt: true, firstName: true, lastName: true, email: true } as const;

/**
 * The standing of the session `support` now: the rule, with the customer's account read afresh;
 * a session already closed elsewhere (an administrator's change ended its row) stays ended.
 * Answers the customer's name as it now reads, for the sentences.
 */
export async function supportStandingNow(
  db: Database,
  staff: SupportStaff,
  support: OpenSession & { permissionLevel: SupportPermissionLevel; customerName: string },
): Promise<{ standing: SupportStanding; customerName: string }> {
  const [row, customer] = await Promise.all([
    db.supportSession.findUnique({ where: { id: support.supportSessionId }, select: { endedAt: true } }),
    db.user.findUnique({ where: { id: support.customerId }, select: customerColumns }),
  ]);
  const customerName = customer ? displayName(customer) : support.customerName;
  const standing = supportSessionStanding(staff, supportCustomerOf(customer), support.permissionLevel);
  if (standing.status !== 'ended' && (!row || row.endedAt)) return { standing: { status: 'ended', reason: 'session_closed' }, customerName };
  return { standing, customerName };
}

/** A support session of `staff` for the customer, started with its audit entry and security event, or not at all. */
export async function startSupportSession(
  db: Database,
  req: Request,
  staff: { id: string; email: string },
  customer: { id: string; name: string },
  permissionLevel: SupportPermissionLevel,
): Promise<{ id: string; startedAt: Date }> {
  return db.$transaction(async (tx) => {
    const created = await tx.supportSession.create({ data: { adminUserId: staff.id, customerId: customer.id, customerName: customer.name, permissionLevel } });
    await auditEntry(tx, { actorId: staff.id, customerId: customer.id, action: 'support.enter', details: { supportSessionId: created.id, permissionLevel } });
    await recordSecurityEvent(tx, req, 'support_mode_entered', { userId: staff.id, email: staff.email, details: { customerId: customer.id, permissionLevel } });
    return created;
  });
}

/**
 * Ends one support session: its row, the audit entry and the security event, in the caller's
 * transaction. Only the first end of a session writes anything (a second request, or an
 * administrator's change and the holder's next request, may both find it open). Answers whether
 * this call ended it, and how long it lasted.
 */
export async function endSupportSession(
  tx: DatabaseWriter,
  req: Request,
  {
    staff,
    support,
    reason,
    endedBy,
    clientDuration,
  }: {
    staff: { id: string; email: string };
    support: OpenSession;
    /** Why it ended without its holder leaving; undefined when they left. */
    reason?: SupportSessionEndReason;
    /** The administrator whose change ended it. */
    endedBy?: string;
    clientDuration?: number | undefined;
  },
): Promise<{ ended: boolean; sessionDuration: number }> {
  const sessionDuration = Date.now() - support.startedAt;
  const { count } = await tx.supportSession.updateMany({ where: { id: support.supportSessionId, endedAt: null }, data: { endedAt: new Date(), durationMs: sessionDuration } });
  if (count === 0) return { ended: false, sessionDuration };
  const why = { ...(reason ? { reason } : {}), ...(endedBy ? { endedBy } : {}) };
  await auditEntry(tx, {
    actorId: staff.id,
    customerId: support.customerId,
    action: 'support.exit',
    details: { supportSessionId: support.supportSessionId, sessionDuration, clientSessionDuration: clientDuration ?? null, ...why },
  });
  await recordSecurityEvent(tx, req, 'support_mode_exited', { userId: staff.id, email: staff.email, details: { customerId: support.customerId, sessionDuration, ...why } });
  return { ended: true, sessionDuration };
}

/** endSupportSession in a transaction of its own. */
export async function endSupportSessionNow(db: Database, req: Request, options: Parameters<typeof endSupportSession>[2]) {
  return db.$transaction((tx) => endSupportSession(tx, req, options));
}

/**
 * After an administrator changed `userId`'s roles or permissions (in the same transaction): every
 * open support session held by that person, or held for them as the customer, that the rule no
 * longer allows ends now, with the reason and the administrator who made the change. A session
 * held only to looking while the customer is locked is not ended; the holder's next request
 * decides that.
 */
export async function endSupportSessionsNoLongerAllowed(tx: DatabaseWriter, req: Request, userId: string, changedBy: string): Promise<void> {
  const open = await tx.supportSession.findMany({ where: { endedAt: null, OR: [{ adminUserId: userId }, { customerId: userId }] } });
  for (const session of open) {
    const [staff, customer] = await Promise.all([
      tx.user.findUnique({ where: { id: session.adminUserId }, select: { id: true, email: true, isAdmin: true, permissions: true } }),
      tx.user.findUnique({ where: { id: session.customerId }, select: customerColumns }),
    ]);
    const holder = staff ? { id: staff.id, isAdmin: staff.isAdmin, permissions: normalisePermissions(staff.permissions) } : { id: session.adminUserId, isAdmin: false, permissions: [] };
    const standing = supportSessionStanding(holder, supportCustomerOf(customer), session.permissionLevel === 'write' ? 'write' : 'read');
    if (standing.status !== 'ended') continue;
    await endSupportSession(tx, req, {
      staff: { id: session.adminUserId, email: staff?.email ?? '' },
      support: { supportSessionId: session.id, customerId: session.customerId, startedAt: session.startedAt.getTime() },
      reason: standing.reason,
      endedBy: changedBy,
    });
  }
}
