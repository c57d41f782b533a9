import { describe, expect, it } from 'vitest';
import { adminMenu, adminMenuFor, groupForPath, toggleGroup } from './admin-menu';

/** docs/behaviour.md §2 'Admin layout menu (all under /admin/)', group by group, word for word. */
const SPEC_MENU: Record<string, string[]> = {
  'Core Operations': ['support-requests', 'claims', 'members', 'member-paddocks', 'crm/leads', 'agriculture-zones-comprehensive', 'agriculture-zones'],
  'User Analytics and Tracking': ['user-tracking', 'user-lookup', 'registration-analytics', 'quote-analytics', 'alerts'],
  Discounts: ['discount-rules', 'discount-management'],
  Tools: ['analytics', 'calculator-settings', 'risk-simulation', 'pricing-monitor', 'xero-testing'],
  'Soil Testing': ['soil-testing-poc'],
  'Content and Docs': ['blob-management', 'form-submissions'],
  'Security and Admin': ['security-logs', 'errors', 'user-management', 'referrers'],
};

const groupPaths = (title: string) => adminMenu.find((group) => group.title === title)?.items.map((entry) => entry.path.replace('/admin/', '')) ?? [];

describe('admin menu (docs/behaviour.md §2)', () => {
  it('keeps every group and entry of the SPEC, in the SPEC’s order', () => {
    for (const [title, slugs] of Object.entries(SPEC_MENU)) {
      const paths = groupPaths(title);
      expect(paths.filter((path) => slugs.includes(path))).toEqual(slugs);
    }
    expect(adminMenu.find((group) => group.title === 'Overview')?.items).toEqual([{ path: '/admin/dashboard', label: 'Admin Dashboard' }]);
  });

  it('lists Applications, Alerts and the Pricing Model among the season’s work, beside the SPEC’s entries (issue: staff find things)', () => {
    const core = adminMenu.find((group) => group.title === 'Core Operations')!;
    const labels = core.items.map((entry) => entry.label);
    expect(labels).toEqual([
      'Support Requests',
      'Claims',
      'Applications',
      'Seasons',
      'Renewals',
      'Alerts',
      'Members',
      'Member Paddocks',
      'CRM Leads',
      'Zone Pricing Management',
      'Pricing Model',
      'Agriculture Zones',
    ]);
    expect(core.items.find((entry) => entry.label === 'Applications')?.path).toBe('/admin/applications');
    expect(core.items.find((entry) => entry.label === 'Pricing Model')?.path).toBe('/admin/pricing');
    // Alerts stays where the SPEC lists it too.
    expect(groupPaths('User Analytics and Tracking')).toContain('alerts');
  });

  it('names the comprehensive zones page Zone Pricing Management', () => {
    const core = adminMenu.find((group) => group.title === 'Core Operations');
    expect(core?.items.find((entry) => entry.path === '/admin/agriculture-zones-comprehensive')?.label).toBe('Zone Pricing Management');
  });

  it('opens the group of the current page', () => {
    expect(groupForPath('/admin/security-logs')).toBe('Security and Admin');
    expect(groupForPath('/admin/crm/leads')).toBe('Core Operations');
    expect(groupForPath('/admin/applications')).toBe('Core Operations');
    expect(groupForPath('/admin/unknown')).toBeUndefined();
  });

  it('opens several groups where the sidebar has room, one at a time where it folds (docs/behaviour.md §2)', () => {
    const wide = { roomForSeveral: true };
    const folded = { roomForSeveral: false };
    expect(toggleGroup(['Core Operations'], 'Tools', wide)).toEqual(['Core Operations', 'Tools']);
    expect(toggleGroup(['Core Operations', 'Tools'], 'Core Operations', wide)).toEqual(['Tools']);
    expect(toggleGroup(['Core Operations'], 'Tools', folded)).toEqual(['Tools']);
    expect(toggleGroup(['Tools'], 'Tools', folded)).toEqual([]);
  });

  it('shows support staff only the menu items they may use', () => {
    const menu = adminMenuFor({ isAdmin: false, permissions: ['customer_support'] });
    expect(menu.groups).toEqual([{ title: 'Core Operations', items: [{ path: '/admin/members', label: 'Members', forSupportStaff: true }] }]);
    expect(menu.account.map((entry) => entry.label)).toEqual(['Edit Profile', 'Change Password']);
    expect(adminMenuFor({ isAdmin: true, permissions: [] }).groups).toBe(adminMenu);
    expect(adminMenuFor({ isAdmin: false, permissions: ['edit_quotes'] })).toEqual({ groups: [], account: [] });
  });
});
