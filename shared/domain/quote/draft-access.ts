/**
 * Who may reach a member's quotes in progress: drafts, saved estimates, pricing for them and
 * submitting their application. Narrower than the general record rule of
 * shared/domain/accounts/record-access.ts: a quote in progress is the member's own working copy,
 * so besides the member only their broker of record (who acts for the client) and staff in a
 * support session reach it; administrators outside support mode do not. Every change made by
 * someone acting for the member is written to the audit log by the server (support mode by its
 * middleware, a broker by the quote routes), which is why quoteActor says how access was reached.
 */
import { isBrokerOfRecord, type RecordAccess, type RecordActor, type RecordOwner } from '../accounts/record-access';
import { hasPermission } from '../accounts/permissions';

export type DraftAccessDecision = 'allowed' | 'read-only' | 'hidden';

/** How a person reaches a member's quotes: as the member, as staff in support mode for them, or as their broker of record. */
export type QuoteActor = 'owner' | 'support' | 'broker';

export function quoteActor(actor: RecordActor | null | undefined, owner: RecordOwner): QuoteActor | null {
  if (!actor) return null;
  if (actor.id === owner.id) return 'owner';
  const support = actor.support;
  if (support && support.customerId === owner.id && hasPermission(actor, 'customer_support')) return 'support';
  if (isBrokerOfRecord(actor, owner)) return 'broker';
  return null;
}

/**
 * 'allowed' when the actor may have this access; 'read-only' when they may see the quote but not
 * change it (support mode at read level); 'hidden' when they may not know it exists.
 */
export function draftAccess(actor: RecordActor | null | undefined, owner: RecordOwner, access: Exclude<RecordAccess, 'decide'>): DraftAccessDecision {
  switch (quoteActor(actor, owner)) {
    case 'owner':
    case 'broker':
      return 'allowed';
    case 'support':
      return access === 'read' || actor?.support?.permissionLevel === 'write' ? 'allowed' : 'read-only';
    default:
      return 'hidden';
  }
}
