import { describe, expect, it } from 'vitest';
import { supportSessionEndedMessage, supportSessionLimitMessage, supportSessionStanding } from './support-standing';

const staff = (permissions: string[], isAdmin = false) => ({ id: 'staff', isAdmin, permissions });
const customer = (overrides: Partial<{ permissions: string[]; isAdmin: boolean; locked: boolean }> = {}) => ({ id: 'customer', isAdmin: false, permissions: [], locked: false, ...overrides });
const writer = staff(['customer_support', 'edit_quotes']);

describe('what a support session may do now', () => {
  it('holds the level chosen at entry while the holder may still use it', () => {
    expect(supportSessionStanding(writer, customer(), 'write')).toEqual({ status: 'active', level: 'write' });
    expect(supportSessionStanding(writer, customer(), 'read')).toEqual({ status: 'active', level: 'read' });
    expect(supportSessionStanding(staff([], true), customer(), 'write')).toEqual({ status: 'active', level: 'write' });
  });

  it('ends a write-level session whose holder lost edit_quotes, and leaves a read-level one, which never used it', () => {
    const lost = staff(['customer_support']);
    expect(supportSessionStanding(lost, customer(), 'write')).toEqual({ status: 'ended', reason: 'edit_quotes_removed' });
    expect(supportSessionStanding(lost, customer(), 'read')).toEqual({ status: 'active', level: 'read' });
  });

  it('ends every session of a holder who lost customer_support, whatever else they hold', () => {
    expect(supportSessionStanding(staff(['edit_quotes']), customer(), 'write')).toEqual({ status: 'ended', reason: 'customer_support_removed' });
    expect(supportSessionStanding(staff([]), customer(), 'read')).toEqual({ status: 'ended', reason: 'customer_support_removed' });
    // An administrator who lost the admin role holds only their listed permissions.
    expect(supportSessionStanding(staff(['customer_support']), customer(), 'write')).toEqual({ status: 'ended', reason: 'edit_quotes_removed' });
  });

  it('ends when the customer is gone, or became staff that support staff may not act for', () => {
    expect(supportSessionStanding(writer, null, 'read')).toEqual({ status: 'ended', reason: 'customer_deleted' });
    expect(supportSessionStanding(writer, customer({ permissions: ['customer_support'] }), 'read')).toEqual({ status: 'ended', reason: 'customer_is_staff' });
    expect(supportSessionStanding(writer, customer({ isAdmin: true }), 'read')).toEqual({ status: 'ended', reason: 'customer_is_staff' });
    // An administrator may still help a staff account.
    expect(supportSessionStanding(staff([], true), customer({ permissions: ['customer_support'] }), 'write')).toEqual({ status: 'active', level: 'write' });
  });

  it('holds a write-level session to looking while the customer’s account is locked', () => {
    expect(supportSessionStanding(writer, customer({ locked: true }), 'write')).toEqual({ status: 'limited', level: 'read', reason: 'customer_locked' });
    expect(supportSessionStanding(writer, customer({ locked: true }), 'read')).toEqual({ status: 'active', level: 'read' });
    // A lost permission still ends it: the lock does not keep a session its holder may not have.
    expect(supportSessionStanding(staff(['customer_support']), customer({ locked: true }), 'write')).toEqual({ status: 'ended', reason: 'edit_quotes_removed' });
  });

  it('says what ended the session and what to do next', () => {
    expect(supportSessionEndedMessage('edit_quotes_removed', 'Gale Grower')).toBe(
      'Your support session for Gale Grower has ended: you no longer hold the edit_quotes permission that write access needs. Enter support mode again at read level, or ask an administrator for edit_quotes.',
    );
    expect(supportSessionLimitMessage('customer_locked', 'Gale Grower')).toContain('Unlock the account');
  });
});
