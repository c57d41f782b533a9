import { describe, expect, it } from 'vitest';
import { attentionLines, attentionTotal, NOTHING_WAITING } from './staff-attention';

describe('what the admin bell says waits for staff', () => {
  it('names each kind with its count and the page to act on it, leaving out what has nothing waiting', () => {
    expect(attentionLines({ ...NOTHING_WAITING, newApplications: 1, newSupportRequests: 3 })).toEqual([
      { count: 1, text: '1 new application to review', path: '/admin/applications' },
      { count: 3, text: '3 new support requests', path: '/admin/support-requests' },
    ]);
    expect(
      attentionLines({ newApplications: 2, newClaims: 1, newSupportRequests: 1, reversalsAwaitingApproval: 2, manualDiscountsAwaitingApproval: 1, ruleChangesAwaitingApproval: 3 }).map((line) => line.text),
    ).toEqual([
      '2 new applications to review',
      '1 claim lodged, not yet assessed',
      '1 new support request',
      '2 payment reversals waiting for a second person',
      '1 manual discount waiting for a second person',
      '3 discount rule changes waiting for a second person',
    ]);
    expect(attentionLines({ ...NOTHING_WAITING, newApplications: 1200 })[0]!.text).toBe('1,200 new applications to review');
    expect(attentionLines(NOTHING_WAITING)).toEqual([]);
  });

  it('leads each approval a second person must give to the page where it is given', () => {
    expect(attentionLines({ ...NOTHING_WAITING, reversalsAwaitingApproval: 1, manualDiscountsAwaitingApproval: 2, ruleChangesAwaitingApproval: 1 })).toEqual([
      { count: 1, text: '1 payment reversal waiting for a second person', path: '/admin/applications?awaiting=reversal_approval' },
      { count: 2, text: '2 manual discounts waiting for a second person', path: '/admin/discount-management' },
      { count: 1, text: '1 discount rule change waiting for a second person', path: '/admin/discount-rules' },
    ]);
  });

  it('counts unread submissions and everything waiting in the badge', () => {
    expect(attentionTotal(4, { newApplications: 1, newClaims: 2, newSupportRequests: 3, reversalsAwaitingApproval: 1, manualDiscountsAwaitingApproval: 1, ruleChangesAwaitingApproval: 1 })).toBe(13);
    expect(attentionTotal(0, NOTHING_WAITING)).toBe(0);
  });
});
