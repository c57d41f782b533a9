import { type Permission, PERMISSIONS } from '../../constants';

/** Each permission as staff read it on a page (the stored strings are docs/behaviour.md §6's). */
export const PERMISSION_NAMES: Record<Permission, string> = {
  admin: 'Administrator',
  edit_quotes: 'Quote editing',
  view_reports: 'Reports',
  customer_support: 'Customer support',
};

/** The parts of a user that decide what they may do (docs/behaviour.md §6). */
export interface RoleHolder {
  isAdmin: boolean;
  isBroker?: boolean;
  permissions: readonly string[];
}

/** An administrator is flagged isAdmin or holds the admin permission. */
export function isAdministrator(user: RoleHolder | null | undefined): boolean {
  return Boolean(user && (user.isAdmin || user.permissions.includes('admin')));
}

/** Administrators hold every permission implicitly; anyone else holds what is in their list. */
export function hasPermission(user: RoleHolder | null | undefined, permission: Permission): boolean {
  if (!user) return false;
  return isAdministrator(user) || user.permissions.includes(permission);
}

export function hasAnyPermission(user: RoleHolder | null | undefined, permissions: readonly Permission[]): boolean {
  return permissions.some((permission) => hasPermission(user, permission));
}

export function hasAllPermissions(user: RoleHolder | null | undefined, permissions: readonly Permission[]): boolean {
  return permissions.every((permission) => hasPermission(user, permission));
}

/** Staff who may enter support mode: administrators and holders of customer_support. */
export function canEnterSupportMode(user: RoleHolder | null | undefined): boolean {
  return hasPermission(user, 'customer_support');
}

/** A staff account: an administrator, or a holder of customer_support. Everyone else is a customer. */
export function isStaffAccount(user: RoleHolder): boolean {
  return isAdministrator(user) || user.permissions.includes('customer_support');
}

/**
 * Whom a member of staff may act for in support mode. Administrators may support anyone but
 * themselves; support staff who are not administrators may support customers only, never another
 * member of staff, so the customer_support permission cannot be used to act as an administrator.
 */
export function canSupportCustomer(actor: RoleHolder & { id: string }, customer: RoleHolder & { id: string }): boolean {
  if (actor.id === customer.id || !canEnterSupportMode(actor)) return false;
  if (isAdministrator(actor)) return true;
  return !isStaffAccount(customer);
}

/** Keeps only the permission strings the product knows, once each, in the canonical order. */
export function normalisePermissions(values: unknown): Permission[] {
  if (!Array.isArray(values)) return [];
  return PERMISSIONS.filter((permission) => values.includes(permission));
}

/** Adds a permission to a local list (docs/behaviour.md §4: session permissions can be added locally). */
export function withPermission(permissions: readonly Permission[], permission: Permission): Permission[] {
  return permissions.includes(permission) ? [...permissions] : [...permissions, permission];
}

export function withoutPermission(permissions: readonly Permission[], permission: Permission): Permission[] {
  return permissions.filter((held) => held !== permission);
}
