// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { AdminEventDetail, AdminEventSummary, AlertFeedStatus, SystemAlert } from '@shared/contracts/alerts';
import { renderWithProviders } from '../../testing/render';
import { refusal, server } from '../../testing/server';
import AlertsPage from './alerts-page';
import { squareOutline } from '@shared/domain/geo/testing/square-outline';

const storm: AdminEventSummary = {
  id: 'event_1',
  source: 'bom',
  externalId: 'urn:oid:2.49.0.1.36.0.IDW21037',
  kind: 'hail',
  title: 'Severe thunderstorm warning for the Central Wheatbelt <b>',
  severity: 'Severe',
  hailSizeMm: 40,
  effectiveAt: '2099-11-14T07:20:00.000Z',
  expiresAt: '2099-11-14T10:20:00.000Z',
  cancelledAt: null,
  replaced: false,
  leftFeed: false,
  endedReason: null,
  updatesEarlier: false,
  heldAt: null,
  confirmedAt: null,
  areaKm2: 1830,
  areaCodes: [],
  areaDescription: null,
  placedAt: null,
  receivedAt: '2099-11-14T07:21:00.000Z',
  receivedVia: 'feed:bom',
  matchedMembers: 2,
  newlyMatchedMembers: 2,
  matchedPaddocks: 3,
  emailsSent: 4,
};
const detail: AdminEventDetail = {
  ...storm,
  endedBy: null,
  geometry: squareOutline(118, -31.6, 0.3),
  claimsUnder: 2,
  issues: 1,
  matches: [
    {
      id: 'match_1',
      memberId: 'user_1',
      memberName: 'Jo Grower',
      memberEmail: 'grower@example.com',
      paddocks: [
        { paddockId: 'p1', applicationId: 'a1', name: 'North Paddock', areaHa: 200, placedBy: 'boundary', share: 0.5, hectaresAffected: 100, boundary: squareOutline(118.29, -31.5, 0.02) },
        { paddockId: 'p2', applicationId: 'a1', name: 'Creek Flat', areaHa: 100, placedBy: 'boundary', share: 1, hectaresAffected: 100, boundary: null },
      ],
      emails: [
        { recipient: 'member', sentAt: '2099-11-14T07:22:00.000Z' },
        { recipient: 'broker', sentAt: '2099-11-14T07:22:00.000Z' },
        { recipient: 'referrer', sentAt: '2099-11-14T07:22:00.000Z' },
      ],
      readAt: '2099-11-14T08:00:00.000Z',
    },
    {
      id: 'match_2',
      memberId: 'user_2',
      memberName: 'Sam Other',
      memberEmail: 'other@example.com',
      paddocks: [{ paddockId: 'p3', applicationId: 'a2', name: 'Back Block', areaHa: 60, placedBy: 'farm_location', share: null, hectaresAffected: null, boundary: null }],
      emails: [{ recipient: 'broker', sentAt: '2099-11-14T07:22:00.000Z' }],
      readAt: null,
    },
  ],
};
const feeds: AlertFeedStatus[] = [
  {
    feed: 'bom',
    configured: true,
    lastPolledAt: '2099-11-14T07:20:00.000Z',
    lastSuccessAt: '2099-11-14T07:20:00.000Z',
    lastError: null,
    lastErrorAt: null,
    lastStored: 1,
    recentMessages: [
      {
        id: 'message_3',
        receivedAt: '2099-11-14T07:25:00.000Z',
        characters: 4096,
        stored: 1,
        duplicates: 0,
        ended: 0,
        held: 0,
        unreadable: 2,
        unreadableReason: 'https://example.org/cap/a.xml: The XML is not well formed: Unclosed tag (line 1, column 7).',
        error: null,
      },
      { id: 'message_2', receivedAt: '2099-11-14T07:20:00.000Z', characters: 2048, stored: 1, duplicates: 3, ended: 1, held: 0, unreadable: 0, unreadableReason: null, error: null },
      {
        id: 'message_1',
        receivedAt: '2099-11-14T07:15:00.000Z',
        characters: 30,
        stored: 0,
        duplicates: 0,
        ended: 0,
        held: 0,
        unreadable: 0,
        unreadableReason: null,
        error: 'The XML is not well formed: Unclosed tag (line 1, column 7).',
      },
    ],
  },
  { feed: 'dfes', configured: false, lastPolledAt: null, lastSuccessAt: null, lastError: null, lastErrorAt: null, lastStored: 0, recentMessages: [] },
];
const jobsFailing: SystemAlert = {
  id: 'job_failures:alerts.email',
  kind: 'job_failures',
  severity: 'critical',
  title: '3 background jobs of “Storm and fire alert e-mails (as events arrive)” failed in the last 24 hours.',
  detail: 'Last error: The mail server refused the message Try the job again on Background Jobs once the cause is fixed.',
  since: '2099-11-14T06:00:00.000Z',
  link: '/admin/background-jobs',
};

let systemAlerts: SystemAlert[];
let posted: Array<string | null>;
let decisions: string[];
let drawn: Array<Record<string, unknown>>;
let placings: Array<Record<string, unknown>>;
let endings: Array<Record<string, unknown>>;
let listAsked: string[];
/** A warning the Bureau placed by districts only, one of which has no boundary installed. */
let unplaced: AdminEventDetail;
/** A polygon over the world: held for staff. */
let held: AdminEventDetail;

beforeEach(() => {
  systemAlerts = [jobsFailing];
  posted = [];
  decisions = [];
  drawn = [];
  placings = [];
  endings = [];
  listAsked = [];
  unplaced = {
    ...detail,
    id: 'event_unplaced',
    title: 'Severe thunderstorm warning by district',
    geometry: null,
    areaKm2: null,
    areaCodes: ['WA_PW014', 'WA_PW099'],
    areaDescription: 'Central Wheat Belt and Far Inland',
    matches: [],
    matchedMembers: 0,
    matchedPaddocks: 0,
    emailsSent: 0,
  };
  held = { ...detail, id: 'event_held', title: 'A warning over the world', heldAt: '2099-11-14T07:21:00.000Z', areaKm2: 480_000_000 };
  server.use(
    http.get('/api/admin/system-alerts', () => HttpResponse.json({ alerts: systemAlerts, checkedAt: '2099-11-14T08:00:00.000Z' })),
    http.get('/api/admin/events', ({ request }) => {
      const asked = new URL(request.url).searchParams;
      listAsked.push(asked.toString());
      const events = asked.get('kind') === 'fire' || asked.get('status') === 'held' ? [] : [storm];
      return HttpResponse.json({ events, total: events.length, page: 1, pageSize: 20, feeds });
    }),
    http.get('/api/admin/events/event_1', () => HttpResponse.json({ event: detail })),
    http.get('/api/admin/events/event_unplaced', () => HttpResponse.json({ event: unplaced })),
    http.get('/api/admin/alert-districts', () => HttpResponse.json({ configured: true, districts: [{ code: 'WA_PW014', name: 'Central Wheat Belt' }] })),
    http.post('/api/admin/events/event_unplaced/place', async ({ request }) => {
      placings.push((await request.json()) as Record<string, unknown>);
      unplaced = { ...detail, id: 'event_unplaced', placedAt: '2099-11-14T08:10:00.000Z' };
      return HttpResponse.json({ event: unplaced });
    }),
    http.get('/api/admin/alert-feed-messages/message_1', () => HttpResponse.json({ message: { ...feeds[0]!.recentMessages[1]!, feed: 'bom', contentType: 'application/xml', body: '<alert><info>' } })),
    http.post('/api/admin/events/drawn', async ({ request }) => {
      drawn.push((await request.json()) as Record<string, unknown>);
      return HttpResponse.json({ events: [{ source: 'staff', externalId: 'drawn-1', outcome: 'stored', id: 'event_3', matchedMembers: 0, matchedPaddocks: 0 }] }, { status: 201 });
    }),
    http.get('/api/admin/events/event_held', () => HttpResponse.json({ event: held })),
    http.post('/api/admin/events/event_1/end', async ({ request }) => {
      endings.push((await request.json()) as Record<string, unknown>);
      const ended = { ...detail, cancelledAt: '2099-11-14T08:30:00.000Z', endedReason: 'The caller rang back: heavy rain, not hail.', endedBy: 'Ada Staff' };
      server.use(http.get('/api/admin/events/event_1', () => HttpResponse.json({ event: ended })));
      return HttpResponse.json({ event: ended });
    }),
    http.post('/api/admin/events/event_held/confirm', () => {
      decisions.push('confirm');
      held = { ...held, confirmedAt: '2099-11-14T08:05:00.000Z' };
      return HttpResponse.json({ event: held });
    }),
    http.post('/api/admin/events', async ({ request }) => {
      posted.push((await request.formData()).get('message') as string | null);
      return HttpResponse.json({ events: [{ source: 'dfes', externalId: 'DFES-IN-2099-1', outcome: 'stored', id: 'event_2', matchedMembers: 1, matchedPaddocks: 2 }] }, { status: 201 });
    }),
    // Any other event (one just posted, say) is not found.
    http.get('/api/admin/events/:id', () => refusal(404, 'not_found', 'Not found.')),
  );
});

afterEach(cleanup);

function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

const renderPage = (address = '/admin/alerts') =>
  renderWithProviders(
    <>
      <AlertsPage />
      <Address />
    </>,
    { at: address },
  );

it('shows the system’s alerts with where to act, and each feed configured or not with the variable that sets it', async () => {
  renderPage();
  const system = await screen.findByRole('list', { name: 'System alerts, the most serious first' });
  expect(within(system).getByText('Critical')).toBeTruthy();
  expect(within(system).getByText(jobsFailing.title)).toBeTruthy();
  expect(within(system).getByRole('link', { name: 'Open Background Jobs' }).getAttribute('href')).toBe('/admin/background-jobs');

  const feedsBox = screen.getByRole('region', { name: 'Feeds' });
  expect(await within(feedsBox).findByText('Not configured')).toBeTruthy();
  expect(within(feedsBox).getByText('Set ALERT_FEED_DFES_URL to read it every 5 minutes.')).toBeTruthy();
  expect(within(feedsBox).getByText('Its URL is set by ALERT_FEED_BOM_URL; read every 5 minutes.')).toBeTruthy();
});

it('lists each feed’s last messages with what became of them, and shows one as it came', async () => {
  renderPage();
  const messages = await screen.findByRole('list', { name: 'Bureau of Meteorology warnings: last messages, newest first' });
  const [index, newest, failed] = within(messages).getAllByRole('listitem');
  // An index feed's answer, two of whose linked alerts could not be read.
  expect(index!.textContent).toContain('4 KB: 1 new event, 2 linked alerts not read (the first, https://example.org/cap/a.xml: The XML is not well formed: Unclosed tag (line 1, column 7).)');
  expect(newest!.textContent).toContain('2 KB: 1 new event, 1 warning ended, 3 already stored');
  expect(failed!.textContent).toContain('Not read: The XML is not well formed: Unclosed tag (line 1, column 7).');
  await userEvent.click(within(failed!).getByRole('button', { name: 'Show the message' }));
  expect((await within(failed!).findByLabelText('The message as it came (application/xml)')).textContent).toBe('<alert><info>');
  expect(within(failed!).getByRole('button', { name: 'Hide the message' }).getAttribute('aria-expanded')).toBe('true');
});

it('asks for the area before storing an event reported by phone, and sends the Perth times as typed', async () => {
  renderPage();
  const form = await screen.findByRole('form', { name: 'Report an event by hand' });
  await userEvent.type(within(form).getByLabelText('What was reported'), 'Caller at Kellerberrin: hail like marbles');
  await userEvent.click(within(form).getByRole('button', { name: 'Store the event and tell the members' }));
  expect((await within(form).findByRole('alert')).textContent).toBe('Draw the area on the map');
  expect(drawn).toEqual([]);
});

it('says nothing needs attention when the system has no alert', async () => {
  systemAlerts = [];
  renderPage();
  expect(await screen.findByText(/^Nothing needs attention/)).toBeTruthy();
});

it('lists the events with their counts, opens one with its members, paddocks and e-mails, and filters by kind in the address', async () => {
  renderPage();
  const list = await screen.findByRole('list', { name: 'Events, newest first' });
  const item = within(list).getByRole('button', { name: /Hail: Severe thunderstorm warning for the Central Wheatbelt <b>/ });
  expect(within(item).getByText('Current')).toBeTruthy();
  expect(within(item).getByText('Bureau of Meteorology · Bureau of Meteorology feed')).toBeTruthy();
  expect(within(item).getByText('2 members · 3 paddocks · 4 e-mails sent')).toBeTruthy();

  await userEvent.click(item);
  expect(screen.getByTestId('address').textContent).toBe('/admin/alerts?event=event_1');
  const opened = await screen.findByRole('article', { name: 'Hail: Severe thunderstorm warning for the Central Wheatbelt <b>' });
  expect(within(opened).getByText('up to 4 cm')).toBeTruthy();
  expect(within(opened).getByText('1 paddock outline drawn in red over the event’s area. 2 matched paddocks have no outline to draw.')).toBeTruthy();
  const jo = within(opened).getByRole('region', { name: 'Jo Grower' });
  expect(within(jo).getByText(/^Read /)).toBeTruthy();
  expect(within(jo).getByRole('row', { name: /North Paddock/ }).textContent).toContain('50%, about 100 ha');
  expect(within(jo).getByText(/^E-mailed: Member .* · Broker .* · Referrer /)).toBeTruthy();
  const sam = within(opened).getByRole('region', { name: 'Sam Other' });
  expect(within(sam).getByText('Not read yet')).toBeTruthy();
  expect(within(sam).getByRole('row', { name: /Back Block/ }).textContent).toContain('The farm’s location');
  expect(within(opened).getByRole('link', { name: '2 claims under this event' }).getAttribute('href')).toBe('/admin/claims?event=event_1');

  await userEvent.selectOptions(screen.getByLabelText('Kind'), 'fire');
  expect(screen.getByTestId('address').textContent).toBe('/admin/alerts?kind=fire');
  expect(await screen.findByText('No fire events have been received.')).toBeTruthy();
});

it('tells the agency’s update of a warning, and the issue it replaced, from a warning it cancelled and a fire its feed no longer lists', async () => {
  const update = { ...storm, id: 'event_update', title: 'The second issue', updatesEarlier: true };
  const replaced = { ...storm, id: 'event_replaced', title: 'The first issue', cancelledAt: '2099-11-14T08:20:00.000Z', replaced: true };
  const cancelled = { ...storm, id: 'event_cancelled', title: 'A cancelled warning', cancelledAt: '2099-11-14T08:20:00.000Z' };
  const over = { ...storm, id: 'event_over', kind: 'fire', title: 'Bush Fire: Boyds Rd', cancelledAt: '2099-11-14T08:20:00.000Z', leftFeed: true };
  server.use(http.get('/api/admin/events', () => HttpResponse.json({ events: [update, replaced, cancelled, over], total: 4, page: 1, pageSize: 20, feeds })));
  renderPage();
  const list = await screen.findByRole('list', { name: 'Events, newest first' });
  expect(within(list).getByRole('button', { name: /The second issue/ }).textContent).toContain('· the agency’s update of an earlier issue');
  expect(within(list).getByRole('button', { name: /The first issue/ }).textContent).toMatch(/· replaced by the agency’s update .+2099/);
  expect(within(list).getByRole('button', { name: /A cancelled warning/ }).textContent).toMatch(/· ended .+2099/);
  expect(within(list).getByRole('button', { name: /A cancelled warning/ }).textContent).not.toContain('replaced');
  expect(within(list).getByRole('button', { name: /Bush Fire: Boyds Rd/ }).textContent).toMatch(/· over: no longer in its feed, .+2099/);
});

it('counts the claims under every issue of a warning the agency re-issued, and says none yet when there are none', async () => {
  server.use(http.get('/api/admin/events/event_1', () => HttpResponse.json({ event: { ...detail, issues: 3, claimsUnder: 5 } })));
  renderPage('/admin/alerts?event=event_1');
  const opened = await screen.findByRole('article', { name: 'Hail: Severe thunderstorm warning for the Central Wheatbelt <b>' });
  expect(within(opened).getByRole('link', { name: '5 claims under this event’s 3 issues' }).getAttribute('href')).toBe('/admin/claims?event=event_1');

  cleanup();
  server.use(http.get('/api/admin/events/event_1', () => HttpResponse.json({ event: { ...detail, issues: 3, claimsUnder: 0 } })));
  renderPage('/admin/alerts?event=event_1');
  expect(await screen.findByText('No claims under this event’s 3 issues yet.')).toBeTruthy();
});

it('posts a pasted message and says what became of it', async () => {
  renderPage();
  const form = await screen.findByRole('form', { name: 'Post a warning' });
  await userEvent.click(within(form).getByRole('button', { name: 'Post' }));
  expect(await within(form).findByText('Choose a file or paste a CAP alert or GeoJSON')).toBeTruthy();
  expect(posted).toEqual([]);

  await userEvent.type(within(form).getByLabelText('Or paste the CAP alert or GeoJSON'), '{{"type":"FeatureCollection"}');
  await userEvent.click(within(form).getByRole('button', { name: 'Post' }));
  const outcome = await screen.findByRole('status', { name: 'What became of the message' });
  expect(within(outcome).getByText('Stored')).toBeTruthy();
  expect(within(outcome).getByText('1 member matched, 2 paddocks; their e-mails are on their way.')).toBeTruthy();
  expect(posted).toEqual(['{"type":"FeatureCollection"}']);
  await userEvent.click(within(outcome).getByRole('button', { name: 'Open the event' }));
  expect(screen.getByTestId('address').textContent).toBe('/admin/alerts?event=event_2');
});

it('shows a held event with its size and the two decisions, and confirming it sends the decision once', async () => {
  renderPage('/admin/alerts?event=event_held');
  const opened = await screen.findByRole('article', { name: 'Hail: A warning over the world' });
  expect(within(opened).getByText('Held: nobody is told until staff confirm it')).toBeTruthy();
  const decision = within(opened).getByRole('region', { name: 'Confirm before anyone is told' });
  expect(decision.textContent).toContain('It covers about 480,000,000 km², more than any storm warning or fire (800,000 km² or more is held)');
  await userEvent.click(within(decision).getByRole('button', { name: 'Confirm and tell them' }));
  await waitFor(() => expect(within(opened).queryByRole('region', { name: 'Confirm before anyone is told' })).toBeNull());
  expect(within(opened).getByText('Current')).toBeTruthy();
  expect(decisions).toEqual(['confirm']);
});

it('shows a warning placed only by districts as needing placing, and places it on the districts picked', async () => {
  renderPage('/admin/alerts?event=event_unplaced');
  const opened = await screen.findByRole('article', { name: 'Hail: Severe thunderstorm warning by district' });
  expect(within(opened).getByText('Needs placing: nobody is told until staff place it')).toBeTruthy();
  const placing = within(opened).getByRole('region', { name: 'Place this warning' });
  // Until the installed districts have come, no district is said to lack a boundary.
  expect(placing.textContent).not.toContain('No boundary is installed');
  expect((await within(placing).findByLabelText('Central Wheat Belt (WA_PW014)')).matches(':checked')).toBe(true);
  expect(placing.textContent).toContain('The Bureau placed it by its districts only (WA_PW014, WA_PW099: Central Wheat Belt and Far Inland). No boundary is installed for WA_PW099, so nobody has been told.');
  await userEvent.click(within(placing).getByRole('button', { name: 'Place it on 1 district' }));
  await waitFor(() => expect(placings).toEqual([{ districts: ['WA_PW014'] }]));
  await waitFor(() => expect(within(opened).queryByRole('region', { name: 'Place this warning' })).toBeNull());
});

it('lets staff end a current event with why, and shows who ended it and the reason members read', async () => {
  renderPage('/admin/alerts?event=event_1');
  const opened = await screen.findByRole('article', { name: /Hail: Severe thunderstorm warning/ });
  await userEvent.click(within(opened).getByRole('button', { name: 'End this event…' }));
  const ending = within(opened).getByRole('form', { name: 'End this event now' });
  expect(ending.textContent).toContain('It stops being current for the 2 members under it: their alert stays, marked ended, with your reason. Nobody is e-mailed.');
  await userEvent.click(within(ending).getByRole('button', { name: 'End it now' }));
  expect(await within(ending).findByText('Say in a few words why it is over: members read it on their alert.')).toBeTruthy();
  expect(endings).toEqual([]);

  await userEvent.type(within(ending).getByLabelText('Why is it over? (members read it on their alert)'), 'The caller rang back: heavy rain, not hail.');
  await userEvent.click(within(ending).getByRole('button', { name: 'End it now' }));
  await waitFor(() => expect(within(opened).getByText('Ended by Ada Staff, who wrote for the members under it: “The caller rang back: heavy rain, not hail.”')).toBeTruthy());
  expect(endings).toEqual([{ reason: 'The caller rang back: heavy rain, not hail.' }]);
  expect(within(opened).getByText('Ended')).toBeTruthy();
  expect(within(opened).queryByRole('button', { name: 'End this event…' })).toBeNull();
  expect(within(opened).getByText(/· ended by staff .+2099/)).toBeTruthy();
});

it('offers no ending for a held event, which staff withdraw instead', async () => {
  renderPage('/admin/alerts?event=event_held');
  const opened = await screen.findByRole('article', { name: 'Hail: A warning over the world' });
  expect(within(opened).getByRole('button', { name: 'Withdraw it' })).toBeTruthy();
  expect(within(opened).queryByRole('button', { name: 'End this event…' })).toBeNull();
});

it('lists the events standing as staff choose, kept in the address, and says when none stands so', async () => {
  renderPage();
  await screen.findByRole('list', { name: 'Events, newest first' });
  await userEvent.selectOptions(screen.getByLabelText('Status'), 'Current');
  await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/admin/alerts?status=current'));
  await waitFor(() => expect(listAsked.at(-1)).toBe('page=1&pageSize=20&status=current'));
  expect(within(screen.getByRole('list', { name: 'Events, newest first' })).getByRole('button', { name: /Severe thunderstorm warning/ })).toBeTruthy();

  await userEvent.selectOptions(screen.getByLabelText('Status'), 'Held for confirmation');
  expect(await screen.findByText('No event is “Held for confirmation” now.')).toBeTruthy();
  await userEvent.selectOptions(screen.getByLabelText('Kind'), 'Hail');
  expect(await screen.findByText('No hail event is “Held for confirmation” now.')).toBeTruthy();
  expect(screen.getByTestId('address').textContent).toBe('/admin/alerts?status=held&kind=hail');
});
