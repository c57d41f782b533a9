import { authSessionResponseSchema, signInResponseSchema } from '../../../shared/contracts/accounts';
import { supportExitRequestSchema } from '../../../shared/contracts/support';
import { isAdministrator } from '../../../shared/domain/accounts/permissions';
import type { DesktopApiResponse } from '../../preload/bridge-types';

/** What the main process learns from the console's own API traffic. */
export type ConsoleEvent = { type: 'admin-signed-in' } | { type: 'signed-out' } | { type: 'support-exited'; customerId: string };

const SIGN_OUT_PATHS = new Set(['/api/auth/signout', '/api/auth/force-signout']);

/**
 * Every API call of every console window passes through the main process, so it knows without
 * asking the renderer when an administrator signed in (the session or sign-in answer names
 * one), when the console signed out (a sign-out call, or a session answer without an
 * administrator), and when support mode for a customer ended.
 */
export function consoleEventOf(request: { method: string; path: string; body?: unknown }, response: DesktopApiResponse): ConsoleEvent | undefined {
  const path = request.path.split('?')[0];
  const ok = response.status >= 200 && response.status < 300;
  if (request.method === 'POST' && path !== undefined && SIGN_OUT_PATHS.has(path)) return { type: 'signed-out' };
  if (request.method === 'GET' && path === '/api/auth/session' && ok) {
    const session = authSessionResponseSchema.safeParse(response.body);
    if (!session.success) return undefined;
    return isAdministrator(session.data.user) ? { type: 'admin-signed-in' } : { type: 'signed-out' };
  }
  if (request.method === 'POST' && path === '/api/auth/signin' && ok) {
    const signIn = signInResponseSchema.safeParse(response.body);
    if (!signIn.success) return undefined;
    return isAdministrator(signIn.data.user) ? { type: 'admin-signed-in' } : { type: 'signed-out' };
  }
  if (request.method === 'POST' && path === '/api/admin/support/exit' && ok) {
    const exit = supportExitRequestSchema.safeParse(request.body);
    return exit.success ? { type: 'support-exited', customerId: exit.data.customerId } : undefined;
  }
  return undefined;
}

export interface ConsoleEventTargets {
  notifications: { start(): void; stop(): void };
  cache: { clear(): unknown };
  supportWindows: { close(customerId: string): void; closeAll(): void };
}

/**
 * What the console does about each event: notifications run while an administrator is signed in;
 * on sign-out the member records leave the computer and support windows close; a customer's
 * support window closes when support mode for them ends, whichever window ended it.
 */
export function createConsoleEventHandler({ notifications, cache, supportWindows }: ConsoleEventTargets) {
  return (event: ConsoleEvent) => {
    if (event.type === 'admin-signed-in') {
      notifications.start();
    } else if (event.type === 'signed-out') {
      notifications.stop();
      cache.clear();
      supportWindows.closeAll();
    } else {
      supportWindows.close(event.customerId);
    }
  };
}
