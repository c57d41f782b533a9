import { describe, expect, it } from 'vitest';
import { draftAccess, quoteActor } from './draft-access';

const owner = { id: 'member-1', isAdmin: false, isBroker: false, permissions: [] };
const admin = { id: 'admin-1', isAdmin: true, isBroker: false, permissions: [] };
const supportAgent = { id: 'staff-1', isAdmin: false, isBroker: false, permissions: ['customer_support'] };
const broker = { id: 'broker-1', isAdmin: false, isBroker: true, permissions: [] };
const member1 = { id: 'member-1', brokerId: 'broker-1' };
const member2 = { id: 'member-2', brokerId: null };

describe('draftAccess', () => {
  it('lets the owner read and change', () => {
    expect(draftAccess(owner, member1, 'read')).toBe('allowed');
    expect(draftAccess(owner, member1, 'write')).toBe('allowed');
    expect(quoteActor(owner, member1)).toBe('owner');
  });

  it('hides a draft from visitors, other members, other brokers and administrators outside support mode', () => {
    expect(draftAccess(null, member1, 'read')).toBe('hidden');
    expect(draftAccess({ ...owner, id: 'member-2' }, member1, 'read')).toBe('hidden');
    expect(draftAccess({ ...broker, id: 'broker-2' }, member1, 'read')).toBe('hidden');
    expect(draftAccess(broker, member2, 'read')).toBe('hidden');
    expect(draftAccess(admin, member1, 'read')).toBe('hidden');
    expect(quoteActor(admin, member1)).toBeNull();
  });

  it('lets the broker of record read and change their client’s quotes', () => {
    expect(draftAccess(broker, member1, 'read')).toBe('allowed');
    expect(draftAccess(broker, member1, 'write')).toBe('allowed');
    expect(quoteActor(broker, member1)).toBe('broker');
  });

  it('gives a former broker (the role taken away) no reach, even while still named on the account', () => {
    expect(draftAccess({ ...broker, isBroker: false }, member1, 'read')).toBe('hidden');
  });

  it('lets staff in support mode for that customer read, and change only at write level', () => {
    const reading = { ...supportAgent, support: { customerId: 'member-1', permissionLevel: 'read' as const } };
    expect(draftAccess(reading, member1, 'read')).toBe('allowed');
    expect(draftAccess(reading, member1, 'write')).toBe('read-only');
    expect(quoteActor(reading, member1)).toBe('support');
    const writing = { ...admin, support: { customerId: 'member-1', permissionLevel: 'write' as const } };
    expect(draftAccess(writing, member1, 'write')).toBe('allowed');
  });

  it('gives support mode no reach beyond its customer, nor to staff who lost the permission', () => {
    const reading = { ...supportAgent, support: { customerId: 'member-1', permissionLevel: 'write' as const } };
    expect(draftAccess(reading, member2, 'read')).toBe('hidden');
    expect(draftAccess({ ...reading, permissions: [] }, member1, 'read')).toBe('hidden');
  });
});
