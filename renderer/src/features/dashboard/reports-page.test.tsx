// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { SeasonReportView } from '@shared/contracts/dashboard';
import { useSessionStore } from '../../stores/session-store';
import { signedInPerson } from '../../testing/accounts';
import { renderWithProviders } from '../../testing/render';
import { server, sessionAnswer } from '../../testing/server';
import ReportsPage from './reports-page';

afterEach(cleanup);

const paddock = { coverage: 'hail', contributionCents: 0, claims: 0, claimedCents: 0 };
const crop = { contributionCents: 0, claims: 0, claimedCents: 0 };

function reportWith(byCrop: SeasonReportView['byCrop']): SeasonReportView {
  const valueCents = byCrop.reduce((sum, row) => sum + row.valueCents, 0);
  const areaHa = byCrop.reduce((sum, row) => sum + row.areaHa, 0);
  return {
    season: '2026',
    seasons: ['2026'],
    applicationsNotYetProtected: 0,
    byPaddock: byCrop.map((row) => ({ ...paddock, paddock: `${row.crop} paddock`, crop: row.crop, areaHa: row.areaHa, valueCents: row.valueCents })),
    byCrop,
    totals: { areaHa, valueCents, contributionCents: 0, claims: 0, claimedCents: 0 },
  };
}

async function openReports(report: SeasonReportView) {
  const member = signedInPerson({ id: 'm1', firstName: 'Robin', lastName: 'Wheatley' });
  useSessionStore.getState().sessionLoaded(member, null);
  server.use(
    sessionAnswer({ user: member, expires: '2026-12-31T00:00:00.000Z' }),
    http.get('/api/reports/season', () => HttpResponse.json(report)),
  );
  renderWithProviders(<ReportsPage />, { at: '/dashboard/reports' });
  return screen.findByRole('region', { name: 'By crop' });
}

describe('/dashboard/reports by crop', () => {
  it('draws the value protected by crop, largest first, each with its amount and its share of the season', async () => {
    const byCrop = await openReports(
      reportWith([
        { ...crop, crop: 'canola', areaHa: 150, valueCents: 15_120_000 },
        { ...crop, crop: 'wheat', areaHa: 400, valueCents: 34_000_000 },
        { ...crop, crop: 'barley', areaHa: 50, valueCents: 880_000 },
      ]),
    );
    const bars = within(byCrop).getByRole('list', { name: 'Value protected by crop' });
    expect(
      within(bars)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Wheat$340,000.00 · 68%', 'Canola$151,200.00 · 30.2%', 'Barley$8,800.00 · 1.8%']);
    // The table keeps every figure, in the server's order.
    expect(
      within(byCrop)
        .getAllByRole('row')
        .map((row) => row.querySelector('td')?.textContent),
    ).toEqual([undefined, 'Canola', 'Wheat', 'Barley', 'Total']);
  });

  it('draws nothing for a season of one crop, where the table says it all', async () => {
    const byCrop = await openReports(reportWith([{ ...crop, crop: 'wheat', areaHa: 400, valueCents: 34_000_000 }]));
    expect(within(byCrop).queryByRole('list', { name: 'Value protected by crop' })).toBeNull();
    expect(within(byCrop).getByRole('table')).toBeTruthy();
  });
});
