// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MemberAlertListItem } from '@shared/contracts/alerts';
import { renderWithProviders } from '../../../testing/render';
import { getExactly, pathOf, requestsMade, server, sessionAnswer } from '../../../testing/server';
import AlertsPage from './alerts-page';
import { AlertsPanel } from './alerts-panel';
import { alertsQueryOptions } from './api/get-alerts';
import { brokerClientsAnswer, signedInPerson } from '../../../testing/accounts';
import { protectionView } from '../../../testing/protections';

vi.stubGlobal(
  'ResizeObserver',
  class {
    observe() {}
    disconnect() {}
  },
);

const square: MemberAlertListItem['geometry'] = {
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
const storm: MemberAlertListItem = {
  id: 'match_1',
  eventId: 'event_1',
  kind: 'hail',
  title: 'Severe thunderstorm warning for the Central Wheatbelt <b>',
  severity: 'Severe',
  hailSizeMm: 40,
  effectiveAt: '2099-10-14T06:00:00.000Z',
  expiresAt: '2099-10-14T10:00:00.000Z',
  cancelledAt: null,
  replaced: false,
  leftFeed: false,
  endedReason: null,
  geometry: square,
  paddocks: [
    { paddockId: 'p1', applicationId: 'a1', name: 'Home Paddock', areaHa: 180, placedBy: 'boundary', share: 0.5, hectaresAffected: 90 },
    { paddockId: 'p2', applicationId: 'a1', name: 'Back Block', areaHa: 60, placedBy: 'farm_location', share: null, hectaresAffected: null },
  ],
  read: false,
  readAt: null,
  earlierIssues: [],
};

const signedIn = {
  user: signedInPerson({ id: 'u1', firstName: 'Jo', lastName: 'Grower' }),
  expires: '2099-12-01T00:00:00.000Z',
};
const homePaddockOutline = {
  type: 'Polygon',
  coordinates: [
    [
      [117.05, -31.05],
      [117.15, -31.05],
      [117.15, -31.15],
      [117.05, -31.15],
      [117.05, -31.05],
    ],
  ],
};
const protection = (status: 'submitted' | 'accepted') =>
  protectionView({
    status,
    stage: status === 'accepted' ? 'protected' : 'submitted',
    paddocks: [
      {
        id: 'p1',
        name: 'Home Paddock',
        crop: 'wheat',
        variety: null,
        areaHa: 180,
        expectedYield: 2.5,
        pricePerTonne: 340,
        hurdlePercentage: 5,
        valueCents: 1,
        priced: true,
        isExcluded: false,
        geometry: homePaddockOutline,
      },
      { id: 'p2', name: 'Back Block', crop: 'barley', variety: null, areaHa: 60, expectedYield: 2.5, pricePerTonne: 300, hurdlePercentage: 5, valueCents: 1, priced: true, isExcluded: false, geometry: null },
    ],
  });

let alerts: MemberAlertListItem[];
let protections: unknown[];
let calls: Array<{ method: string; path: string }>;

beforeEach(() => {
  alerts = [storm];
  protections = [protection('accepted')];
  calls = requestsMade((request) => ({ method: request.method, path: pathOf(request) }));
  server.use(
    sessionAnswer(signedIn),
    getExactly('/api/dashboard/protections', () => HttpResponse.json({ protections })),
    getExactly('/api/user/alerts', () => HttpResponse.json({ alerts, unread: alerts.filter((alert) => !alert.read).length })),
    http.post('/api/user/alerts/match_1/read', () => {
      alerts = alerts.map((alert) => ({ ...alert, read: true, readAt: '2099-10-14T07:00:00.000Z' }));
      return HttpResponse.json({ alert: alerts[0] });
    }),
  );
});

afterEach(cleanup);

const renderPage = () => renderWithProviders(<AlertsPage />, { at: '/dashboard/alerts' });

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

it('maps the event over the paddocks and starts a claim from it once a protection covering them is accepted', async () => {
  renderPage();
  const card = await screen.findByRole('article', { name: 'Hail: Severe thunderstorm warning for the Central Wheatbelt <b>' });
  expect(await within(card).findByRole('region', { name: 'Map of the event’s area and the 1 matched paddock outline' }, { timeout: 5000 })).toBeTruthy();
  expect(within(card).getByRole('link', { name: 'Start a claim' }).getAttribute('href')).toBe('/dashboard/claims?alert=match_1');
});

it('offers no claim while the application under the event is not yet accepted', async () => {
  protections = [protection('submitted')];
  renderPage();
  const card = await screen.findByRole('article', { name: 'Hail: Severe thunderstorm warning for the Central Wheatbelt <b>' });
  await within(card).findByRole('region', { name: 'Map of the event’s area and the 1 matched paddock outline' }, { timeout: 5000 });
  expect(within(card).queryByRole('link', { name: 'Start a claim' })).toBeNull();
});

describe('a warning its agency issued again', () => {
  const homePaddock = storm.paddocks[0]!;
  const reissued: MemberAlertListItem = {
    ...storm,
    id: 'match_3',
    eventId: 'event_3',
    effectiveAt: '2099-10-14T08:00:00.000Z',
    paddocks: [homePaddock],
    earlierIssues: [
      { id: 'match_2', eventId: 'event_2', effectiveAt: '2099-10-14T07:00:00.000Z', severity: 'Severe', hailSizeMm: 40, paddocks: [{ ...homePaddock, share: 0.25, hectaresAffected: 45 }] },
      { id: 'match_1', eventId: 'event_1', effectiveAt: '2099-10-14T06:00:00.000Z', severity: 'Severe', hailSizeMm: 40, paddocks: storm.paddocks },
    ],
  };

  it('is one card: the latest issue, when it was first issued and how often updated, and each earlier issue’s paddocks', async () => {
    alerts = [reissued];
    renderPage();
    const card = await screen.findByRole('article', { name: 'Hail: Severe thunderstorm warning for the Central Wheatbelt <b>' });
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.getByRole('status').textContent).toBe('1 unread alert.');
    expect(within(card).getByText(/^First at .+, then updated twice by the agency; this is the latest$/)).toBeTruthy();
    const earlier = within(card).getByText('Earlier issues of this warning (2)').closest('details')!;
    expect([...earlier.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^From .+: Severe, hail up to 4 cmHome Paddock: 25% of 180 ha, about 45 ha$/),
      expect.stringMatching(/^From .+: Severe, hail up to 4 cmHome Paddock: 50% of 180 ha, about 90 ha; Back Block: Your farm’s location is inside the area/),
    ]);
    // Redrawn at the same level and hail: nothing was raised.
    expect(within(card).queryByText('Raised')).toBeNull();
  });

  it('says the agency raised it, and from what, measured against the worst of the issues the member was told of', async () => {
    const [second, first] = reissued.earlierIssues;
    alerts = [{ ...reissued, severity: 'Extreme', hailSizeMm: 60, earlierIssues: [{ ...second!, severity: 'Moderate', hailSizeMm: 20 }, first!] }];
    renderPage();
    const card = await screen.findByRole('article', { name: 'Hail: Severe thunderstorm warning for the Central Wheatbelt <b>' });
    expect(within(card).getByText('Raised').nextElementSibling?.textContent).toBe('from Severe to Extreme, hail up to 6 cm (was up to 4 cm)');
  });

  it('offers a claim when only an earlier issue covered a paddock a claim can name', async () => {
    // Back Block is not priced, so no claim can name it; the latest issue covers it alone, the first covered Home Paddock.
    const held = protection('accepted');
    protections = [{ ...held, paddocks: held.paddocks.map((paddock) => (paddock.id === 'p2' ? { ...paddock, priced: false } : paddock)) }];
    const latest = { ...storm, id: 'match_3', eventId: 'event_3', paddocks: [storm.paddocks[1]!] };
    alerts = [{ ...latest, earlierIssues: [{ id: 'match_1', eventId: 'event_1', effectiveAt: storm.effectiveAt, severity: storm.severity, hailSizeMm: storm.hailSizeMm, paddocks: [storm.paddocks[0]!] }] }];
    const { unmount } = renderPage();
    const card = await screen.findByRole('article', { name: 'Hail: Severe thunderstorm warning for the Central Wheatbelt <b>' });
    expect((await within(card).findByRole('link', { name: 'Start a claim' })).getAttribute('href')).toBe('/dashboard/claims?alert=match_3');
    unmount();

    alerts = [latest];
    renderPage();
    const alone = await screen.findByRole('article', { name: 'Hail: Severe thunderstorm warning for the Central Wheatbelt <b>' });
    await within(alone).findByRole('region', { name: /^Map of the event’s area/ }, { timeout: 5000 });
    expect(within(alone).queryByRole('link', { name: 'Start a claim' })).toBeNull();
  });

  it('says an alert was replaced, not withdrawn, when the update left the member’s paddocks', async () => {
    alerts = [{ ...storm, cancelledAt: '2099-10-14T07:00:00.000Z', replaced: true }];
    renderPage();
    const card = await screen.findByRole('article', { name: 'Hail: Severe thunderstorm warning for the Central Wheatbelt <b>' });
    expect(within(card).getByText('Replaced')).toBeTruthy();
    expect(within(card).getByText(/^.+, by the agency’s update of this warning, which does not list your paddocks$/)).toBeTruthy();
    expect(within(card).queryByText('Withdrawn')).toBeNull();
  });

  it('says a fire is over, with when, once the fire service stopped listing it', async () => {
    alerts = [{ ...storm, kind: 'fire', title: 'Bush Fire: Boyds Rd, Bobs Creek', severity: 'Advice', hailSizeMm: null, cancelledAt: '2099-10-15T02:00:00.000Z', leftFeed: true }];
    renderPage();
    const card = await screen.findByRole('article', { name: 'Fire: Bush Fire: Boyds Rd, Bobs Creek' });
    expect(within(card).getByText('Ended')).toBeTruthy();
    expect(within(card).getByText('Over').nextElementSibling?.textContent).toMatch(/^15 Oct 2099, .+, when the fire service stopped listing it among its current incidents$/);
    expect(within(card).queryByText('Withdrawn')).toBeNull();
  });

  it('says the mutual’s staff ended it, with when and why in their words', async () => {
    alerts = [{ ...storm, cancelledAt: '2099-10-14T07:30:00.000Z', endedReason: 'The caller rang back: heavy rain, not hail. <i>' }];
    renderPage();
    const card = await screen.findByRole('article', { name: 'Hail: Severe thunderstorm warning for the Central Wheatbelt <b>' });
    expect(within(card).getByText('Ended', { selector: 'dt' }).nextElementSibling?.textContent).toMatch(/^14 Oct 2099, .+, by the mutual’s staff: “The caller rang back: heavy rain, not hail. <i>”$/);
    expect(within(card).queryByText('Withdrawn')).toBeNull();
  });

  it('is one line on the dashboard, saying how many times it was issued', async () => {
    alerts = [reissued];
    renderWithProviders(<AlertsPanel />, { at: '/dashboard' });
    const panel = await screen.findByRole('region', { name: 'Storm and fire alerts over your paddocks' });
    expect(within(panel).getAllByRole('listitem')).toHaveLength(1);
    expect(within(panel).getByText(/· issued 3 times · Home Paddock$/)).toBeTruthy();
  });
});

describe('the dashboard’s alerts panel', () => {
  const renderPanel = () => renderWithProviders(<AlertsPanel />, { at: '/dashboard' });

  it('lists an unread warning', async () => {
    renderPanel();
    const panel = await screen.findByRole('region', { name: 'Storm and fire alerts over your paddocks' });
    expect(within(panel).getByText('Hail: Severe thunderstorm warning for the Central Wheatbelt <b>')).toBeTruthy();
  });

  it('leads to the past alerts once every one is read and over, the page a claim starts from the warning', async () => {
    alerts = [{ ...storm, effectiveAt: '2025-10-14T06:00:00.000Z', expiresAt: '2025-10-14T10:00:00.000Z', read: true, readAt: '2025-10-14T07:00:00.000Z' }];
    renderPanel();
    const past = await screen.findByRole('link', { name: 'Past alerts' });
    expect(past.getAttribute('href')).toBe('/dashboard/alerts');
    expect(past.parentElement?.textContent).toBe('No new storm or fire alerts over your paddocks. Past alerts');
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('draws nothing before the first warning', async () => {
    alerts = [];
    const { container, queryClient } = renderPanel();
    await waitFor(() => expect(queryClient.getQueryState(alertsQueryOptions({ viewerId: 'u1', memberId: undefined }).queryKey)?.status).toBe('success'));
    expect(container.textContent).toBe('');
  });
});

describe('a broker reading a client’s alerts', () => {
  const broker = { user: signedInPerson({ id: 'b1', firstName: 'Bea', lastName: 'Broker', isBroker: true }), expires: '2099-12-01T00:00:00.000Z' };
  beforeEach(() => {
    server.use(
      sessionAnswer(broker),
      brokerClientsAnswer({ id: 'u1', name: 'Jo Grower' }),
      getExactly('/api/user/alerts?memberId=u1', () => HttpResponse.json({ alerts, unread: 1 })),
      getExactly('/api/dashboard/protections?memberId=u1', () => HttpResponse.json({ protections })),
    );
  });

  it('lists the client’s alerts as they stand, offers the claim for the client, and leaves marking them read to the client', async () => {
    renderWithProviders(<AlertsPage />, { at: '/dashboard/alerts?member=u1' });
    const card = await screen.findByRole('article', { name: 'Hail: Severe thunderstorm warning for the Central Wheatbelt <b>' });
    expect(screen.getByRole('status').textContent).toBe('Your client has not read 1 alert yet.');
    expect(within(card).getByText('50% of 180 ha, about 90 ha')).toBeTruthy();
    expect((await within(card).findAllByTestId('storm-meaning'))[0]!.textContent).toMatch(/your client’s 5% hurdle/);
    // Offered once the client's protections are in.
    expect((await within(card).findByRole('link', { name: 'Start a claim' })).getAttribute('href')).toBe('/dashboard/claims?alert=match_1&member=u1');
    expect(within(card).queryByRole('button', { name: 'Mark as read' })).toBeNull();
    expect(calls).toContainEqual({ method: 'GET', path: '/api/user/alerts?memberId=u1' });
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('shows the client’s unread warning on the client’s dashboard', async () => {
    renderWithProviders(<AlertsPanel />, { at: '/dashboard?member=u1' });
    const panel = await screen.findByRole('region', { name: 'Storm and fire alerts over your client’s paddocks' });
    expect(within(panel).getByRole('link', { name: 'See the map of Severe thunderstorm warning for the Central Wheatbelt <b>' }).getAttribute('href')).toBe('/dashboard/alerts?member=u1#alert-match_1');
  });
});
