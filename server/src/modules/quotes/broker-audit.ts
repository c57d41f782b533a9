/**
 * A broker of record changing anything of a client's (their quote, claims, paddocks, payment option)
 * is written to the audit log, like every change staff make in support mode
 * (server/src/modules/support/support-audit.ts): who, for whom, what, before the route runs, with the
 * outcome added once the answer is sent. One entry per request, however many checks the route makes.
 */
import type { Request, Response } from 'express';
import type { Database } from '../../db/client';
import { currentUser } from '../../middleware/auth';
import { auditRequest } from '../../lib/audit-log';

/** The audit action of a change a broker made for a client. */
export const BROKER_CHANGE_ACTION = 'broker.change';

const audited = new WeakSet<Request>();

export async function auditBrokerChange(db: Database, req: Request, res: Response, customerId: string, onError: (error: unknown) => void): Promise<void> {
  const actor = currentUser(req);
  if (!actor || audited.has(req)) return;
  audited.add(req);
  await auditRequest(db, req, res, { actorId: actor.id, customerId, action: BROKER_CHANGE_ACTION, details: {} }, onError);
}
