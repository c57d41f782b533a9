// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminClaim } from '@shared/contracts/claims';
import { OWN_ACCOUNT_DECISION_MESSAGE } from '@shared/domain/accounts/record-access';
import { type ClientUser, useSessionStore } from '../../stores/session-store';
import { renderWithProviders } from '../../testing/render';
import { server, sessionAnswer } from '../../testing/server';
import AdminClaimsPage from './admin-claims-page';

const administrator: ClientUser = { id: 'ada', email: 'ada@grainmutual.example', name: 'Ada Admin', firstName: 'Ada', lastName: 'Admin', isAdmin: true, isBroker: false, permissions: ['admin'] };

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
    http.get('/api/admin/claims', () => HttpResponse.json({ success: true, claims: [claim], total: 1, page: 1, pageSize: 25 })),
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
