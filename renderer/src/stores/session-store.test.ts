// @vitest-environment happy-dom
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { SESSION_DEBUG_LOG_LIMIT, SESSION_FRESHNESS_MS } from '@shared/constants';
import { SUPPORT_MESSAGES } from '@shared/contracts/support';
import { refusal, server } from '../testing/server';
import { type ClientUser, enterSupportMode, exitSupportMode, inactiveSupportMode, selectIsSessionActive, useSessionStore } from './session-store';
import { signedInPerson } from '../testing/accounts';

const user: ClientUser = signedInPerson({ id: 'u1', firstName: 'Jo', lastName: 'Grower', permissions: ['view_reports'] });
const state = () => useSessionStore.getState();

describe('the session store (docs/behaviour.md §3, §4)', () => {
  it('clears the user when login starts, and on success sets user, permissions and session id', () => {
    state().loginSucceeded(user, 'first');
    state().loginStarted();
    expect(state().user).toBeNull();
    expect(state().isAuthenticated).toBe(false);
    state().loginSucceeded(user, 'session-ref');
    expect(state()).toMatchObject({ user, isAuthenticated: true, permissions: ['view_reports'], sessionId: 'session-ref', status: 'authenticated' });
    expect(state().lastActivity).toEqual(expect.any(Number));
  });

  it('clears user, permissions, support mode and session id on logout', () => {
    state().loginSucceeded(user, 'session-ref');
    state().supportModeEntered({ customerId: 'c1', customerName: 'Casey', permissionLevel: 'write', adminUserId: 'u1' });
    state().clearSession();
    expect(state()).toMatchObject({ user: null, isAuthenticated: false, permissions: [], sessionId: null, supportMode: inactiveSupportMode, status: 'unauthenticated' });
  });

  it('marks the session unauthenticated when a refresh fails', () => {
    state().loginSucceeded(user, 'session-ref');
    state().refreshFailed('Please sign in to continue.');
    expect(state().isAuthenticated).toBe(false);
    expect(state().status).toBe('unauthenticated');
  });

  it('counts a session active only with a user, authenticated and under 24 hours idle', () => {
    vi.useFakeTimers();
    try {
      vi.setSystemTime(Date.UTC(2026, 10, 22, 8));
      state().loginSucceeded(user, 's');
      expect(selectIsSessionActive(state())).toBe(true);
      vi.setSystemTime(Date.now() + SESSION_FRESHNESS_MS - 1);
      expect(selectIsSessionActive(state())).toBe(true);
      vi.setSystemTime(Date.now() + 1);
      expect(selectIsSessionActive(state())).toBe(false);
      state().recordActivity();
      expect(selectIsSessionActive(state())).toBe(true);
      state().clearSession();
      expect(selectIsSessionActive(state())).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('adds and removes permissions locally', () => {
    state().loginSucceeded(user, 's');
    state().addPermission('edit_quotes');
    state().addPermission('edit_quotes');
    expect(state().permissions).toEqual(['view_reports', 'edit_quotes']);
    state().removePermission('view_reports');
    expect(state().permissions).toEqual(['edit_quotes']);
  });

  it('keeps the last 100 debug log entries', () => {
    for (let entry = 0; entry < SESSION_DEBUG_LOG_LIMIT + 20; entry++) state().log(`entry ${entry}`);
    expect(state().debugLog).toHaveLength(SESSION_DEBUG_LOG_LIMIT);
    expect(state().debugLog[0]!.event).toBe('entry 20');
  });

  it('starts support mode at the read level by default and sanitises what it is given', () => {
    expect(state().supportMode.permissionLevel).toBe('read');
    state().supportModeEntered({ customerId: 'c1', customerName: 'Casey<script>alert(1)</script>', permissionLevel: 'read', adminUserId: 'u1' });
    expect(state().supportMode).toMatchObject({ isActive: true, customerName: 'Casey', customerId: 'c1' });
    state().supportModeExited();
    expect(state().supportMode.isActive).toBe(false);
  });

  it('restores support mode from the server session after a reload, and ends it when the server has none', () => {
    const fromServer = { isActive: true as const, customerId: 'c1', customerName: 'Casey Customer', permissionLevel: 'write' as const, adminUserId: 'u1', sessionStartTime: 1_795_400_000_000 };
    state().sessionLoaded(user, fromServer);
    expect(state().supportMode).toEqual({ ...fromServer, notes: '' });
    // A profile save passes no support mode: the one held stays.
    state().sessionLoaded(user);
    expect(state().supportMode.isActive).toBe(true);
    // Exited in another tab: the server's answer wins.
    state().sessionLoaded(user, null);
    expect(state().supportMode).toEqual(inactiveSupportMode);
  });

  it('logs a failed entry to or exit from support mode (docs/behaviour.md §8, only logged) and tells the caller, and refuses without a signed-in member of staff', async () => {
    const staff: ClientUser = { ...user, id: 'staff-1', isAdmin: true, permissions: ['admin', 'customer_support'] };
    await expect(enterSupportMode('c1', 'Casey')).rejects.toThrow(SUPPORT_MESSAGES.notAuthenticated);
    state().loginSucceeded(staff, 'session-ref');
    const restarting = () => refusal(503, 'server_error', 'The database is restarting.');
    server.use(http.post('/api/admin/support/enter', restarting), http.post('/api/admin/support/exit', restarting));
    await expect(enterSupportMode('c1', 'Casey')).rejects.toThrow('The database is restarting.');
    expect(state().supportMode.isActive).toBe(false);
    expect(state().debugLog.at(-1)).toMatchObject({ event: SUPPORT_MESSAGES.enterFailed, detail: 'The database is restarting.' });
    state().supportModeEntered({ customerId: 'c1', customerName: 'Casey', permissionLevel: 'read', adminUserId: 'staff-1' });
    await expect(exitSupportMode()).rejects.toThrow('The database is restarting.');
    expect(state().supportMode.isActive).toBe(true);
    expect(state().debugLog.at(-1)).toMatchObject({ event: SUPPORT_MESSAGES.exitFailed, detail: 'The database is restarting.' });
  });
});
