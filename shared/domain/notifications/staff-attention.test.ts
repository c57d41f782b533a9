import { describe, expect, it } from 'vitest';
import { attentionLines, attentionTotal } from './staff-attention';

describe('what the admin bell says waits for staff', () => {
  it('names each kind with its count and the page to act on it, leaving out what has nothing waiting', () => {
    expect(attentionLines({ newApplications: 1, newClaims: 0, newSupportRequests: 3, reversalsAwaitingApproval: 0 })).toEqual([
      { count: 1, text: '1 new application to review', path: '/admin/applications' },
      { count: 3, text: '3 new support requests', path: '/admin/support-requests' },
    ]);
    expect(attentionLines({ newApplications: 2, newClaims: 1, newSupportRequests: 1, reversalsAwaitingApproval: 2 }).map((line) => line.text)).toEqual([
      '2 new applications to review',
      '1 claim lodged, not yet assessed',
      '1 new support request',
      '2 payment reversals waiting for a second person',
    ]);
    expect(attentionLines({ newApplications: 0, newClaims: 0, newSupportRequests: 0, reversalsAwaitingApproval: 1 })).toEqual([
      { count: 1, text: '1 payment reversal waiting for a second person', path: '/admin/applications?awaiting=reversal_approval' },
    ]);
    expect(attentionLines({ newApplications: 1200, newClaims: 0, newSupportRequests: 0, reversalsAwaitingApproval: 0 })[0]!.text).toBe('1,200 new applications to review');
    expect(attentionLines({ newApplications: 0, newClaims: 0, newSupportRequests: 0, reversalsAwaitingApproval: 0 })).toEqual([]);
  });

  it('counts unread submissions and everything waiting in the badge', () => {
    expect(attentionTotal(4, { newApplications: 1, newClaims: 2, newSupportRequests: 3, reversalsAwaitingApproval: 1 })).toBe(11);
    expect(attentionTotal(0, { newApplications: 0, newClaims: 0, newSupportRequests: 0, reversalsAwaitingApproval: 0 })).toBe(0);
  });
});
