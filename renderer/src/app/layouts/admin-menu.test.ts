import { describe, expect, it } from 'vitest';
import { adminMenu, groupForPath } from './admin-menu';

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
});
