/**
 * The session area of client state (docs/behaviour.md §3 'Session (client)', §4 'Session status'). State changes
 * are actions of the store (so their arguments are sanitised, docs/behaviour.md §5); the calls to the server are
 * the functions below the store, so that passwords never pass through the sanitiser.
 */
import { DEFAULT_SUPPORT_PERMISSION_LEVEL, type Permission, SESSION_DEBUG_LOG_LIMIT, type SupportPermissionLevel } from '@shared/constants';
import { type AccountUser, type SessionUser } from '@shared/contracts/accounts';
import { type SessionCache, type SessionSupportMode, SUPPORT_MESSAGES } from '@shared/contracts/support';
import { signInEndpoints } from '@shared/endpoints/sign-in';
import { supportEndpoints } from '@shared/endpoints/support';
import { isSessionActive } from '@shared/domain/accounts/session-activity';
import { isAdministrator, withoutPermission, withPermission } from '@shared/domain/accounts/permissions';
import { callEndpoint } from '../lib/api-client';
import { createAppStore } from './create-store';
import { rememberSignedInHome, SESSION_CACHE_KEY } from './session-cache';

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

/** The user as the client keeps it: docs/behaviour.md §3 fields plus what the shell shows. */
export type ClientUser = Pick<SessionUser, 'id' | 'email' | 'firstName' | 'lastName' | 'isAdmin' | 'permissions' | 'name' | 'isBroker' | 'isReferrer'>;

export interface SupportModeState {
  isActive: boolean;
  customerId: string | null;
  customerName: string | null;
  permissionLevel: SupportPermissionLevel;
  adminUserId: string | null;
  sessionStartTime: number | null;
  notes: string;
}

export interface DebugEntry {
  at: number;
  event: string;
  detail?: string;
}

export interface SessionState {
  status: SessionStatus;
  user: ClientUser | null;
  isAuthenticated: boolean;
  permissions: Permission[];
  sessionId: string | null;
  lastActivity: number | null;
  supportMode: SupportModeState;
  fireRiskSurvey: { hasCompleted: boolean; data: Record<string, unknown> | null; isLoading: boolean; error: string | null };
  debugLog: DebugEntry[];
  /**
   * How often this page itself changed who is signed in or its support mode (sign-in, sign-out,
   * refresh, support mode entered or left). A read of the session sent before the latest change
   * answers for an older session, so it is set aside (get-session.ts).
   */
  changesHere: number;
  /** Login first clears the user (docs/behaviour.md §4). */
  loginStarted: () => void;
  loginSucceeded: (user: ClientUser, sessionId: string) => void;
  loginFailed: (message: string) => void;
  /**
   * The server's view of the session (GET /api/auth/session); null when signed out. `supportMode`
   * is the server's support session (null: none); left out, the support mode kept is unchanged.
   */
  sessionLoaded: (user: ClientUser | null, supportMode?: SessionSupportMode | null) => void;
  refreshSucceeded: (user: ClientUser, sessionId: string) => void;
  refreshFailed: (message: string) => void;
  /** Logout, whether the call succeeded or not: user, permissions, support mode and session id go. */
  clearSession: () => void;
  recordActivity: () => void;
  addPermission: (permission: Permission) => void;
  removePermission: (permission: Permission) => void;
  supportModeEntered: (details: { customerId: string; customerName: string; permissionLevel: SupportPermissionLevel; adminUserId: string; notes?: string }) => void;
  supportModeExited: () => void;
  setFireRiskSurvey: (survey: Partial<SessionState['fireRiskSurvey']>) => void;
  log: (event: string, detail?: string) => void;
}

export const inactiveSupportMode: SupportModeState = {
  isActive: false,
  customerId: null,
  customerName: null,
  permissionLevel: DEFAULT_SUPPORT_PERMISSION_LEVEL,
  adminUserId: null,
  sessionStartTime: null,
  notes: '',
};

const initialState = {
  status: 'loading' as SessionStatus,
  user: null,
  isAuthenticated: false,
  permissions: [],
  sessionId: null,
  lastActivity: null,
  supportMode: inactiveSupportMode,
  fireRiskSurvey: { hasCompleted: false, data: null, isLoading: false, error: null },
  debugLog: [],
  changesHere: 0,
};

export const toClientUser = (user: SessionUser | AccountUser): ClientUser => ({
  id: user.id,
  email: user.email,
  name: user.name,
  firstName: user.firstName,
  lastName: user.lastName,
  isAdmin: user.isAdmin,
  isBroker: user.isBroker,
  isReferrer: user.isReferrer,
  permissions: user.permissions,
});

export const useSessionStore = createAppStore<SessionState>((set) => {
  const append = (state: SessionState, event: string, detail?: string) => {
    state.debugLog.push({ at: Date.now(), event, ...(detail ? { detail } : {}) });
    if (state.debugLog.length > SESSION_DEBUG_LOG_LIMIT) state.debugLog.splice(0, state.debugLog.length - SESSION_DEBUG_LOG_LIMIT);
  };
  const changedHere = (state: SessionState, event: string, detail?: string) => {
    state.changesHere += 1;
    append(state, event, detail);
  };
  const signedOut = (state: SessionState) => {
    state.status = 'unauthenticated';
    state.user = null;
    state.isAuthenticated = false;
    state.permissions = [];
    state.sessionId = null;
    state.supportMode = { ...inactiveSupportMode };
  };
  const signedIn = (state: SessionState, user: ClientUser, sessionId: string | null) => {
    state.status = 'authenticated';
    state.user = user;
    state.isAuthenticated = true;
    state.permissions = [...user.permissions];
    state.sessionId = sessionId;
    state.lastActivity = Date.now();
  };
  return {
    ...initialState,
    loginStarted: () =>
      set((state) => {
        state.user = null;
        state.isAuthenticated = false;
        state.permissions = [];
        changedHere(state, 'login started');
      }),
    loginSucceeded: (user, sessionId) =>
      set((state) => {
        signedIn(state, user, sessionId);
        // A sign-in starts a new server session, which is in no support mode.
        state.supportMode = { ...inactiveSupportMode };
        changedHere(state, 'login succeeded');
      }),
    loginFailed: (message) =>
      set((state) => {
        signedOut(state);
        changedHere(state, 'login failed', message);
      }),
    sessionLoaded: (user, supportMode) =>
      set((state) => {
        if (user) signedIn(state, user, state.sessionId);
        else signedOut(state);
        // The server's support session wins: a reload, a new tab or an exit in another tab shows the truth.
        if (user && supportMode !== undefined) {
          const notes = supportMode && supportMode.customerId === state.supportMode.customerId ? state.supportMode.notes : '';
          state.supportMode = supportMode ? { ...supportMode, notes } : { ...inactiveSupportMode };
        }
        append(state, user ? 'session loaded' : 'no session');
      }),
    refreshSucceeded: (user, sessionId) =>
      set((state) => {
        signedIn(state, user, sessionId);
        changedHere(state, 'session refreshed');
      }),
    refreshFailed: (message) =>
      set((state) => {
        state.status = 'unauthenticated';
        state.isAuthenticated = false;
        changedHere(state, 'refresh failed', message);
      }),
    clearSession: () =>
      set((state) => {
        signedOut(state);
        changedHere(state, 'logged out');
      }),
    recordActivity: () => set({ lastActivity: Date.now() }),
    addPermission: (permission) => set((state) => void (state.permissions = withPermission(state.permissions, permission))),
    removePermission: (permission) => set((state) => void (state.permissions = withoutPermission(state.permissions, permission))),
    supportModeEntered: ({ customerId, customerName, permissionLevel, adminUserId, notes = '' }) =>
      set((state) => {
        state.supportMode = { isActive: true, customerId, customerName, permissionLevel, adminUserId, sessionStartTime: Date.now(), notes };
        changedHere(state, 'support mode entered', customerId);
      }),
    supportModeExited: () =>
      set((state) => {
        state.supportMode = { ...inactiveSupportMode };
        changedHere(state, 'support mode exited');
      }),
    setFireRiskSurvey: (survey) => set((state) => void Object.assign(state.fireRiskSurvey, survey)),
    log: (event, detail) => set((state) => append(state, event, detail)),
  };
});

/** docs/behaviour.md §3 local storage: the session cache (session-cache.ts), there while support mode runs and removed when it ends. */
useSessionStore.subscribe((state, previous) => {
  if (state.supportMode === previous.supportMode) return;
  const { isActive, customerId } = state.supportMode;
  const cache: SessionCache = { supportMode: { enabled: true, customerId } };
  try {
    if (isActive) localStorage.setItem(SESSION_CACHE_KEY, JSON.stringify(cache));
    else localStorage.removeItem(SESSION_CACHE_KEY);
  } catch {
    // Storage switched off: public pages then show the support bar only once the session is read.
  }
});

/** The public header's hint (session-cache.ts): where this person's own pages start, while signed in. */
useSessionStore.subscribe((state, previous) => {
  if (state.status === previous.status && state.user === previous.user) return;
  if (state.status === 'loading') return;
  rememberSignedInHome(state.user ? (isAdministrator(state.user) ? '/admin/dashboard' : '/dashboard') : null);
});

/** docs/behaviour.md §4: active only with a user, authenticated, and active in the last 24 hours. */
export function selectIsSessionActive(state: Pick<SessionState, 'user' | 'isAuthenticated' | 'lastActivity'>): boolean {
  return isSessionActive(state);
}

const store = () => useSessionStore.getState();

/**
 * docs/behaviour.md §4 logout: clear local storage, session storage, readable cookies and caches, end the
 * session on the server (force-signout also clears the HttpOnly cookies), then go to '/'. The
 * session state is cleared whether or not the call succeeds.
 */
export async function logout(navigate: (url: string) => void = (url) => window.location.assign(url)): Promise<void> {
  try {
    await callEndpoint(signInEndpoints.forceSignOut);
  } catch (error) {
    store().log('force sign-out failed', error instanceof Error ? error.message : undefined);
  } finally {
    store().clearSession();
    await clearBrowserData();
    navigate('/');
  }
}

async function clearBrowserData() {
  try {
    localStorage.clear();
    sessionStorage.clear();
  } catch {
    // Storage can be switched off by the browser; there is then nothing to clear.
  }
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  if ('caches' in window) {
    const names = await caches.keys();
    await Promise.all(names.map((name) => caches.delete(name)));
  }
}

/** Enters support mode for a customer; throws with the docs/behaviour.md §8 text when it fails. */
export async function enterSupportMode(customerId: string, customerName: string, permissionLevel: SupportPermissionLevel = DEFAULT_SUPPORT_PERMISSION_LEVEL, notes?: string): Promise<void> {
  const adminUserId = store().user?.id;
  if (!adminUserId) throw new Error(SUPPORT_MESSAGES.notAuthenticated);
  try {
    const response = await callEndpoint(supportEndpoints.enter, { body: { adminUserId, customerId, customerName, permissionLevel } });
    store().supportModeEntered({ customerId, customerName: response.customerName, permissionLevel, adminUserId, notes });
  } catch (error) {
    store().log(SUPPORT_MESSAGES.enterFailed, error instanceof Error ? error.message : undefined);
    throw error;
  }
}

export async function exitSupportMode(): Promise<void> {
  const { supportMode, user } = store();
  if (!supportMode.isActive || !supportMode.customerId) return;
  if (!user) throw new Error(SUPPORT_MESSAGES.notAuthenticated);
  try {
    await callEndpoint(supportEndpoints.exit, { body: { adminUserId: user.id, customerId: supportMode.customerId, sessionDuration: Date.now() - (supportMode.sessionStartTime ?? Date.now()) } });
    store().supportModeExited();
  } catch (error) {
    store().log(SUPPORT_MESSAGES.exitFailed, error instanceof Error ? error.message : undefined);
    throw error;
  }
}
