import { describe, expect, it } from 'vitest';
import { canEnterSupportMode, canSupportCustomer, hasAllPermissions, hasAnyPermission, hasPermission, isAdministrator, normalisePermissions, withoutPermission, withPermission } from './permissions';

const member = { isAdmin: false, permissions: [] as string[] };
const support = { isAdmin: false, permissions: ['customer_support'] };
const flaggedAdmin = { isAdmin: true, permissions: [] as string[] };
const permissionAdmin = { isAdmin: false, permissions: ['admin'] };

describe('roles and permissions (docs/behaviour.md §6)', () => {
  it('treats isAdmin or the admin permission as administrator', () => {
    expect(isAdministrator(flaggedAdmin)).toBe(true);
    expect(isAdministrator(permissionAdmin)).toBe(true);
    expect(isAdministrator(member)).toBe(false);
    expect(isAdministrator(undefined)).toBe(false);
  });

  it('gives administrators every permission implicitly', () => {
    for (const admin of [flaggedAdmin, permissionAdmin]) {
      expect(hasAllPermissions(admin, ['edit_quotes', 'view_reports', 'customer_support'])).toBe(true);
    }
  });

  it('checks a listed permission, any-of and all-of', () => {
    expect(hasPermission(support, 'customer_support')).toBe(true);
    expect(hasPermission(support, 'view_reports')).toBe(false);
    expect(hasAnyPermission(support, ['view_reports', 'customer_support'])).toBe(true);
    expect(hasAllPermissions(support, ['view_reports', 'customer_support'])).toBe(false);
    expect(hasAnyPermission(member, [])).toBe(false);
    expect(hasAllPermissions(member, [])).toBe(true);
  });

  it('lets administrators and support staff into support mode only', () => {
    expect(canEnterSupportMode(support)).toBe(true);
    expect(canEnterSupportMode(flaggedAdmin)).toBe(true);
    expect(canEnterSupportMode(member)).toBe(false);
  });

  it('lets support staff support customers only; administrators anyone but themselves', () => {
    const staff = { ...support, id: 'staff' };
    const customer = { ...member, id: 'customer' };
    const administrator = { ...flaggedAdmin, id: 'admin' };
    expect(canSupportCustomer(staff, customer)).toBe(true);
    expect(canSupportCustomer(staff, administrator)).toBe(false);
    expect(canSupportCustomer(staff, { ...support, id: 'colleague' })).toBe(false);
    expect(canSupportCustomer(staff, staff)).toBe(false);
    expect(canSupportCustomer(administrator, { ...support, id: 'colleague' })).toBe(true);
    expect(canSupportCustomer(administrator, administrator)).toBe(false);
    expect(canSupportCustomer(customer, { ...member, id: 'another' })).toBe(false);
  });

  it('keeps only known permissions, once each', () => {
    expect(normalisePermissions(['view_reports', 'root', 'admin', 'admin'])).toEqual(['admin', 'view_reports']);
    expect(normalisePermissions('admin')).toEqual([]);
  });

  it('adds and removes permissions locally without duplicates', () => {
    expect(withPermission(['view_reports'], 'view_reports')).toEqual(['view_reports']);
    expect(withPermission(['view_reports'], 'edit_quotes')).toEqual(['view_reports', 'edit_quotes']);
    expect(withoutPermission(['view_reports', 'edit_quotes'], 'view_reports')).toEqual(['edit_quotes']);
  });
});
