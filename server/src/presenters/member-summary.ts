/**
 * The members list's rows (GET /api/admin/members) for the one asking. Only people whose contact
 * details the viewer may see are shown (`mayViewContactDetails`): to support staff who
 * are not administrators, customers and themselves; to administrators, everyone.
 */
import type { MemberSummary } from '@shared/contracts/accounts';
import { mayViewContactDetails } from '@shared/domain/accounts/contact-visibility';
import { displayName } from '@shared/domain/accounts/display-name';
import { normalisePermissions, type RoleHolder } from '@shared/domain/accounts/permissions';
import type { User } from '../generated/prisma/client';

type Viewer = RoleHolder & { id: string };

/** The roles of a stored user, as the shared rules read them. */
export const rolesOf = (user: Pick<User, 'id' | 'isAdmin' | 'permissions'>) => ({ id: user.id, isAdmin: user.isAdmin, permissions: normalisePermissions(user.permissions) });

export function presentMemberSummaries(viewer: Viewer, users: readonly User[]): MemberSummary[] {
  return users
    .filter((user) => mayViewContactDetails(viewer, rolesOf(user)))
    .map((user) => ({
      id: user.id,
      name: displayName(user),
      email: user.email,
      phone: user.phone,
      businessName: user.businessName,
      createdAt: user.createdAt.toISOString(),
    }));
}
