import { describe, expect, it } from 'vitest';
import { mayViewContactDetails } from './contact-visibility';
import { isStaffAccount } from './permissions';

const person = (id: string, permissions: string[] = [], isAdmin = false) => ({ id, isAdmin, permissions });
const customer = person('customer');
const broker = { ...person('broker'), isBroker: true };
const reporter = person('reporter', ['view_reports', 'edit_quotes']);
const support = person('support', ['customer_support']);
const colleague = person('colleague', ['customer_support', 'edit_quotes']);
const flaggedAdmin = person('flagged', [], true);
const permissionAdmin = person('permission', ['admin']);

describe('whose contact details a viewer may see', () => {
  it('shows support staff who are not administrators customers only, and their own', () => {
    for (const shown of [customer, broker, reporter, support]) expect(mayViewContactDetails(support, shown), shown.id).toBe(true);
    for (const hidden of [colleague, flaggedAdmin, permissionAdmin]) expect(mayViewContactDetails(support, hidden), hidden.id).toBe(false);
  });

  it('shows administrators everyone', () => {
    for (const admin of [flaggedAdmin, permissionAdmin]) {
      for (const shown of [customer, support, colleague, flaggedAdmin, permissionAdmin]) expect(mayViewContactDetails(admin, shown), `${admin.id} → ${shown.id}`).toBe(true);
    }
  });

  it('counts administrators and holders of customer_support as staff, and no one else', () => {
    expect([customer, broker, reporter, support, colleague, flaggedAdmin, permissionAdmin].filter(isStaffAccount).map((user) => user.id)).toEqual(['support', 'colleague', 'flagged', 'permission']);
  });
});
