/**
 * A change made for a member by someone else is written to the audit log: by their broker of record
 * ('broker.change') or by staff in support mode at write level ('support.change', with the support
 * session). It is written where the rules let the change through (request-policy.ts), so only
 * changes to that member's records count as done for them: a staff member's own work during a
 * support session is neither blocked nor logged as the member's. Who, for whom, what, before the
 * route runs, with the outcome added once the answer is sent; one entry per request, however many
 * checks the route makes. A change for the customer of the caller's support session that the rules
 * refused is written too ('support.change_refused', with the refusal's code): a write the session
 * no longer allows, because it is read-only, ended on this request or may only look for now.
 */
import type { Request, Response } from 'express';
import type { Database } from '../db/client';
import { AppError } from '../lib/app-error';
import { auditEntry, auditRequest } from '../lib/audit-log';
import { currentSupport, currentSupportLimit, currentUser } from '../middleware/auth';

export const ACTING_FOR_ACTIONS = { broker: 'broker.change', support: 'support.change' } as const;
export type ActingFor = keyof typeof ACTING_FOR_ACTIONS;

const audited = new WeakSet<Request>();

export async function auditChangeFor(db: Database, req: Request, res: Response, actingAs: ActingFor, customerId: string, onError: (error: unknown) => void): Promise<void> {
  const actor = currentUser(req);
  if (!actor || audited.has(req)) return;
  audited.add(req);
  const support = currentSupport(req);
  const details = actingAs === 'support' && support ? { supportSessionId: support.supportSessionId } : {};
  await auditRequest(db, req, res, { actorId: actor.id, customerId, action: ACTING_FOR_ACTIONS[actingAs], details }, onError);
}

export const SUPPORT_CHANGE_REFUSED = 'support.change_refused';
const refusalsAudited = new WeakSet<Request>();

export async function auditRefusedSupportChange(db: Database, req: Request, customerId: string, error: unknown): Promise<void> {
  const actor = currentUser(req);
  const session = currentSupport(req) ?? currentSupportLimit(req);
  if (!actor || !session || session.customerId !== customerId || !(error instanceof AppError) || refusalsAudited.has(req)) return;
  refusalsAudited.add(req);
  await auditEntry(db, {
    actorId: actor.id,
    customerId,
    action: SUPPORT_CHANGE_REFUSED,
    details: { supportSessionId: session.supportSessionId, method: req.method, path: req.originalUrl.split('?')[0], status: error.status, reason: error.code },
  });
}
