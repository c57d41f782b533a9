/**
 * Who may reach a draft or a saved estimate (issue 5: only the owner, and staff in support mode).
 * Narrower than the general record rule of shared/domain/accounts/record-access.ts: a quote in
 * progress is the member's own working copy, so administrators and brokers reach it only through a
 * support session, which puts every look and change in the audit log.
 */
import type { RecordAccess, RecordActor } from '../accounts/record-access';
import { hasPermission } from '../accounts/permissions';

export type DraftAccessDecision = 'allowed' | 'read-only' | 'hidden';

/**
 * 'allowed' when the actor may have this access; 'read-only' when they may see the draft but not
 * change it (support mode at read level); 'hidden' when they may not know it exists.
 */
export function draftAccess(actor: RecordActor | null | undefined, ownerId: string, access: RecordAccess): DraftAccessDecision {
  if (!actor) return 'hidden';
  if (actor.id === ownerId) return 'allowed';
  const support = actor.support;
  if (support && support.customerId === ownerId && hasPermission(actor, 'customer_support')) {
    return access === 'read' || support.permissionLevel === 'write' ? 'allowed' : 'read-only';
  }
  return 'hidden';
}
