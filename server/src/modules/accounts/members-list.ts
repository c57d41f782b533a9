/**
 * The members list staff search (GET /api/admin/members): every account but the referrer partners',
 * newest first, less the accounts the viewer may not see. Those are left out of the
 * query itself, so the total, the pages and a search by their e-mail address or business are as if
 * they were not there: a support worker learns nothing of an administrator from what matches.
 */
import type { MemberSummary } from '@shared/contracts/accounts';
import { mayViewContactDetails } from '@shared/domain/accounts/contact-visibility';
import { isAdministrator, type RoleHolder } from '@shared/domain/accounts/permissions';
import type { Database } from '../../db/client';
import { presentMemberSummaries, rolesOf } from '../../presenters/member-summary';

type Viewer = RoleHolder & { id: string };

/**
 * The accounts whose contact details the viewer may not see. Only accounts holding some role can be
 * staff, and they are few: those with the isAdmin flag or any permission are read and the shared
 * rule decides. Nothing for an administrator.
 */
async function accountsHiddenFrom(db: Database, viewer: Viewer): Promise<string[]> {
  if (isAdministrator(viewer)) return [];
  const holders = await db.user.findMany({ where: { OR: [{ isAdmin: true }, { NOT: { permissions: { equals: [] } } }] }, select: { id: true, isAdmin: true, permissions: true } });
  return holders.filter((holder) => !mayViewContactDetails(viewer, rolesOf(holder))).map((holder) => holder.id);
}

export async function listMembersFor(db: Database, viewer: Viewer, { matching, page, pageSize }: { matching: object; page: number; pageSize: number }): Promise<{ total: number; members: MemberSummary[] }> {
  const hidden = await accountsHiddenFrom(db, viewer);
  const where = { referrer: { is: null }, ...(hidden.length > 0 ? { id: { notIn: hidden } } : {}), ...matching };
  const [total, rows] = await Promise.all([db.user.count({ where }), db.user.findMany({ where, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip: (page - 1) * pageSize, take: pageSize })]);
  return { total, members: presentMemberSummaries(viewer, rows) };
}
