// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { refusal, server } from '../../testing/server';
import type { MapZone } from './risk-zone-api';
import { RiskZoneStatus } from './risk-zone-status';

const MERREDIN = { lat: -31.4817, lng: 118.2796 };
const KATANNING = { lat: -33.6887, lng: 117.5553 };
let asked: string[];
/** The answer of GET /api/agriculture-zones/lookup in this test. */
let answer: () => Response;

beforeEach(() => {
  asked = [];
  answer = () => HttpResponse.json({ code: 'Z2', name: 'Central Wheatbelt', riskLevel: 'medium' });
  server.use(
    http.get('/api/agriculture-zones/lookup', ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('lat') ?? '');
      return answer();
    }),
  );
});

afterEach(cleanup);

function renderStatus(location: { lat: number; lng: number } | undefined) {
  const zones: Array<MapZone | undefined> = [];
  const view = renderWithProviders(<RiskZoneStatus location={location} zoneCode="Z1" onZone={(zone) => zones.push(zone)} />);
  const moveTo = (next: { lat: number; lng: number }) => view.rerender(<RiskZoneStatus location={next} zoneCode="Z1" onZone={(zone) => zones.push(zone)} />);
  return { zones, moveTo };
}

describe('the farm’s risk zone beside the map', () => {
  it('asks the grower for a location until there is one', () => {
    renderStatus(undefined);
    expect(screen.getByTestId('risk-zone').textContent).toBe('Set your farm location to see your risk zone.');
    expect(asked).toEqual([]);
  });

  it('looks the zone up once the marker rests, tells the map once, and asks again only for a new place', async () => {
    const { zones, moveTo } = renderStatus(MERREDIN);
    expect(screen.getByTestId('risk-zone').textContent).toBe('Looking up your risk zone…');
    await waitFor(() => expect(screen.getByTestId('risk-zone').textContent).toBe('Your risk zone: Central Wheatbelt (Z2), medium risk'));
    expect(zones).toEqual([{ code: 'Z2', name: 'Central Wheatbelt', riskLevel: 'medium' }]);

    // A drag passes over many points; only where it comes to rest is asked for.
    moveTo({ lat: -32, lng: 118 });
    moveTo(KATANNING);
    await waitFor(() => expect(asked).toEqual(['-31.481700', '-33.688700']));
    await waitFor(() => expect(zones).toHaveLength(2));
    // Back to a place already looked up: answered from the cache, and the map is told again.
    moveTo(MERREDIN);
    await waitFor(() => expect(zones).toHaveLength(3));
    expect(asked).toHaveLength(2);
  });

  it('says a point outside every zone plainly, clears the zone, and offers no retry', async () => {
    answer = () => refusal(404, 'not_found', 'That point is outside the grain belt zones the mutual covers.');
    const { zones } = renderStatus(MERREDIN);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('That point is outside the grain belt zones the mutual covers.'));
    expect(zones).toEqual([undefined]);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('keeps the zone known so far when the server fails, and finds it on Try again', async () => {
    answer = () => refusal(503, 'unavailable', 'The zone service is starting; try again in a moment.');
    const { zones } = renderStatus(MERREDIN);
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert.textContent).toContain('The zone service is starting; try again in a moment.');
    expect(alert.textContent).toContain('Your risk zone so far: Z1.');
    expect(zones).toEqual([]);

    answer = () => HttpResponse.json({ code: 'Z2', name: 'Central Wheatbelt' });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByTestId('risk-zone').textContent).toBe('Your risk zone: Central Wheatbelt (Z2)'));
    expect(zones).toEqual([{ code: 'Z2', name: 'Central Wheatbelt' }]);
  }, 15_000);
});
