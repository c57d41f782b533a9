import type { StaffAttention } from '@shared/contracts/public-site';
import type { Database } from '../../db/client';
import { newSupportRequestCount } from '../support-requests/support-requests.service';

/** What waits for staff beyond the form submissions, for the admin bell: each is a status nobody has moved on yet. */
export async function staffAttention(db: Database): Promise<StaffAttention> {
  const [newApplications, newClaims, newSupportRequests] = await Promise.all([
    db.protectionApplication.count({ where: { status: 'submitted' } }),
    db.claim.count({ where: { status: 'lodged' } }),
    newSupportRequestCount(db),
  ]);
  return { newApplications, newClaims, newSupportRequests };
}
