import type { RequestHandler } from 'express';
import type { Database } from '../../db/client';
import { forbidden } from '../../lib/app-error';
import { auditRequest } from '../../lib/audit-log';
import { currentSupport, currentUser } from '../../middleware/auth';

/** Requests a person in support mode may always make: leaving support mode, the sign-in service, telemetry. */
const alwaysAllowed = [/^\/admin\/support\//, /^\/auth\//, /^\/errors\/track$/, /^\/analytics\/events$/];
const isStateChanging = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method);

/**
 * Mounted under /api after the current user is known. While a staff member is in support mode:
 * - at the 'read' level nothing may change, whatever the route;
 * - every change is written to the audit log (who, for whom, what, when) before the route runs, and
 *   its outcome (the status) is added when the response is sent, so no route has to remember it.
 */
export function supportAuditTrail(db: Database, onError: (error: unknown) => void): RequestHandler {
  return async (req, res, next) => {
    const support = currentSupport(req);
    const actor = currentUser(req);
    if (!support || !actor || !isStateChanging(req.method) || alwaysAllowed.some((route) => route.test(req.path))) return next();
    if (support.permissionLevel === 'read') throw forbidden('Support mode is read-only. Re-enter support mode with write access to make changes.', 'support_read_only');
    await auditRequest(db, req, res, { actorId: actor.id, customerId: support.customerId, action: 'support.change', details: { supportSessionId: support.supportSessionId } }, onError);
    next();
  };
}
