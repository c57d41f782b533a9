import { describe, expect, it } from 'vitest';
import { adminMenu, groupForPath, unreadBadgeText } from './admin-menu';

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

  it('caps the unread badge at 99+', () => {
    expect(unreadBadgeText(0)).toBeUndefined();
    expect(unreadBadgeText(7)).toBe('7');
    expect(unreadBadgeText(99)).toBe('99');
    expect(unreadBadgeText(100)).toBe('99+');
  });
});
