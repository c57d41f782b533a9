/** Support mode (docs/behaviour.md §6, §7): staff act on a customer's data without ever becoming the customer. */
import type { Request } from 'express';
import type { SupportPermissionLevel } from '@shared/constants';
import { SUPPORT_MESSAGES } from '@shared/contracts/support';
import { normalisePermissions } from '@shared/domain/accounts/permissions';
import { supportSessionLimitMessage, supportSessionStanding } from '@shared/domain/accounts/support-standing';
import { displayName } from '@shared/domain/accounts/display-name';
import { supportEndpoints as endpoints } from '@shared/endpoints/support';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { AppError, badRequest, forbidden, notFound } from '../../lib/app-error';
import { type AuthUser, currentSupport, signedInUser, type SupportContext } from '../../middleware/auth';
import { endpointRouter } from '../../middleware/serve';
import { authorize } from '../../policies/authorize';
import { actorOf } from '../../policies/request-policy';
import { auditEntry } from '../../lib/audit-log';
import { presentSupportCustomer } from '../../presenters/support-customer';
import { endSupportSessionNow, startSupportSession, supportCustomerOf } from './support-sessions';

/** Support staff (the endpoints' guard) acting only as themselves: the body's adminUserId must be the signed-in user. */
function supportStaff(req: Request, adminUserId: string, level?: SupportPermissionLevel): AuthUser {
  const user = signedInUser(req);
  if (user.id !== adminUserId) throw new AppError(403, 'forbidden', SUPPORT_MESSAGES.notAuthenticated);
  if (level) authorize(actorOf(req), 'use', { type: 'support', level });
  return user;
}

/** The staff member leaves the session (or enters another): ended, audited and logged together. */
async function closeSupportSession(db: Database, req: Request, actor: AuthUser, support: SupportContext, clientDuration?: number): Promise<number> {
  const { sessionDuration } = await endSupportSessionNow(db, req, { staff: actor, support, clientDuration });
  delete req.session.support;
  return sessionDuration;
}

export function supportRouter(context: AppContext) {
  const { db } = context;
  const { router, serve } = endpointRouter(context);

  serve(endpoints.enter)({
    handle: async (req, _res, { body: input }) => {
      const actor = supportStaff(req, input.adminUserId, input.permissionLevel);
      if (input.customerId === actor.id) throw badRequest('Support mode is for acting on a customer’s data, not your own.', 'own_account');
      const customer = await db.user.findUnique({ where: { id: input.customerId } });
      if (!customer) throw notFound('That customer does not exist.');
      authorize(actorOf(req), 'use', { type: 'support', customer: { ...customer, permissions: normalisePermissions(customer.permissions) } });
      // The rule every later request of the session is held to: a locked account is looked at, not changed.
      const standing = supportSessionStanding(actor, supportCustomerOf(customer), input.permissionLevel);
      if (standing.status === 'limited') throw forbidden(supportSessionLimitMessage(standing.reason, displayName(customer)), 'support_customer_locked');
      const previous = currentSupport(req);
      if (previous) await closeSupportSession(db, req, actor, previous);
      const customerName = displayName(customer);
      const supportSession = await startSupportSession(db, req, actor, { id: customer.id, name: customerName }, input.permissionLevel);
      delete req.session.supportEnded;
      req.session.support = { supportSessionId: supportSession.id, customerId: customer.id, customerName, permissionLevel: input.permissionLevel, startedAt: supportSession.startedAt.getTime() };
      return { success: true, customerName };
    },
  });

  serve(endpoints.exit)({
    handle: async (req, _res, { body: input }) => {
      const actor = supportStaff(req, input.adminUserId);
      const support = currentSupport(req);
      if (!support || support.customerId !== input.customerId) throw badRequest('You are not in support mode for that customer.', 'not_in_support_mode');
      const sessionDuration = await closeSupportSession(db, req, actor, support, input.sessionDuration);
      return { success: true, sessionDuration };
    },
  });

  serve(endpoints.customerData)({
    handle: async (req, res, { query: { customerId } }) => {
      const user = signedInUser(req);
      const support = currentSupport(req);
      if (!support || support.customerId !== customerId) throw forbidden('Enter support mode for this customer before opening their data.', 'not_in_support_mode');
      const customer = await db.user.findUnique({
        where: { id: customerId },
        include: {
          drafts: { orderBy: { updatedAt: 'desc' }, select: { id: true, step: true, status: true, updatedAt: true } },
          savedEstimates: { orderBy: { createdAt: 'desc' }, select: { id: true, createdAt: true } },
        },
      });
      if (!customer) throw notFound('That customer does not exist.');
      await auditEntry(db, { actorId: user.id, customerId, action: 'support.view_customer_data', details: { supportSessionId: support.supportSessionId } });
      res.set('Cache-Control', 'no-store');
      return presentSupportCustomer(customer, support.permissionLevel);
    },
  });

  return router;
}
