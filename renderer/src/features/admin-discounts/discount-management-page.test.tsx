// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DiscountApplicationsResponse, DiscountSummaryResponse, ManualDiscount } from '@shared/contracts/discounts';
import { useSessionStore } from '../../stores/session-store';
import { renderWithProviders } from '../../testing/render';
import { pathOf, refusal, server } from '../../testing/server';
import DiscountManagementPage from './discount-management-page';
import { signedInPerson } from '../../testing/accounts';

const OWN_APPLICATION = 'This discount is on your own application, so another administrator must approve it: no one approves a discount they would get themselves.';

const manual = (id: string, reason: string): ManualDiscount => ({
  id,
  applicationId: `app-${id}`,
  amountCents: 10_000,
  reason,
  status: 'pending',
  requestedBy: 'Morgan Maker',
  requestedById: 'maker',
  requestedAt: '2026-11-24T01:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  decisionNote: null,
  revokedBy: null,
  revokedAt: null,
  revokeReason: null,
});

const summary: DiscountSummaryResponse = {
  seasonYear: 2026,
  byRule: [],
  byMonth: [],
  totalCents: 0,
  pending: [
    {
      ...manual('own', 'Goodwill for the shed'),
      memberName: 'Alex Grower',
      applicationReference: 'APP-2026-00001',
      approval: {
        refusal: OWN_APPLICATION,
        windowDays: 30,
        requesterRoleChanges: [],
        approverRoleChanges: [{ userId: 'alex', userName: 'Alex Grower', changedById: 'maker', changedByName: 'Morgan Maker', at: '2026-11-20T01:00:00.000Z', granted: ['administrator'], removed: [] }],
      },
    },
    { ...manual('other', 'Storm damage'), memberName: 'Jo Wheatley', applicationReference: 'APP-2026-00002', approval: { refusal: null, windowDays: 30, requesterRoleChanges: [], approverRoleChanges: [] } },
  ],
};

const applications: DiscountApplicationsResponse = {
  seasonYear: 2026,
  page: 1,
  pageSize: 20,
  total: 1,
  applications: [
    {
      id: 'app-other',
      reference: 'APP-2026-00002',
      memberName: 'Jo Wheatley',
      memberEmail: 'jo@example.com',
      submittedAt: '2026-11-20T01:00:00.000Z',
      coverageType: 'hail',
      zoneCode: 'CWB',
      modelVersion: 'v1',
      grossPremiumCents: 500_000,
      premiumCents: 500_000,
      ruleDiscounts: [],
      manualDiscounts: [manual('other', 'Storm damage')],
      totalDiscountCents: 0,
      manualRoomCents: 400_000,
    },
  ],
};

let sent: string[];

beforeEach(() => {
  sent = [];
  useSessionStore.getState().sessionLoaded(signedInPerson({ id: 'alex', firstName: 'Alex', lastName: 'Grower', isAdmin: true, permissions: ['admin'] }), null);
  server.use(
    http.get('/api/admin/discount-management/summary', () => HttpResponse.json(summary)),
    http.get('/api/admin/discount-management/applications', () => HttpResponse.json(applications)),
    http.get('/api/admin/discount-rules', () => refusal(404, 'not_found', 'Not here.')),
    http.post('/api/admin/discount-management/manual/*', ({ request }) => {
      sent.push(`${request.method} ${pathOf(request)}`);
      return HttpResponse.json({ discount: { ...manual('other', 'Storm damage'), status: 'approved' } });
    }),
  );
});

afterEach(cleanup);

describe('/admin/discount-management: manual discounts waiting for a second administrator', () => {
  it('shows each beside the role changes that decide who may approve it, and offers Approve only where the rule allows', async () => {
    renderWithProviders(<DiscountManagementPage />, { at: '/admin/discount-management' });
    const waiting = within(await screen.findByRole('heading', { name: 'Awaiting a second administrator (2)' }).then((heading) => heading.parentElement!));
    const [own, other] = waiting.getAllByRole('listitem').filter((item) => item.textContent?.startsWith('$100.00'));

    expect(within(own!).getByRole('note').textContent).toBe(`You cannot approve this. ${OWN_APPLICATION}`);
    expect(within(within(own!).getByRole('list', { name: 'Your role changes' })).getByRole('listitem').textContent).toBe('Morgan Maker gave Alex Grower administrator on 20 Nov 2026');
    expect(within(own!).queryByRole('button', { name: 'Approve' })).toBeNull();

    expect(within(other!).queryByRole('note')).toBeNull();
    await userEvent.click(within(other!).getByRole('button', { name: 'Approve' }));
    expect(sent).toEqual(['POST /api/admin/discount-management/manual/other/approve']);

    // In the list of applications a waiting discount points to the approval list instead of offering Approve there.
    const application = await screen.findByRole('listitem', { name: 'Application of Jo Wheatley' });
    expect(within(application).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(application).getByText(/approve or reject it under ‘Awaiting a second administrator’ above/)).toBeTruthy();
  });
});
