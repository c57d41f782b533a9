import type { ApprovalCheck, RoleChangeView } from '@shared/contracts/discounts';
import { displayName } from '@shared/domain/accounts/display-name';
import { MAKER_CHECKER_WINDOW_DAYS, type MakerCheckerDecision, makerCheckerDecision, type RoleChange, roleChangeFromLog } from '@shared/domain/accounts/maker-checker';
import type { Database, DatabaseWriter } from '../../db/client';
import { forbidden } from '../../lib/app-error';

/**
 * Maker-checker bound to people (docs/security.md): every approval of a discount (a
 * manual discount, a change to the discount rules) asks here whether the approver is a second,
 * independent person. The grants of the administrator role are read from the security log's
 * role_changed entries, which PUT /api/admin/users/:id/roles writes in the same transaction as the
 * change, with who made it; the log is only ever added to.
 */

export interface ApprovalParties {
  approverId: string;
  requesterId: string;
  /** The member whose application gets the discount; null for a discount rule. */
  beneficiaryId: string | null;
  /** For the sentence: 'this discount', 'this change to the discount rules'. */
  what: string;
  /** Why the member may not approve it, for the sentence (makerCheckerDecision's default is about discounts). */
  beneficiaryRule?: string;
}

export interface ApprovalContext {
  /** The name of one of the people asked for (or in a role change); 'a former user' for an id no longer held. */
  nameOf(id: string): string;
  /** The rule's decision, and what the page shows beside the approval (and the audit entry keeps). */
  check(parties: ApprovalParties): { decision: MakerCheckerDecision; approval: ApprovalCheck };
}

const DAY_MS = 86_400_000;

/**
 * The role changes of the window before `now` and the names of the people in them, read once for a
 * list of approvals. `people` are the requesters, beneficiaries and approvers to be named.
 */
export async function loadApprovalContext(db: Database | DatabaseWriter, people: readonly string[], now = new Date()): Promise<ApprovalContext> {
  const since = new Date(now.getTime() - MAKER_CHECKER_WINDOW_DAYS * DAY_MS);
  const events = await db.securityEvent.findMany({ where: { type: 'role_changed', createdAt: { gte: since, lte: now } }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
  const changes = events.map(roleChangeFromLog).filter((change): change is RoleChange => change !== null);
  const ids = [...new Set([...people, ...changes.flatMap((change) => [change.userId, ...(change.changedById ? [change.changedById] : [])])])];
  const users = ids.length === 0 ? [] : await db.user.findMany({ where: { id: { in: ids } }, select: { id: true, firstName: true, lastName: true, email: true } });
  const names = new Map(users.map((user) => [user.id, displayName(user)]));
  const nameOf = (id: string) => names.get(id) ?? 'a former user';
  const view = (change: RoleChange): RoleChangeView => ({
    userId: change.userId,
    userName: nameOf(change.userId),
    changedById: change.changedById,
    changedByName: change.changedById ? nameOf(change.changedById) : null,
    at: change.at,
    granted: change.granted,
    removed: change.removed,
  });
  const changesOf = (userId: string) =>
    changes
      .filter((change) => change.userId === userId)
      .reverse()
      .map(view);
  return {
    nameOf,
    check(parties) {
      const decision = makerCheckerDecision({ ...parties, roleChanges: changes, now, nameOf });
      return {
        decision,
        approval: {
          refusal: decision.ok ? null : decision.message,
          windowDays: MAKER_CHECKER_WINDOW_DAYS,
          requesterRoleChanges: changesOf(parties.requesterId),
          approverRoleChanges: changesOf(parties.approverId),
        },
      };
    },
  };
}

/**
 * Refuses (403, with the rule's code and sentence) unless the approver is a second, independent
 * person; answers what was weighed, for the approval's audit entry. Call it inside the approving
 * transaction.
 */
export async function requireSecondPerson(db: Database | DatabaseWriter, parties: ApprovalParties, now = new Date()): Promise<ApprovalCheck> {
  const context = await loadApprovalContext(db, [parties.approverId, parties.requesterId, ...(parties.beneficiaryId ? [parties.beneficiaryId] : [])], now);
  const { decision, approval } = context.check(parties);
  if (!decision.ok) throw forbidden(decision.message, decision.code);
  return approval;
}
