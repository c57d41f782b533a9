import type { StaffAttention } from '@shared/contracts/public-site';
import type { Database } from '../../db/client';
import { REVERSAL_AWAITING_APPROVAL } from '../billing/payment-reversals.service';
import { newSupportRequestCount } from '../support-requests/support-requests.service';

/** What waits for staff beyond the form submissions, for the admin bell: each is a status nobody has moved on yet, or a change only a second person may approve. */
export async function staffAttention(db: Database): Promise<StaffAttention> {
  const [newApplications, newClaims, newSupportRequests, reversalsAwaitingApproval, manualDiscountsAwaitingApproval, ruleChangesAwaitingApproval] = await Promise.all([
    db.protectionApplication.count({ where: { status: 'submitted' } }),
    db.claim.count({ where: { status: 'lodged' } }),
    newSupportRequestCount(db),
    db.invoicePayment.count({ where: REVERSAL_AWAITING_APPROVAL }),
    db.manualDiscount.count({ where: { status: 'pending' } }),
    db.discountRuleChange.count({ where: { status: 'pending' } }),
  ]);
  return { newApplications, newClaims, newSupportRequests, reversalsAwaitingApproval, manualDiscountsAwaitingApproval, ruleChangesAwaitingApproval };
}
