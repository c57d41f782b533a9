import { APPLICATION_AWAITING } from '../../contracts/protection-status';
import type { StaffAttention } from '../../contracts/public-site';
import { plural } from '../../format';

/** What waits for a second administrator (maker-checker), and the admin page where it is approved or rejected. */
export const SECOND_PERSON_PAGES = {
  payment_reversal: `/admin/applications?awaiting=${APPLICATION_AWAITING[0]}`,
  manual_discount: '/admin/discount-management',
  rule_change: '/admin/discount-rules',
} as const;
export type SecondPersonKind = keyof typeof SECOND_PERSON_PAGES;

export interface AttentionLine {
  count: number;
  text: string;
  /** The admin page where staff act on it. */
  path: string;
}

/** Nothing waiting: what the bell starts from before its first answer. */
export const NOTHING_WAITING: StaffAttention = {
  newApplications: 0,
  newClaims: 0,
  newSupportRequests: 0,
  reversalsAwaitingApproval: 0,
  manualDiscountsAwaitingApproval: 0,
  ruleChangesAwaitingApproval: 0,
};

/** The bell's lines for what waits beyond form submissions, only those with something waiting. */
export function attentionLines(attention: StaffAttention): AttentionLine[] {
  return [
    { count: attention.newApplications, text: plural(attention.newApplications, 'new application to review', 'new applications to review'), path: '/admin/applications' },
    { count: attention.newClaims, text: plural(attention.newClaims, 'claim lodged, not yet assessed', 'claims lodged, not yet assessed'), path: '/admin/claims' },
    { count: attention.newSupportRequests, text: plural(attention.newSupportRequests, 'new support request', 'new support requests'), path: '/admin/support-requests' },
    {
      count: attention.reversalsAwaitingApproval,
      text: plural(attention.reversalsAwaitingApproval, 'payment reversal waiting for a second person', 'payment reversals waiting for a second person'),
      path: SECOND_PERSON_PAGES.payment_reversal,
    },
    {
      count: attention.manualDiscountsAwaitingApproval,
      text: plural(attention.manualDiscountsAwaitingApproval, 'manual discount waiting for a second person', 'manual discounts waiting for a second person'),
      path: SECOND_PERSON_PAGES.manual_discount,
    },
    {
      count: attention.ruleChangesAwaitingApproval,
      text: plural(attention.ruleChangesAwaitingApproval, 'discount rule change waiting for a second person', 'discount rule changes waiting for a second person'),
      path: SECOND_PERSON_PAGES.rule_change,
    },
  ].filter((line) => line.count > 0);
}

/** Everything the bell's badge counts: unread submissions and what waits. */
export function attentionTotal(unreadCount: number, attention: StaffAttention): number {
  return unreadCount + attentionLines(attention).reduce((sum, line) => sum + line.count, 0);
}
