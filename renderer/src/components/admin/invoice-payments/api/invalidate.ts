import type { QueryClient } from '@tanstack/react-query';
import { invalidateProtectionsOf } from '../../../../api/get-protections';

/**
 * What a payment, or its reversal, makes stale on the staff pages: the member's invoices, the
 * application's stage (the applications list and the member's protections), the person page, the
 * season overview and the bell (a reversal asked for or approved changes what waits for a second person). The keys are those of the admin-operations and admin-people features' api/ files and renderer/src/api.
 */
export function invalidateAfterPayment(client: QueryClient, memberId: string) {
  return Promise.all([
    client.invalidateQueries({ queryKey: ['admin', 'invoices', memberId] }),
    client.invalidateQueries({ queryKey: ['admin', 'applications'] }),
    invalidateProtectionsOf(client, memberId),
    client.invalidateQueries({ queryKey: ['admin', 'people', 'person', memberId] }),
    client.invalidateQueries({ queryKey: ['admin', 'overview'] }),
    client.invalidateQueries({ queryKey: ['admin', 'notifications'] }),
  ]);
}
