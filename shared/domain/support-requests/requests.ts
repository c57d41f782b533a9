/**
 * Support requests (docs/support-requests.md): one queue of every request for help a person makes,
 * whatever door it came in by, and the path it takes until it is resolved.
 */
import type { SupportRequestSource, SupportRequestStatus } from '../../contracts/support-requests';

export const SUPPORT_REQUEST_SOURCE_LABELS: Record<SupportRequestSource, string> = {
  callback: 'Callback request',
  contact: 'Contact message',
  claim_information: 'Claim information',
  help_form: 'Ask for help',
};

export const SUPPORT_REQUEST_STATUS_LABELS: Record<SupportRequestStatus, string> = {
  new: 'New',
  assigned: 'Assigned',
  in_progress: 'In progress',
  waiting_on_member: 'Waiting on member',
  resolved: 'Resolved',
};

/** What the member reads beside their request in the dashboard. */
export const SUPPORT_REQUEST_STATUS_FOR_MEMBER: Record<SupportRequestStatus, string> = {
  new: 'Received',
  assigned: 'With our team',
  in_progress: 'With our team',
  waiting_on_member: 'Answered',
  resolved: 'Resolved',
};

export const isOpenRequest = (status: SupportRequestStatus) => status !== 'resolved';

/**
 * The status staff chose, checked against the assignee: 'assigned' needs someone, and a new request
 * that is given to someone becomes 'assigned'; taking the assignee off an 'assigned' one makes it new again.
 */
export function nextStatus(current: SupportRequestStatus, change: { status?: SupportRequestStatus | undefined; assigneeId: string | null }): SupportRequestStatus | { error: string } {
  const wanted = change.status ?? current;
  if (wanted === 'assigned' && !change.assigneeId) return change.status === 'assigned' ? { error: 'Choose who the request is assigned to.' } : 'new';
  if (wanted === 'new' && change.assigneeId) return change.status === 'new' ? { error: 'A new request has no assignee: take the assignee off or choose another status.' } : 'assigned';
  return wanted;
}

/** A staff answer puts the request with the member, unless staff resolve it with the answer. */
export const statusAfterStaffReply = (resolve: boolean): SupportRequestStatus => (resolve ? 'resolved' : 'waiting_on_member');

/** A member's follow-up brings an answered request back to staff; otherwise the status stays. */
export const statusAfterMemberMessage = (current: SupportRequestStatus): SupportRequestStatus => (current === 'waiting_on_member' ? 'in_progress' : current);

/** The target clock stops at the first answer: a reply, or the request put with the member or resolved. */
export const answersTheRequest = (status: SupportRequestStatus) => status === 'waiting_on_member' || status === 'resolved';
