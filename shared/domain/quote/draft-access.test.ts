import { describe, expect, it } from 'vitest';
import { draftAccess } from './draft-access';

const owner = { id: 'member-1', isAdmin: false, isBroker: false, permissions: [] };
const admin = { id: 'admin-1', isAdmin: true, isBroker: false, permissions: [] };
const supportAgent = { id: 'staff-1', isAdmin: false, isBroker: false, permissions: ['customer_support'] };

describe('draftAccess', () => {
  it('lets the owner read and change', () => {
    expect(draftAccess(owner, 'member-1', 'read')).toBe('allowed');
    expect(draftAccess(owner, 'member-1', 'write')).toBe('allowed');
  });

  it('hides a draft from visitors, other members, brokers and administrators outside support mode', () => {
    expect(draftAccess(null, 'member-1', 'read')).toBe('hidden');
    expect(draftAccess({ ...owner, id: 'member-2' }, 'member-1', 'read')).toBe('hidden');
    expect(draftAccess({ ...owner, id: 'broker-1', isBroker: true }, 'member-1', 'read')).toBe('hidden');
    expect(draftAccess(admin, 'member-1', 'read')).toBe('hidden');
  });

  it('lets staff in support mode for that customer read, and change only at write level', () => {
    const reading = { ...supportAgent, support: { customerId: 'member-1', permissionLevel: 'read' as const } };
    expect(draftAccess(reading, 'member-1', 'read')).toBe('allowed');
    expect(draftAccess(reading, 'member-1', 'write')).toBe('read-only');
    const writing = { ...admin, support: { customerId: 'member-1', permissionLevel: 'write' as const } };
    expect(draftAccess(writing, 'member-1', 'write')).toBe('allowed');
  });

  it('gives support mode no reach beyond its customer, nor to staff who lost the permission', () => {
    const reading = { ...supportAgent, support: { customerId: 'member-1', permissionLevel: 'write' as const } };
    expect(draftAccess(reading, 'member-2', 'read')).toBe('hidden');
    expect(draftAccess({ ...reading, permissions: [] }, 'member-1', 'read')).toBe('hidden');
  });
});
