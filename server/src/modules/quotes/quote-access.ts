/**
 * Who may reach a member's quotes on the server: drafts, saved estimates, pricing for them and
 * submission (the rule is draftAccess of shared/domain/quote/draft-access.ts). A broker of record
 * acting for a client has every change written to the audit log, like the support-mode middleware
 * does for staff (server/src/modules/support/support-audit.ts).
 */
import type { Request, Response } from 'express';
import type { RecordAccess, RecordActor } from '@shared/domain/accounts/record-access';
import { draftAccess, quoteActor } from '@shared/domain/quote/draft-access';
import type { AppContext } from '../../context';
import { forbidden, notFound } from '../../lib/app-error';
import { currentSupport, currentUser } from '../../middleware/auth';
import { auditBrokerChange } from './broker-audit';

export const READ_ONLY_SUPPORT_MESSAGE = 'Support mode at read level cannot change this customer’s quote.';
export const OTHER_MEMBER_QUOTES_MESSAGE = 'You cannot see or save quotes of another member.';

function actorOf(req: Request): RecordActor | null {
  const user = currentUser(req);
  if (!user) return null;
  const support = currentSupport(req);
  return { ...user, support: support ? { customerId: support.customerId, permissionLevel: support.permissionLevel } : null };
}

export function quoteAccess({ db, logger }: Pick<AppContext, 'db' | 'logger'>) {
  async function decide(req: Request, ownerId: string, access: RecordAccess) {
    const actor = actorOf(req);
    const found = actor && actor.id !== ownerId ? await db.user.findUnique({ where: { id: ownerId }, select: { id: true, brokerId: true } }) : null;
    const owner = found ?? { id: ownerId, brokerId: null };
    return { decision: draftAccess(actor, owner, access), actingAs: quoteActor(actor, owner) };
  }

  async function check(req: Request, res: Response, ownerId: string, access: RecordAccess, refuse: () => Error): Promise<void> {
    const { decision, actingAs } = await decide(req, ownerId, access);
    if (decision === 'hidden') throw refuse();
    if (decision === 'read-only') throw forbidden(READ_ONLY_SUPPORT_MESSAGE);
    if (access === 'write' && actingAs === 'broker') {
      await auditBrokerChange(db, req, res, ownerId, (error) => logger.error({ err: error }, 'broker audit entry could not be completed'));
    }
  }

  return {
    /** For a record that exists (a draft, a saved estimate): 404 when the caller may not know of it, 403 when they may only look. */
    record: (req: Request, res: Response, ownerId: string, access: RecordAccess, notFoundMessage: string) => check(req, res, ownerId, access, () => notFound(notFoundMessage)),
    /** For a member named in the request (a list, a new draft, a quote to price or submit): nothing to hide, so 403. */
    member: (req: Request, res: Response, memberId: string, access: RecordAccess) => check(req, res, memberId, access, () => forbidden(OTHER_MEMBER_QUOTES_MESSAGE)),
  };
}
