import type { StaffAttention } from '../../contracts/public-site';

export interface AttentionLine {
  count: number;
  text: string;
  /** The admin page where staff act on it. */
  path: string;
}

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** The bell's lines for what waits beyond form submissions, only those with something waiting. */
export function attentionLines(attention: StaffAttention): AttentionLine[] {
  return [
    { count: attention.newApplications, text: counted(attention.newApplications, 'new application to review', 'new applications to review'), path: '/admin/applications' },
    { count: attention.newClaims, text: counted(attention.newClaims, 'claim lodged, not yet assessed', 'claims lodged, not yet assessed'), path: '/admin/claims' },
    { count: attention.newSupportRequests, text: counted(attention.newSupportRequests, 'new support request', 'new support requests'), path: '/admin/support-requests' },
  ].filter((line) => line.count > 0);
}

/** Everything the bell's badge counts: unread submissions and what waits. */
export function attentionTotal(unreadCount: number, attention: StaffAttention): number {
  return unreadCount + attention.newApplications + attention.newClaims + attention.newSupportRequests;
}
