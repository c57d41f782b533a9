// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { getExactly, server, sessionAnswer } from '../../testing/server';
import { brokerClientsAnswer, signedInPerson } from '../../testing/accounts';
import { protectionView } from '../../testing/protections';
import { useSessionStore } from '../../stores/session-store';
import ProtectionPage from './protection-page';

/** An application at `stage`, stored as staff left it (submitted, or accepted and invoiced). */
const application = (stage: 'submitted' | 'invoiced') => protectionView({ stage, status: stage === 'invoiced' ? 'accepted' : stage });

const session = (id: string, isBroker: boolean) => sessionAnswer({ user: signedInPerson({ id, firstName: 'Bea', lastName: 'Reader', isBroker }), expires: '2099-12-01T00:00:00.000Z' });

// Each test signs in someone else: the page must not first read the last test's person as the reader.
const signedOut = useSessionStore.getState();
beforeEach(() => useSessionStore.setState(signedOut, true));
afterEach(cleanup);

describe('where an application stands, said to who reads it', () => {
  it('tells the member their own application is not protected yet', async () => {
    server.use(
      session('u1', false),
      getExactly('/api/dashboard/protections', () => HttpResponse.json({ protections: [application('submitted')] })),
    );
    renderWithProviders(<ProtectionPage />, { at: '/dashboard/protection' });
    const card = await screen.findByTestId('protection-card');
    expect(within(card).getByText('We have your application and will review it within five business days. You are not protected yet.')).toBeTruthy();
  });

  it('tells a broker their client is not protected yet, not that they are', async () => {
    server.use(
      session('b1', true),
      brokerClientsAnswer({ id: 'u1', name: 'Jo Grower' }),
      getExactly('/api/dashboard/protections?memberId=u1', () => HttpResponse.json({ protections: [application('invoiced')] })),
    );
    renderWithProviders(<ProtectionPage />, { at: '/dashboard/protection?member=u1' });
    const card = await screen.findByTestId('protection-card');
    expect(within(card).getByText('Accepted and invoiced. Protection starts when your client’s first payment reaches us.')).toBeTruthy();
    expect(within(card).queryByText(/your first payment/)).toBeNull();
  });
});
