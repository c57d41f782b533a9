import { canEnterSupportMode, isAdministrator, type RoleHolder } from '@shared/domain/accounts/permissions';

export interface AdminMenuItem {
  path: string;
  label: string;
  /** Support staff (customer_support without admin) may open it too (router.tsx's support-staff pages); every other page is the administrators'. */
  forSupportStaff?: boolean;
}

export interface AdminMenuGroup {
  title: string;
  items: AdminMenuItem[];
}

const item = (slug: string, label: string, forSupportStaff = false): AdminMenuItem => ({ path: `/admin/${slug}`, label, ...(forSupportStaff ? { forSupportStaff } : {}) });

/**
 * docs/behaviour.md §2 admin layout menu: its groups and entries, in its order, with six entries of our own
 * (docs/authorization.md, 'The admin menu'): Applications, Seasons, Renewals, Alerts (also under User Analytics and
 * Tracking, where the SPEC lists it) and Pricing Model in Core Operations, where staff look for the
 * season's work, and Background Jobs in Security and Admin.
 */
export const adminMenu: AdminMenuGroup[] = [
  { title: 'Overview', items: [item('dashboard', 'Admin Dashboard')] },
  {
    title: 'Core Operations',
    items: [
      item('support-requests', 'Support Requests'),
      item('claims', 'Claims'),
      item('applications', 'Applications'),
      item('seasons', 'Seasons'),
      item('renewals', 'Renewals'),
      item('alerts', 'Alerts'),
      item('members', 'Members', true),
      item('member-paddocks', 'Member Paddocks'),
      item('crm/leads', 'CRM Leads'),
      item('agriculture-zones-comprehensive', 'Zone Pricing Management'),
      item('pricing', 'Pricing Model'),
      item('agriculture-zones', 'Agriculture Zones'),
    ],
  },
  {
    title: 'User Analytics and Tracking',
    items: [
      item('user-tracking', 'User Tracking'),
      item('user-lookup', 'User Lookup'),
      item('registration-analytics', 'Registration Analytics'),
      item('quote-analytics', 'Quote Analytics'),
      item('alerts', 'Alerts'),
    ],
  },
  { title: 'Discounts', items: [item('discount-rules', 'Discount Rules'), item('discount-management', 'Discount Management')] },
  {
    title: 'Tools',
    items: [
      item('analytics', 'Analytics'),
      item('calculator-settings', 'Calculator Settings'),
      item('risk-simulation', 'Risk Simulation'),
      item('pricing-monitor', 'Pricing Monitor'),
      item('xero-testing', 'Xero Testing'),
    ],
  },
  { title: 'Soil Testing', items: [item('soil-testing-poc', 'Soil Testing (Pilot)')] },
  { title: 'Content and Docs', items: [item('blob-management', 'Blob Management'), item('form-submissions', 'Form Submissions')] },
  {
    title: 'Security and Admin',
    items: [item('security-logs', 'Security Logs'), item('errors', 'Errors'), item('background-jobs', 'Background Jobs'), item('user-management', 'User Management'), item('referrers', 'Referrers')],
  },
];

export const adminAccountMenu: AdminMenuItem[] = [item('profile', 'Edit Profile', true), item('change-password', 'Change Password', true)];

/**
 * The admin menu as this person may use it: whole for administrators; for support staff
 * (customer_support) the items marked forSupportStaff, which are the pages the route table opens to
 * them (router.tsx, docs/authorization.md); nothing for anyone else.
 */
export function adminMenuFor(user: RoleHolder | null | undefined): { groups: AdminMenuGroup[]; account: AdminMenuItem[] } {
  if (isAdministrator(user)) return { groups: adminMenu, account: adminAccountMenu };
  const allowed = (entry: AdminMenuItem) => canEnterSupportMode(user) && entry.forSupportStaff === true;
  return {
    groups: adminMenu.map((group) => ({ ...group, items: group.items.filter(allowed) })).filter((group) => group.items.length > 0),
    account: adminAccountMenu.filter(allowed),
  };
}

const isAtOrUnder = (pathname: string, path: string) => pathname === path || pathname.startsWith(`${path}/`);

/** The group holding the current path (the first, for a page listed twice), which starts open. */
export function groupForPath(pathname: string): string | undefined {
  return adminMenu.find((group) => group.items.some((entry) => isAtOrUnder(pathname, entry.path)))?.title;
}

/**
 * The groups open after a person opens or closes one. Where the menu has room (a wide screen, the
 * sidebar beside the page) each group opens and closes on its own, so several can be open at once;
 * where it folds behind the Menu button, docs/behaviour.md §2's rule holds: opening one closes the others.
 */
export function toggleGroup(open: readonly string[], title: string, { roomForSeveral }: { roomForSeveral: boolean }): string[] {
  if (open.includes(title)) return open.filter((group) => group !== title);
  return roomForSeveral ? [...open, title] : [title];
}
