// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { MemberAlert } from '@shared/contracts/alerts';
import { createQueryClient } from '../../../lib/react-query';
import { jsonResponse } from '../../../testing/dom';
import AlertsPage from './alerts-page';

const square: MemberAlert['geometry'] = {
  type: 'Polygon',
  coordinates: [
    [
      [117, -31],
      [117.1, -31],
      [117.1, -31.1],
      [117, -31.1],
      [117, -31],
    ],
  ],
};
const storm: MemberAlert = {
  id: 'match_1',
  eventId: 'event_1',
  kind: 'hail',
  title: 'Severe thunderstorm warning for the Central Wheatbelt <b>',
  severity: 'Severe',
  hailSizeMm: 40,
  effectiveAt: '2099-10-14T06:00:00.000Z',
  expiresAt: '2099-10-14T10:00:00.000Z',
  cancelledAt: null,
  geometry: square,
  paddocks: [
    { paddockId: 'p1', applicationId: 'a1', name: 'Home Paddock', areaHa: 180, placedBy: 'boundary', share: 0.5, hectaresAffected: 90 },
    { paddockId: 'p2', applicationId: 'a1', name: 'Back Block', areaHa: 60, placedBy: 'farm_location', share: null, hectaresAffected: null },
  ],
  read: false,
  readAt: null,
};

let alerts: MemberAlert[];
let calls: Array<{ method: string; path: string }>;

beforeEach(() => {
  alerts = [storm];
  calls = [];
  vi.stubGlobal('fetch', async (path: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ method, path });
    if (path === '/api/auth/csrf') return jsonResponse(200, { csrfToken: 'token' });
    if (method === 'GET' && path === '/api/user/alerts') return jsonResponse(200, { alerts, unread: alerts.filter((alert) => !alert.read).length });
    if (method === 'POST' && path === '/api/user/alerts/match_1/read') {
      alerts = alerts.map((alert) => ({ ...alert, read: true, readAt: '2099-10-14T07:00:00.000Z' }));
      return jsonResponse(200, { alert: alerts[0] });
    }
    return jsonResponse(404, { error: 'not_found', message: 'Not found.' });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderPage = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AlertsPage />
    </QueryClientProvider>,
  );

it("lists each paddock under the warning with its share, the warning's title as text, and marks it read when asked", async () => {
  renderPage();
  const card = await screen.findByRole('article', { name: 'Hail: Severe thunderstorm warning for the Central Wheatbelt <b>' });
  expect(screen.getByRole('status').textContent).toBe('1 unread alert.');
  expect(within(card).getByText('Current')).toBeTruthy();
  expect(within(card).getByText('up to 4 cm')).toBeTruthy();
  expect(within(card).getByText('50% of 180 ha, about 90 ha')).toBeTruthy();
  expect(within(card).getByText('Your farm’s location is inside the area (this paddock has no boundary on the map)')).toBeTruthy();

  await userEvent.click(within(card).getByRole('button', { name: 'Mark as read' }));
  expect(await screen.findByText('You have read every alert.')).toBeTruthy();
  expect(within(card).queryByRole('button', { name: 'Mark as read' })).toBeNull();
  expect(calls.filter((call) => call.method === 'POST' && call.path.startsWith('/api/user/alerts'))).toEqual([{ method: 'POST', path: '/api/user/alerts/match_1/read' }]);
});

it('says so when no warning has covered a paddock', async () => {
  alerts = [];
  renderPage();
  expect(await screen.findByText('No alerts')).toBeTruthy();
});
