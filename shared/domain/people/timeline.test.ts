import { describe, expect, it } from 'vitest';
import { analyticsEventKind, auditActionTitle, securityEventKind, securityEventTitle, securityEventTypesOf } from './timeline';

describe('timeline kinds', () => {
  it('puts sign-in outcomes under sign-ins and leaves the staff member’s support events to the support session', () => {
    expect(securityEventKind('sign_in_failure')).toBe('sign_in');
    expect(securityEventKind('sign_out')).toBe('sign_out');
    expect(securityEventKind('password_reset')).toBe('account');
    expect(securityEventKind('support_mode_entered')).toBeNull();
    expect(securityEventTypesOf(['sign_out', 'support'], ['sign_in_success', 'sign_out', 'support_mode_exited'])).toEqual(['sign_out']);
  });

  it('tells wizard steps from other site activity', () => {
    expect(analyticsEventKind('quote_step.viewed')).toBe('wizard_step');
    expect(analyticsEventKind('page_view')).toBe('site_activity');
  });

  it('says why a sign-in was refused', () => {
    expect(securityEventTitle('sign_in_failure', { reason: 'wrong_password' })).toBe('Sign-in refused (wrong password)');
    expect(securityEventTitle('sign_out', { forced: true })).toBe('Signed out (session ended)');
  });

  it('names an audit action in words', () => {
    expect(auditActionTitle('claim.status_changed')).toBe('Claim status changed');
  });
});
