import { describe, expect, it } from 'vitest';
import type { AppError } from '../lib/app-error';
import { type Actor, authorize, LOOK_ONLY_MESSAGE, SUPPORT_READ_ONLY_MESSAGE, OTHER_MEMBER_QUOTES_MESSAGE, READ_ONLY_SUPPORT_MESSAGE, type Subject } from './authorize';

const actor = (id: string, roles: Partial<Actor> = {}): Actor => ({ id, isAdmin: false, isBroker: false, permissions: [], support: null, ...roles });
const member = actor('member');
const owner = { id: 'member', brokerId: 'broker' };
const broker = actor('broker', { isBroker: true });
const otherBroker = actor('other-broker', { isBroker: true });
const other = actor('other');
const admin = actor('admin', { isAdmin: true });
const support = (permissionLevel: 'read' | 'write') => actor('staff', { permissions: ['customer_support'], support: { customerId: 'member', permissionLevel } });

/** The status and message authorize() refuses with, or 'allowed'. */
function outcome(who: Actor | undefined, action: Parameters<typeof authorize>[1], subject: Subject): string {
  try {
    authorize(who, action, subject);
    return 'allowed';
  } catch (error) {
    return `${(error as AppError).status} ${(error as AppError).message}`;
  }
}

describe('authorize', () => {
  it('answers 401 to a visitor whatever they ask for', () => {
    expect(outcome(undefined, 'read', { type: 'record', owner, notFoundMessage: 'Claim not found.' })).toBe('401 Please sign in to continue.');
    expect(outcome(undefined, 'use', { type: 'role', role: 'signedIn' })).toBe('401 Please sign in to continue.');
  });

  it('hides an existing record (404) from those who may not read it, and lets those who may only read look (403 to change it)', () => {
    const claim: Subject = { type: 'record', owner, notFoundMessage: 'Claim not found.' };
    expect(outcome(member, 'write', claim)).toBe('allowed');
    expect(outcome(broker, 'write', claim)).toBe('allowed');
    expect(outcome(other, 'read', claim)).toBe('404 Claim not found.');
    expect(outcome(otherBroker, 'read', claim)).toBe('404 Claim not found.');
    expect(outcome(admin, 'read', claim)).toBe('allowed');
    expect(outcome(admin, 'write', claim)).toBe(`403 ${LOOK_ONLY_MESSAGE}`);
    expect(outcome(support('read'), 'write', claim)).toBe(`403 ${SUPPORT_READ_ONLY_MESSAGE}`);
    expect(outcome(support('write'), 'write', claim)).toBe('allowed');
  });

  it('refuses with 403 to act for a member named in the request', () => {
    expect(outcome(other, 'read', { type: 'member', owner })).toBe('403 You cannot see records of this member.');
    expect(outcome(admin, 'write', { type: 'member', owner })).toBe('403 You cannot change records of this member.');
    expect(outcome(broker, 'write', { type: 'member', owner })).toBe('allowed');
    expect(outcome(support('read'), 'read', { type: 'member', owner })).toBe('allowed');
    expect(outcome(support('read'), 'write', { type: 'member', owner })).toBe(`403 ${SUPPORT_READ_ONLY_MESSAGE}`);
    expect(outcome(support('write'), 'write', { type: 'member', owner })).toBe('allowed');
  });

  it('keeps quotes in progress to the member, their broker and a support session, not administrators outside one', () => {
    const draft: Subject = { type: 'quote', owner, notFoundMessage: 'Draft not found.' };
    expect(outcome(broker, 'write', draft)).toBe('allowed');
    expect(outcome(admin, 'read', draft)).toBe('404 Draft not found.');
    expect(outcome(support('read'), 'read', draft)).toBe('allowed');
    expect(outcome(support('read'), 'write', draft)).toBe(`403 ${READ_ONLY_SUPPORT_MESSAGE}`);
    expect(outcome(other, 'write', { type: 'quote', owner })).toBe(`403 ${OTHER_MEMBER_QUOTES_MESSAGE}`);
  });

  it('says how the actor reached the record, so a broker’s change can be audited', () => {
    expect(authorize(member, 'write', { type: 'member', owner })).toBe('owner');
    expect(authorize(broker, 'write', { type: 'member', owner })).toBe('broker');
    expect(authorize(support('write'), 'write', { type: 'member', owner })).toBe('support');
    expect(authorize(admin, 'read', { type: 'member', owner })).toBe('staff');
  });

  it('guards roles and permissions with the sentences the guards have always used', () => {
    expect(outcome(member, 'use', { type: 'role', role: 'administrator' })).toBe('403 Only administrators can do that.');
    expect(outcome(actor('p', { permissions: ['admin'] }), 'use', { type: 'role', role: 'administrator' })).toBe('allowed');
    expect(outcome(member, 'use', { type: 'role', role: 'broker' })).toBe('403 Only brokers have clients.');
    expect(outcome(member, 'use', { type: 'role', role: 'referrer' })).toBe('403 Only referrer accounts can see referrals.');
    expect(outcome({ ...member, referrer: { id: 'r' } }, 'use', { type: 'role', role: 'referrer' })).toBe('allowed');
    expect(outcome(member, 'use', { type: 'permissions', anyOf: ['customer_support', 'view_reports'] })).toBe('403 You need the customer_support or view_reports permission to do that.');
    expect(outcome(actor('s', { permissions: ['customer_support'] }), 'use', { type: 'permissions', allOf: ['customer_support', 'edit_quotes'] })).toBe(
      '403 You need the customer_support and edit_quotes permissions to do that.',
    );
    expect(outcome(admin, 'use', { type: 'permissions', allOf: ['customer_support', 'edit_quotes'] })).toBe('allowed');
  });

  it('lets staff into support mode in SPEC’s words, at the level their permissions allow, for customers only', () => {
    const staff = actor('staff', { permissions: ['customer_support'] });
    expect(outcome(undefined, 'use', { type: 'support' })).toBe('401 Admin user not authenticated');
    expect(outcome(member, 'use', { type: 'support' })).toBe('403 Admin user not authenticated');
    expect(outcome(staff, 'use', { type: 'support', level: 'read' })).toBe('allowed');
    expect(outcome(staff, 'use', { type: 'support', level: 'write' })).toBe('403 Support mode with write access needs the edit_quotes permission as well as customer_support.');
    expect(outcome(admin, 'use', { type: 'support', level: 'write' })).toBe('allowed');
    expect(outcome(staff, 'use', { type: 'support', customer: actor('colleague', { permissions: ['customer_support'] }) })).toBe(
      '403 Support staff can act for customers only; an administrator can help with a staff account.',
    );
    expect(outcome(admin, 'use', { type: 'support', customer: actor('colleague', { permissions: ['customer_support'] }) })).toBe('allowed');
  });
});
