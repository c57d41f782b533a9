import { describe, expect, it } from 'vitest';
import { adminMenu, adminMenuFor, groupForPath } from './admin-menu';

describe('admin menu (SPEC §2)', () => {
  it('names the comprehensive zones page Zone Pricing Management', () => {
    const core = adminMenu.find((group) => group.title === 'Core Operations');
    expect(core?.items.find((entry) => entry.path === '/admin/agriculture-zones-comprehensive')?.label).toBe('Zone Pricing Management');
  });

  it('opens the group of the current page', () => {
    expect(groupForPath('/admin/security-logs')).toBe('Security and Admin');
    expect(groupForPath('/admin/crm/leads')).toBe('Core Operations');
    expect(groupForPath('/admin/unknown')).toBeUndefined();
  });

  it('shows support staff only the menu items they may use', () => {
    const menu = adminMenuFor({ isAdmin: false, permissions: ['customer_support'] });
    expect(menu.groups).toEqual([{ title: 'Core Operations', items: [{ path: '/admin/members', label: 'Members', forSupportStaff: true }] }]);
    expect(menu.account.map((entry) => entry.label)).toEqual(['Edit Profile', 'Change Password']);
    expect(adminMenuFor({ isAdmin: true, permissions: [] }).groups).toBe(adminMenu);
    expect(adminMenuFor({ isAdmin: false, permissions: ['edit_quotes'] })).toEqual({ groups: [], account: [] });
  });
});
