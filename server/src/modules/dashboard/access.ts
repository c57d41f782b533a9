/**
 * Object-level authorization for the dashboard (issue 7), on the shared rule of
 * shared/domain/accounts/record-access.ts: the member, their broker of record, an administrator
 * (read), and staff in support mode for that member. A record the caller may not see answers 404 so
 * ids reveal nothing; a member named in ?memberId= whom the caller may not act for answers 403.
 */
import type { Request } from 'express';
import { canAccessRecord, type RecordAccess, type RecordActor, type RecordOwner } from '@shared/domain/accounts/record-access';
import { quoteActor } from '@shared/domain/quote/draft-access';
import type { Database } from '../../db/client';
import { forbidden, notFound, unauthorized } from '../../lib/app-error';
import { currentSupport, currentUser } from '../../middleware/auth';
import { auditBrokerChange } from '../quotes/broker-audit';

export function actorOf(req: Request): RecordActor {
  const user = currentUser(req);
  if (!user) throw unauthorized();
  const support = currentSupport(req);
  return { ...user, support: support ? { customerId: support.customerId, permissionLevel: support.permissionLevel } : null };
}

/** A broker of record changing a client's records is audited (support mode has its own trail). */
async function auditIfBroker(db: Database, req: Request, actor: RecordActor, owner: RecordOwner, access: RecordAccess): Promise<void> {
  if (access !== 'write' || quoteActor(actor, owner) !== 'broker' || !req.res) return;
  await auditBrokerChange(db, req, req.res, owner.id, (error) => req.log.error({ err: error }, 'broker audit entry could not be completed'));
}

async function ownerOf(db: Database, ownerId: string) {
  return db.user.findUnique({ where: { id: ownerId }, select: { id: true, brokerId: true, firstName: true, lastName: true, email: true } });
}

/** The member whose records a list or a new record concerns: ?memberId= or the caller. */
export async function memberInScope(db: Database, req: Request, memberId: string | undefined, access: RecordAccess) {
  const actor = actorOf(req);
  const id = memberId ?? actor.id;
  const owner = await ownerOf(db, id);
  if (!owner) throw notFound('That member does not exist.');
  if (!canAccessRecord(actor, owner, access)) {
    throw forbidden(access === 'write' ? 'You cannot change records of this member.' : 'You cannot see records of this member.');
  }
  await auditIfBroker(db, req, actor, owner, access);
  return owner;
}

/** For a record that exists and belongs to ownerId: 404 when the caller may not see it, 403 when they may only look. */
export async function assertVisible(db: Database, req: Request, ownerId: string, access: RecordAccess, notFoundMessage: string): Promise<void> {
  const actor = actorOf(req);
  if (actor.id === ownerId) return;
  const owner = await ownerOf(db, ownerId);
  if (!owner || !canAccessRecord(actor, owner, 'read')) throw notFound(notFoundMessage);
  if (access === 'write' && !canAccessRecord(actor, owner, 'write')) throw forbidden('You can look at this record but not change it.');
  await auditIfBroker(db, req, actor, owner, access);
}
