// @vitest-environment happy-dom
import type { LoaderFunctionArgs } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../stores/session-store';
import { checkAccess, onAccessChange } from './access-check';
import { signedInPerson } from '../testing/accounts';

const grower = signedInPerson({ id: 'u1', email: 'grower@example.com', firstName: 'Grace', lastName: 'Grower' });
const loaderArgs = { request: new Request('http://localhost/dashboard'), params: {}, context: undefined } as unknown as LoaderFunctionArgs;

beforeEach(() => useSessionStore.getState().sessionLoaded(grower));

describe('the guards following the session', () => {
  it('re-run for a sign-out made after the guard let the page in but before the page listened', async () => {
    await expect(checkAccess('signed-in', loaderArgs)).resolves.toBeNull();
    useSessionStore.getState().sessionLoaded(null);
    const changed = vi.fn();
    const stop = onAccessChange(changed);
    expect(changed).toHaveBeenCalledTimes(1);
    stop();
  });

  it('stay quiet when nothing changed since their decision, and re-run once for each change after', async () => {
    await checkAccess('signed-in', loaderArgs);
    const changed = vi.fn();
    const stop = onAccessChange(changed);
    expect(changed).not.toHaveBeenCalled();
    useSessionStore.getState().sessionLoaded(null);
    expect(changed).toHaveBeenCalledTimes(1);
    stop();
  });
});
