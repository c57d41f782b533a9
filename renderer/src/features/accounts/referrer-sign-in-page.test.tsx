// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '@shared/contracts/accounts';
import { useSessionStore } from '../../stores/session-store';
import { renderWithProviders } from '../../testing/render';
import { server, sessionAnswer } from '../../testing/server';
import ReferrerSignInPage from './referrer-sign-in-page';
import { signedInPerson } from '../../testing/accounts';

afterEach(cleanup);

const signedInAs = (overrides: Partial<SessionUser>) =>
  server.use(
    sessionAnswer({
      user: signedInPerson({ id: 'u1', email: 'pat@agronomy.example', firstName: 'Pat', lastName: 'Partner', ...overrides }),
      expires: '2099-01-01T00:00:00.000Z',
    }),
  );

function renderAt(path: string) {
  renderWithProviders(
    <Routes>
      <Route path="/auth/referrer-signin" element={<ReferrerSignInPage />} />
      <Route path="/referrer/leads" element={<p>Your referrals page</p>} />
    </Routes>,
    { at: path },
  );
}

describe('the referrer sign-in page, opened while signed in', () => {
  it('sends a partner to their referrals (a bookmark, an old tab) without asking again', async () => {
    signedInAs({ isReferrer: true });
    renderAt('/auth/referrer-signin');
    expect(await screen.findByText('Your referrals page')).toBeTruthy();
  });

  it('keeps a member who is not a partner on the page, to sign in with a partner account', async () => {
    signedInAs({ isReferrer: false });
    renderAt('/auth/referrer-signin');
    // Once the page knows who is signed in, the form is still there.
    await waitFor(() => expect(useSessionStore.getState().user?.email).toBe('pat@agronomy.example'));
    expect(screen.getByRole('button', { name: 'Sign in as referrer' })).toBeTruthy();
    expect(screen.queryByText('Your referrals page')).toBeNull();
  });
});
