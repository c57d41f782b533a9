// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnalyticsSummary } from '@shared/contracts/admin-insights';
import { renderWithProviders } from '../../testing/render';
import { server } from '../../testing/server';
import AnalyticsPage from './analytics-page';

/** The server's answer for one event over three days, counted as the address asked. */
function answerFor(event: string): AnalyticsSummary {
  return {
    from: '2026-11-01',
    to: '2026-11-03',
    event,
    total: 3,
    daily: [
      { day: '2026-11-01', count: 1 },
      { day: '2026-11-02', count: 0 },
      { day: '2026-11-03', count: 2 },
    ],
    topEvents: [{ event, count: 3 }],
  };
}

afterEach(cleanup);

describe('/admin/analytics', () => {
  it('says what an event the site sends means', async () => {
    server.use(http.get('/api/admin/analytics/summary', () => HttpResponse.json(answerFor('quote_cta.clicked'))));
    renderWithProviders(<AnalyticsPage />, { at: '/admin/analytics?event=quote_cta.clicked' });
    expect((await screen.findByText(/3 events from/)).textContent).toContain('(each time a quote button was pressed).');
  });

  // Event names come from the address and from visitors' browsers: one named like a member of every
  // JavaScript object is an event like any other, with nothing to say of it.
  it.each(['constructor', 'toString', '__proto__'])('says nothing of an event named %s, and shows no code', async (event) => {
    server.use(http.get('/api/admin/analytics/summary', () => HttpResponse.json(answerFor(event))));
    renderWithProviders(<AnalyticsPage />, { at: `/admin/analytics?event=${event}` });
    const summary = await screen.findByText(/3 events from/);
    expect(summary.textContent).not.toContain('each time');
    expect(document.body.textContent).not.toMatch(/native code|function|\[object/);
  });
});
