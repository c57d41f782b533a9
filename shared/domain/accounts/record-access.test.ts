import { describe, expect, it } from 'vitest';
import { canAccessRecord, canUseSupportLevel, isBrokerOfRecord, mayDecideFor } from './record-access';

const owner = { id: 'member', brokerId: 'broker' };
const base = { isAdmin: false, isBroker: false, permissions: [] as string[] };

describe('object-level access to a member record', () => {
  it('lets the member read and change their own records', () => {
    expect(canAccessRecord({ ...base, id: 'member' }, owner, 'write')).toBe(true);
  });

  it('keeps another member out', () => {
    expect(canAccessRecord({ ...base, id: 'other' }, owner, 'read')).toBe(false);
  });

  it('lets the broker of record act for their client, and no other broker', () => {
    expect(canAccessRecord({ ...base, id: 'broker', isBroker: true }, owner, 'write')).toBe(true);
    expect(canAccessRecord({ ...base, id: 'other-broker', isBroker: true }, owner, 'read')).toBe(false);
  });

  it('counts as broker of record only a broker the member’s account names', () => {
    expect(isBrokerOfRecord({ ...base, id: 'broker', isBroker: true }, owner)).toBe(true);
    expect(isBrokerOfRecord({ ...base, id: 'broker', isBroker: false }, owner)).toBe(false);
    expect(isBrokerOfRecord({ ...base, id: 'broker', isBroker: true }, { id: 'member', brokerId: null })).toBe(false);
    expect(isBrokerOfRecord({ ...base, id: 'broker', isBroker: true }, { id: 'broker', brokerId: 'broker' })).toBe(false);
  });

  it('lets administrators read but change only through support mode at the write level', () => {
    const admin = { ...base, id: 'admin', isAdmin: true };
    expect(canAccessRecord(admin, owner, 'read')).toBe(true);
    expect(canAccessRecord(admin, owner, 'write')).toBe(false);
    expect(canAccessRecord({ ...admin, support: { customerId: 'member', permissionLevel: 'read' } }, owner, 'write')).toBe(false);
    expect(canAccessRecord({ ...admin, support: { customerId: 'member', permissionLevel: 'write' } }, owner, 'write')).toBe(true);
  });

  it('leaves staff decisions (money recorded, stages moved) to administrators, never on their own account', () => {
    const admin = { ...base, id: 'admin', isAdmin: true };
    expect(canAccessRecord(admin, owner, 'decide')).toBe(true);
    expect(mayDecideFor(admin, 'admin')).toBe(false);
    expect(canAccessRecord({ ...base, id: 'member' }, owner, 'decide')).toBe(false);
    expect(canAccessRecord({ ...base, id: 'broker', isBroker: true }, owner, 'decide')).toBe(false);
    expect(canAccessRecord({ ...base, id: 'staff', permissions: ['customer_support'], support: { customerId: 'member', permissionLevel: 'write' } }, owner, 'decide')).toBe(false);
  });

  it('limits support staff to the customer of their support session', () => {
    const staff = { ...base, id: 'staff', permissions: ['customer_support'], support: { customerId: 'member', permissionLevel: 'read' as const } };
    expect(canAccessRecord(staff, owner, 'read')).toBe(true);
    expect(canAccessRecord(staff, owner, 'write')).toBe(false);
    expect(canAccessRecord(staff, { id: 'someone-else', brokerId: null }, 'read')).toBe(false);
  });

  it('keeps visitors out', () => {
    expect(canAccessRecord(undefined, owner, 'read')).toBe(false);
  });

  it('needs edit_quotes as well as customer_support for the write level', () => {
    expect(canUseSupportLevel({ ...base, permissions: ['customer_support'] }, 'read')).toBe(true);
    expect(canUseSupportLevel({ ...base, permissions: ['customer_support'] }, 'write')).toBe(false);
    expect(canUseSupportLevel({ ...base, permissions: ['customer_support', 'edit_quotes'] }, 'write')).toBe(true);
    expect(canUseSupportLevel({ ...base, isAdmin: true }, 'write')).toBe(true);
    expect(canUseSupportLevel(base, 'read')).toBe(false);
  });
});
