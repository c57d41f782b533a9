// @vitest-environment happy-dom
import { act, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountUser } from '@shared/contracts/accounts';
import { toClientUser, useSessionStore } from '../stores/session-store';
import { accountOf, signedInPerson } from '../testing/accounts';
import { renderHookWithProviders } from '../testing/render';
import { server } from '../testing/server';
import { accountQueryOptions } from './get-account';
import { useUpdateAccount } from './update-account';

const before: AccountUser = accountOf(signedInPerson({ id: 'member-1', firstName: 'Jan', lastName: 'Grower' }), '2026-01-01T00:00:00.000Z');

afterEach(() => useSessionStore.getState().clearSession());

describe('saving one’s own account (PUT /api/user)', () => {
  it('shows the saved details at once: in the account every page reads, and in the session (the header’s name)', async () => {
    useSessionStore.getState().sessionLoaded(toClientUser(before));
    const sent: unknown[] = [];
    server.use(
      http.put('/api/user', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ success: true, user: { ...before, firstName: 'Janet', name: 'Janet Grower' } });
      }),
    );
    const { result, queryClient } = renderHookWithProviders(() => useUpdateAccount());
    await act(() => result.current.mutateAsync({ firstName: 'Janet' }));
    expect(sent).toEqual([{ firstName: 'Janet' }]);
    await waitFor(() => expect(useSessionStore.getState().user).toMatchObject({ id: 'member-1', firstName: 'Janet', name: 'Janet Grower' }));
    expect(queryClient.getQueryData(accountQueryOptions('member-1').queryKey)?.user.firstName).toBe('Janet');
  });
});
