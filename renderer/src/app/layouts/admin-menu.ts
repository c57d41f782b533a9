export interface AdminMenuItem {
  path: string;
  label: string;
}

export interface AdminMenuGroup {
  title: string;
  items: AdminMenuItem[];
}

const item = (slug: string, label: string): AdminMenuItem => ({ path: `/admin/${slug}`, label });

/** SPEC §2 admin layout menu, in its order. */
export const adminMenu: AdminMenuGroup[] = [
  { title: 'Overview', items: [item('dashboard', 'Admin Dashboard')] },
  {
    title: 'Core Operations',
    items: [
      item('support-requests', 'Support Requests'),
      item('claims', 'Claims'),
      item('members', 'Members'),
      item('member-paddocks', 'Member Paddocks'),
      item('crm/leads', 'CRM Leads'),
      item('agriculture-zones-comprehensive', 'Zone Pricing Management'),
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
    items: [item('security-logs', 'Security Logs'), item('errors', 'Errors'), item('user-management', 'User Management'), item('referrers', 'Referrers')],
  },
];

export const adminAccountMenu: AdminMenuItem[] = [item('profile', 'Edit Profile'), item('change-password', 'Change Password')];

/** The group holding the current path, which starts open. */
export function groupForPath(pathname: string): string | undefined {
  return adminMenu.find((group) => group.items.some((entry) => pathname === entry.path || pathname.startsWith(`${entry.path}/`)))?.title;
}
