import { describe, expect, it, vi } from 'vitest';
import { consoleEventOf, createConsoleEventHandler } from './console-events';

const user = (overrides: { isAdmin?: boolean; permissions?: string[] } = {}) => ({
  id: 'u1',
  email: 'staff@grainmutual.example',
  name: 'Pat Staff',
  firstName: 'Pat',
  lastName: 'Staff',
  isAdmin: false,
  isBroker: false,
  isReferrer: false,
  permissions: [],
  ...overrides,
});
const ok = (body: unknown) => ({ status: 200, headers: { 'content-type': 'application/json' }, body });

describe('what the main process learns from the console’s API traffic', () => {
  it('an administrator’s session or sign-in means an administrator is signed in', () => {
    expect(consoleEventOf({ method: 'GET', path: '/api/auth/session' }, ok({ user: user({ isAdmin: true }), expires: '2026-04-01T00:00:00.000Z' }))).toEqual({ type: 'admin-signed-in' });
    expect(consoleEventOf({ method: 'GET', path: '/api/auth/session' }, ok({ user: user({ permissions: ['admin'] }), expires: '2026-04-01T00:00:00.000Z' }))).toEqual({ type: 'admin-signed-in' });
    const signIn = {
      success: true,
      sessionId: 's1',
      user: {
        ...user({ isAdmin: true }),
        phone: null,
        address: null,
        businessName: null,
        abn: null,
        allowMarketing: false,
        emailVerified: true,
        pendingEmail: null,
        referredByCode: null,
        referrer: null,
        createdAt: '2026-01-01T00:00:00.000Z',
      },
    };
    expect(consoleEventOf({ method: 'POST', path: '/api/auth/signin', body: {} }, ok(signIn))).toEqual({ type: 'admin-signed-in' });
  });

  it('a session without an administrator, or a sign-out call, means signed out', () => {
    expect(consoleEventOf({ method: 'GET', path: '/api/auth/session' }, ok({}))).toEqual({ type: 'signed-out' });
    expect(consoleEventOf({ method: 'GET', path: '/api/auth/session' }, ok({ user: user(), expires: '2026-04-01T00:00:00.000Z' }))).toEqual({ type: 'signed-out' });
    expect(consoleEventOf({ method: 'POST', path: '/api/auth/force-signout' }, { status: 500, headers: {}, body: '' })).toEqual({ type: 'signed-out' });
    expect(consoleEventOf({ method: 'POST', path: '/api/auth/signout' }, ok({ success: true, url: '/' }))).toEqual({ type: 'signed-out' });
  });

  it('a failed or unreadable answer tells nothing', () => {
    expect(consoleEventOf({ method: 'GET', path: '/api/auth/session' }, { status: 500, headers: {}, body: {} })).toBeUndefined();
    expect(consoleEventOf({ method: 'GET', path: '/api/auth/session' }, ok('<html>'))).toBeUndefined();
    expect(consoleEventOf({ method: 'POST', path: '/api/auth/signin' }, { status: 401, headers: {}, body: { error: 'invalid_credentials', message: 'No' } })).toBeUndefined();
    expect(consoleEventOf({ method: 'GET', path: '/api/admin/members?search=jo' }, ok({}))).toBeUndefined();
  });

  it('a confirmed support exit names the customer', () => {
    const request = { method: 'POST', path: '/api/admin/support/exit', body: { adminUserId: 'u1', customerId: 'cust-1', sessionDuration: 1000 } };
    expect(consoleEventOf(request, ok({ success: true, sessionDuration: 1000 }))).toEqual({ type: 'support-exited', customerId: 'cust-1' });
    expect(consoleEventOf(request, { status: 403, headers: {}, body: {} })).toBeUndefined();
  });
});

describe('what the console does about each event', () => {
  const setUp = () => {
    const targets = { notifications: { start: vi.fn(), stop: vi.fn() }, cache: { clear: vi.fn() }, supportWindows: { close: vi.fn(), closeAll: vi.fn() } };
    return { targets, handle: createConsoleEventHandler(targets) };
  };

  it('starts notifications when an administrator signs in', () => {
    const { targets, handle } = setUp();
    handle({ type: 'admin-signed-in' });
    expect(targets.notifications.start).toHaveBeenCalledOnce();
    expect(targets.cache.clear).not.toHaveBeenCalled();
  });

  it('on sign-out stops notifications, empties the member cache and closes support windows', () => {
    const { targets, handle } = setUp();
    handle({ type: 'signed-out' });
    expect(targets.notifications.stop).toHaveBeenCalledOnce();
    expect(targets.cache.clear).toHaveBeenCalledOnce();
    expect(targets.supportWindows.closeAll).toHaveBeenCalledOnce();
  });

  it('closes the customer’s support window when support mode for them ends', () => {
    const { targets, handle } = setUp();
    handle({ type: 'support-exited', customerId: 'cust-1' });
    expect(targets.supportWindows.close).toHaveBeenCalledWith('cust-1');
    expect(targets.notifications.stop).not.toHaveBeenCalled();
  });
});
