// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminClaim } from '@shared/contracts/claims';
import { OWN_ACCOUNT_DECISION_MESSAGE } from '@shared/domain/accounts/record-access';
import { type ClientUser, useSessionStore } from '../../stores/session-store';
import { queryClientRetryingAtOnce, renderWithProviders } from '../../testing/render';
import { server, sessionAnswer } from '../../testing/server';
import AdminClaimsPage from './admin-claims-page';
import { signedInPerson } from '../../testing/accounts';

const administrator: ClientUser = signedInPerson({ id: 'ada', email: 'ada@grainmutual.example', firstName: 'Ada', lastName: 'Admin', isAdmin: true, permissions: ['admin'] });

function claimOf(userId: string, memberName: string): AdminClaim {
  return {
    id: `claim-${userId}`,
    reference: 'CLM-2026-00001',
    userId,
    applicationId: 'app-1',
    peril: 'hail',
    eventDate: '2026-11-20',
    status: 'lodged',
    estimatedLossCents: 1_200_000,
    description: 'Hail stripped the heads on the north side.',
    affectedPaddocks: [{ paddockId: 'p1', name: 'North Paddock', crop: 'wheat', areaHa: 120, valueCents: 9_000_000, hurdlePercentage: 5 }],
    hurdle: { hurdleCents: 450_000, valueCents: 9_000_000, aboveHurdleCents: 750_000, lossPercentage: 13.3, clearsHurdle: true, explanation: 'The loss clears the 5% hurdle.' },
    photos: [],
    alertEvent: null,
    messages: [],
    createdAt: '2026-11-21T01:00:00.000Z',
    updatedAt: '2026-11-21T01:00:00.000Z',
    memberName,
    memberEmail: `${userId}@example.com`,
    corroboration: { status: 'not_corroborated', summary: 'No stored hail event covers the paddocks that day.' },
  };
}

function answerWith(claim: AdminClaim) {
  useSessionStore.getState().sessionLoaded(administrator, null);
  server.use(
    sessionAnswer({ user: administrator, expires: '2026-12-31T00:00:00.000Z' }),
    http.get('/api/admin/claims', () => HttpResponse.json({ success: true, claims: [claim], event: null, total: 1, page: 1, pageSize: 25 })),
    http.get(`/api/claims/${claim.id}`, () => HttpResponse.json({ claim })),
  );
  renderWithProviders(<AdminClaimsPage />, { at: `/admin/claims?claim=${claim.id}` });
}

afterEach(cleanup);

describe('/admin/claims: a claim opened by staff', () => {
  it('offers a member’s claim its status moves and a message to the member', async () => {
    answerWith(claimOf('grace', 'Grace Grower'));
    const detail = await screen.findByRole('article', { name: 'Claim CLM-2026-00001' });
    expect(within(detail).getByRole('form', { name: 'Change status' })).toBeTruthy();
    expect(within(detail).getByRole('form', { name: 'Write to the member' })).toBeTruthy();
    expect(detail.textContent).not.toContain(OWN_ACCOUNT_DECISION_MESSAGE);
    // The hurdle in staff's words, worked out from the paddocks and the estimate.
    expect(detail.textContent).toContain(
      'The member’s hurdle is 5% of the $90,000.00 protected on these paddocks: $4,500.00. Their estimated loss of $12,000.00 is above it, so about $7,500.00 is considered once the loss is assessed.',
    );
  });

  it('offers an administrator’s own claim neither, and sends them to their own Claims to write about it', async () => {
    answerWith(claimOf('ada', 'Ada Admin'));
    const detail = await screen.findByRole('article', { name: 'Claim CLM-2026-00001' });
    expect(within(detail).queryByRole('form', { name: 'Change status' })).toBeNull();
    expect(within(detail).queryByRole('form', { name: 'Write to the member' })).toBeNull();
    expect(detail.textContent).toContain(`${OWN_ACCOUNT_DECISION_MESSAGE} Write about your claim as its member, from your own Claims.`);
    expect(within(detail).getByRole('link', { name: 'your own Claims' }).getAttribute('href')).toBe('/dashboard/claims');
  });

  it('says of an administrator’s own closed claim only that it is theirs: there is nothing left to decide', async () => {
    answerWith({ ...claimOf('ada', 'Ada Admin'), status: 'paid' });
    const detail = await screen.findByRole('article', { name: 'Claim CLM-2026-00001' });
    expect(detail.textContent).toContain('This is your own claim. Write about your claim as its member, from your own Claims.');
    expect(detail.textContent).not.toContain(OWN_ACCOUNT_DECISION_MESSAGE);
  });
});

describe('/admin/claims: a list the server could not give', () => {
  const showList = (answer: () => Response) => {
    useSessionStore.getState().sessionLoaded(administrator, null);
    server.use(sessionAnswer({ user: administrator, expires: '2026-12-31T00:00:00.000Z' }), http.get('/api/admin/claims', answer));
    renderWithProviders(<AdminClaimsPage />, { at: '/admin/claims?member=gmail', queryClient: queryClientRetryingAtOnce() });
  };

  it('says why a search was refused, without a Try again that would be refused the same', async () => {
    const broad = "'gmail' matches more than 20,000 people: type more of the member's name, e-mail address or business.";
    showList(() => HttpResponse.json({ error: 'search_too_broad', message: broad }, { status: 400 }));
    expect((await screen.findByRole('alert')).textContent).toBe(broad);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('offers Try again when the server itself failed, and shows the list once it answers', async () => {
    let failing = true;
    showList(() =>
      failing
        ? HttpResponse.json({ error: 'internal_error', message: 'Something went wrong on our side.' }, { status: 500 })
        : HttpResponse.json({ success: true, claims: [claimOf('grace', 'Grace Grower')], event: null, total: 1, page: 1, pageSize: 25 }),
    );
    const alert = await screen.findByRole('alert');
    failing = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Claims, most recently changed first' })).toBeTruthy();
  });
});

describe('/admin/claims?event=…: the claims under one storm', () => {
  it('asks for the event’s claims, says which event in words with a link back to it, and Show every claim asks for them all', async () => {
    const asked: (string | null)[] = [];
    const tally = {
      claims: 3,
      estimatedLossCents: 9_000_000,
      byStatus: [
        { status: 'lodged' as const, claims: 2, estimatedLossCents: 5_000_000 },
        { status: 'under_assessment' as const, claims: 1, estimatedLossCents: 4_000_000 },
      ],
    };
    const storm = { id: 'event-7', title: 'Severe thunderstorm warning for Tammin', kind: 'storm' as const, issues: 1, tally };
    useSessionStore.getState().sessionLoaded(administrator, null);
    server.use(
      sessionAnswer({ user: administrator, expires: '2026-12-31T00:00:00.000Z' }),
      http.get('/api/admin/claims', ({ request }) => {
        const event = new URL(request.url).searchParams.get('event');
        asked.push(event);
        return HttpResponse.json({ success: true, claims: [claimOf('grace', 'Grace Grower')], event: event ? storm : null, total: 1, page: 1, pageSize: 25 });
      }),
    );
    renderWithProviders(<AdminClaimsPage />, { at: '/admin/claims?event=event-7' });

    const narrowed = await screen.findByTestId('claims-event');
    expect(narrowed.textContent).toContain('Claims under the storm event Severe thunderstorm warning for Tammin: those started from it, and those on protections it lay over');
    expect(within(narrowed).getByRole('link', { name: 'Severe thunderstorm warning for Tammin' }).getAttribute('href')).toBe('/admin/alerts?event=event-7');
    expect(asked).toEqual(['event-7']);
    // Every claim under it, tallied by status as bars, whatever the other filters.
    expect(within(narrowed).getByText('3 claims under it, $90,000.00 estimated loss')).toBeTruthy();
    const byStatus = within(narrowed).getByRole('list', { name: 'Claims under it by status' });
    expect(
      within(byStatus)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual(['Lodged2 · $50,000.00', 'Under assessment1 · $40,000.00']);

    await userEvent.click(within(narrowed).getByRole('button', { name: 'Show every claim' }));
    await expect.poll(() => asked.at(-1)).toBeNull();
    expect(screen.queryByTestId('claims-event')).toBeNull();
  });

  it('says the list holds the claims under every issue of the warning when the agency re-issued it', async () => {
    const reissued = { id: 'event-9', title: 'Severe thunderstorm warning for Kellerberrin', kind: 'hail' as const, issues: 3, tally: { claims: 0, estimatedLossCents: 0, byStatus: [] } };
    useSessionStore.getState().sessionLoaded(administrator, null);
    server.use(
      sessionAnswer({ user: administrator, expires: '2026-12-31T00:00:00.000Z' }),
      http.get('/api/admin/claims', () => HttpResponse.json({ success: true, claims: [claimOf('grace', 'Grace Grower')], event: reissued, total: 1, page: 1, pageSize: 25 })),
    );
    renderWithProviders(<AdminClaimsPage />, { at: '/admin/claims?event=event-9' });
    const narrowed = await screen.findByTestId('claims-event');
    expect(narrowed.textContent).toContain(
      'Claims under the hail event Severe thunderstorm warning for Kellerberrin and the other 2 issues of its warning: those started from any of them, and those on protections one lay over',
    );
  });
});
