// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { server } from '../../testing/server';
import { LocalitySearch, type FoundPlace } from './locality-search';

const GEOCODER = 'https://geocoder.example/search?q={query}&format=json';
let geocoderAsked: string[];

beforeEach(() => {
  geocoderAsked = [];
  // The online geocoder's stand-in answers in Nominatim's format, with one place outside WA that must be dropped.
  // Another origin: the page (happy-dom) asks first whether it may read the answer (CORS), as a browser would.
  const cors = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': '*' };
  server.use(
    http.options('https://geocoder.example/search', () => new HttpResponse(null, { status: 204, headers: cors })),
    http.get('https://geocoder.example/search', ({ request }) => {
      geocoderAsked.push(decodeURIComponent(new URL(request.url).searchParams.get('q') ?? ''));
      return HttpResponse.json(
        [
          { lat: '-31.4817', lon: '118.2796', display_name: '12 Great Eastern Highway, Merredin WA 6415' },
          { lat: '-33.8688', lon: '151.2093', display_name: '12 Great Eastern Highway, Sydney NSW' },
        ],
        { headers: cors },
      );
    }),
  );
});

afterEach(cleanup);

function renderSearch(geocoderUrl?: string, initialQuery?: string) {
  const picked: FoundPlace[] = [];
  renderWithProviders(<LocalitySearch onSelect={(place) => picked.push(place)} {...(geocoderUrl ? { geocoderUrl } : {})} initialQuery={initialQuery} />);
  return picked;
}

describe('Find your farm', () => {
  it('finds a WA locality by postcode from the offline gazetteer and picks it with Enter', async () => {
    const picked = renderSearch();
    await userEvent.type(screen.getByLabelText('Find your farm'), '6415');
    // The gazetteer is its own chunk, loaded on first use.
    const options = await screen.findAllByRole('option', {}, { timeout: 10_000 });
    expect(options.map((option) => option.textContent)).toContain('Merredin WA 6415');
    expect(screen.getByRole('status').textContent).toMatch(/^\d+ places? found$/);
    await userEvent.keyboard('{Enter}');
    expect(picked[0]).toMatchObject({ label: options[0]!.textContent, source: 'gazetteer' });
    expect(screen.getByRole('status').textContent).toBe(`Farm location set to ${options[0]!.textContent}. Drag the marker to your homestead if you like.`);
    expect(geocoderAsked).toEqual([]);
  });

  it('searches at once for the address the member gave on get-started, so they only pick the place', async () => {
    const picked = renderSearch(undefined, 'Merredin');
    expect((screen.getByLabelText('Find your farm') as HTMLInputElement).value).toBe('Merredin');
    const options = await screen.findAllByRole('option', {}, { timeout: 10_000 });
    expect(options.map((option) => option.textContent)).toContain('Merredin WA 6415');
    await userEvent.click(options.find((option) => option.textContent === 'Merredin WA 6415')!);
    expect(picked[0]).toMatchObject({ label: 'Merredin WA 6415', source: 'gazetteer' });
  });

  it('says what to do when nothing matches and no geocoder is configured', async () => {
    renderSearch();
    await userEvent.type(screen.getByLabelText('Find your farm'), 'Zzyzx');
    expect(await screen.findByText('No WA locality or postcode matches. Try the nearest town, or move the map and put the farm marker at its centre.')).toBeTruthy();
  });

  it('asks the geocoder once typing pauses, and lists only its places in WA', async () => {
    renderSearch(GEOCODER);
    await userEvent.type(screen.getByLabelText('Find your farm'), '12 Great Eastern Hwy');
    const address = await screen.findByRole('option', { name: '12 Great Eastern Highway, Merredin WA 6415 · address search' });
    expect(address).toBeTruthy();
    expect(screen.queryByText(/Sydney/)).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('1 address found');
    expect(geocoderAsked).toEqual(['12 Great Eastern Hwy']);
  });
});
