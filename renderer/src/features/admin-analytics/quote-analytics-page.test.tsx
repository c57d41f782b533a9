// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { QuoteFunnel } from '@shared/contracts/admin-analytics';
import { WIZARD_STEPS } from '@shared/contracts/quote-steps';
import { renderWithProviders } from '../../testing/render';
import { server } from '../../testing/server';
import QuoteAnalyticsPage from './quote-analytics-page';

/** Two tabs saw the first step and one went on; three were shown the password step (a member resuming a saved quote starts part-way). */
const counts: Record<string, number> = { 'personal-details': 2, 'email-verification': 1, 'password-creation': 3 };
const steps: QuoteFunnel['steps'] = WIZARD_STEPS.map((step, index) => {
  const count = counts[step] ?? 0;
  const next = WIZARD_STEPS[index + 1];
  const dropOff = next === undefined ? null : count - (counts[next] ?? 0);
  return { step, count, shareOfFirst: count / 2, dropOff, dropOffRate: dropOff === null || count === 0 ? null : dropOff / count, medianMs: null, timedVisits: 0 };
});

const funnel: QuoteFunnel = {
  from: '2026-11-01',
  to: '2026-11-30',
  steps,
  estimates: { byCoverageType: [], people: 0, submitted: 0, conversionRate: null, recordedSince: '2026-11-23' },
  applications: { total: 2, byCoverageType: [{ coverageType: 'hail', count: 2 }], byZone: [{ zoneCode: 'CWB', count: 2, hectares: 550 }], byCrop: [{ crop: 'field peas', paddocks: 2, hectares: 550 }] },
  eventsRetainedFrom: '2025-11-01',
};

afterEach(cleanup);

describe('/admin/quote-analytics', () => {
  it('says how many more reached the next step instead of a negative loss, and names crops with a capital', async () => {
    server.use(http.get('/api/admin/analytics/quote-funnel', () => HttpResponse.json(funnel)));
    renderWithProviders(<QuoteAnalyticsPage />, { at: '/admin/quote-analytics' });
    const table = await screen.findByRole('table', { name: /Quote funnel/ });
    expect(within(table).getByRole('row', { name: /Personal details/ }).textContent).toContain('1 (50%)');
    expect(within(table).getByRole('row', { name: /E-mail verification/ }).textContent).toContain('None; 2 more reached the next step');
    expect(within(table).getByRole('row', { name: /Get started/ }).textContent).toBe('Get started00—');
    expect(table.textContent).not.toMatch(/-\d/);
    expect(screen.getByRole('table', { name: /Applications by crop/ }).textContent).toContain('Field peas');
  });
});
