// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { noSuchRoute, server } from '../../testing/server';
import { type ClientUser, useSessionStore } from '../../stores/session-store';
import { keepMember, MemberLink } from './member-scope';

const broker: ClientUser = { id: 'b1', email: 'bea@example.com', name: 'Bea Broker', firstName: 'Bea', lastName: 'Broker', isAdmin: false, isBroker: true, permissions: [] };
const initial = useSessionStore.getState();

afterEach(() => {
  cleanup();
  useSessionStore.setState(initial, true);
});

describe('keepMember: the chosen client stays in the address', () => {
  it('adds ?member= to a page of the member area, before its hash and beside its own query', () => {
    expect(keepMember('/dashboard', 'c1')).toBe('/dashboard?member=c1');
    expect(keepMember('/dashboard/claims#claim-9', 'c1')).toBe('/dashboard/claims?member=c1#claim-9');
    expect(keepMember('/dashboard/claims?alert=a1', 'c1')).toBe('/dashboard/claims?alert=a1&member=c1');
  });

  it('leaves alone an address that names its member, and any address outside the member area', () => {
    expect(keepMember('/dashboard?member=c2', 'c1')).toBe('/dashboard?member=c2');
    expect(keepMember('/quote?customerId=c1', 'c1')).toBe('/quote?customerId=c1');
    expect(keepMember('/admin/users', 'c1')).toBe('/admin/users');
    expect(keepMember('/dashboards', 'c1')).toBe('/dashboards');
  });
});

describe('MemberLink', () => {
  // The links come from the session the store holds; the session call the page makes meanwhile is refused.
  beforeEach(() => server.use(http.get('/api/auth/session', noSuchRoute)));

  const renderAt = (address: string) => renderWithProviders(<MemberLink to="/dashboard/claims">Follow your claims</MemberLink>, { at: address });

  it('carries the client a broker chose, and nothing once they are back on their own account', () => {
    useSessionStore.getState().sessionLoaded(broker, null);
    renderAt('/dashboard?member=c1');
    expect(screen.getByRole('link', { name: 'Follow your claims' }).getAttribute('href')).toBe('/dashboard/claims?member=c1');
    cleanup();
    renderAt('/dashboard');
    expect(screen.getByRole('link', { name: 'Follow your claims' }).getAttribute('href')).toBe('/dashboard/claims');
  });
});
