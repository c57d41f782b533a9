import type { TimelineKind } from '../../contracts/people';

export const TIMELINE_KIND_LABELS: Record<TimelineKind, string> = {
  sign_in: 'Sign-ins',
  sign_out: 'Sign-outs',
  account: 'Account changes',
  wizard_step: 'Wizard steps shown',
  site_activity: 'Other site activity',
  draft: 'Drafts saved',
  estimate: 'Estimates calculated',
  submission: 'Submissions',
  claim: 'Claims',
  payment: 'Payments',
  support: 'Support sessions',
  staff_change: 'What staff changed',
};

/** The security log's event types as timeline kinds; support mode is the staff member's event, shown from the support session instead. */
export function securityEventKind(type: string): TimelineKind | null {
  if (type === 'sign_in_success' || type === 'sign_in_failure' || type === 'account_locked') return 'sign_in';
  if (type === 'sign_out') return 'sign_out';
  if (type === 'support_mode_entered' || type === 'support_mode_exited') return null;
  return 'account';
}

/** The security event types each kind reads. */
export function securityEventTypesOf(kinds: readonly TimelineKind[], allTypes: readonly string[]): string[] {
  return allTypes.filter((type) => {
    const kind = securityEventKind(type);
    return kind !== null && kinds.includes(kind);
  });
}

/** The quote wizard's step views are their own kind; every other analytics event is site activity. */
export const WIZARD_STEP_EVENT = 'quote_step.viewed';
export function analyticsEventKind(event: string): TimelineKind {
  return event === WIZARD_STEP_EVENT ? 'wizard_step' : 'site_activity';
}

/**
 * Audit entries that are not changes: a support session's start and end (the support session is on
 * the timeline itself) and staff opening the person's records. Every other entry about the person
 * is what staff changed.
 */
export const AUDIT_ACTIONS_NOT_CHANGES = ['support.enter', 'support.exit', 'support.view_customer_data', 'people.view', 'people.timeline_view'];

/** Tab sessions that name no visit: the renderer's fallback when the browser keeps no session storage. */
export const SHARED_VISITOR_SESSION_IDS = ['no-session-storage'];

/** An audit action as a heading: 'claim.status_changed' → 'Claim status changed'. */
export function auditActionTitle(action: string): string {
  const words = action.replace(/[._]/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What the timeline says a security event was. */
export function securityEventTitle(type: string, details: Record<string, unknown>): string {
  switch (type) {
    case 'sign_in_success':
      return 'Signed in';
    case 'sign_in_failure':
      return `Sign-in refused (${String(details.reason ?? 'unknown reason').replace(/_/g, ' ')})`;
    case 'account_locked':
      return 'Sign-in locked after repeated failures';
    case 'sign_out':
      return details.forced ? 'Signed out (session ended)' : 'Signed out';
    case 'registration':
      return 'Registered';
    case 'password_changed':
      return 'Changed their password';
    case 'password_reset_requested':
      return details.sentByStaff ? 'Password reset link sent by staff' : 'Asked for a password reset link';
    case 'password_reset':
      return 'Reset their password';
    case 'email_changed':
      return 'Changed their e-mail address';
    case 'role_changed':
      return 'Roles changed';
    case 'account_locked_by_staff':
      return 'Account locked by staff';
    case 'account_unlocked_by_staff':
      return 'Account unlocked by staff';
    default:
      return type.replace(/_/g, ' ');
  }
}
