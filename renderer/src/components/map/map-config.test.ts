import { describe, expect, it } from 'vitest';
import { buildGeocodeUrl, parseGeocodeResponse } from './geocoder';
import { DEFAULT_SATELLITE_TILES, DEFAULT_STREET_TILES, readMapConfig } from './map-config';

describe('map configuration', () => {
  it('defaults to OpenStreetMap and Esri World Imagery with attribution, geocoder off', () => {
    const config = readMapConfig({});
    expect(config.tileSources.map((source) => source.url)).toEqual([DEFAULT_STREET_TILES.url, DEFAULT_SATELLITE_TILES.url]);
    expect(config.tileSources[0]!.attribution).toContain('OpenStreetMap');
    expect(config.tileSources[1]!.attribution).toContain('Esri');
    expect(config.geocoderUrl).toBeUndefined();
  });

  it('reads tile sources, attribution and the geocoder from VITE_ variables', () => {
    const config = readMapConfig({
      VITE_MAP_STREET_TILE_URL: 'https://tiles.example.com/{z}/{x}/{y}.png',
      VITE_MAP_STREET_ATTRIBUTION: '© Example',
      VITE_MAP_SATELLITE_TILE_URL: 'javascript:alert(1)',
      VITE_GEOCODER_URL: 'https://geo.example.com/search?q={query}&format=json',
    });
    expect(config.tileSources[0]).toMatchObject({ url: 'https://tiles.example.com/{z}/{x}/{y}.png', attribution: '© Example' });
    expect(config.tileSources[1]!.url).toBe(DEFAULT_SATELLITE_TILES.url);
    expect(config.geocoderUrl).toBe('https://geo.example.com/search?q={query}&format=json');
  });

  it('attributions are plain words with an optional https link, never HTML', () => {
    const defaults = readMapConfig({});
    for (const source of defaults.tileSources) expect(source.attribution).not.toMatch(/[<>&]/);
    expect(defaults.tileSources[0]).toMatchObject({ attribution: '© OpenStreetMap contributors', attributionUrl: 'https://www.openstreetmap.org/copyright' });
    const configured = readMapConfig({
      VITE_MAP_STREET_ATTRIBUTION: 'Tiles © Example',
      VITE_MAP_SATELLITE_ATTRIBUTION: 'Imagery © Example',
      VITE_MAP_SATELLITE_ATTRIBUTION_URL: 'javascript:alert(1)',
    });
    // Own words drop the default's link; a link that is not https is not used.
    expect(configured.tileSources[0]).toMatchObject({ attribution: 'Tiles © Example', attributionUrl: undefined });
    expect(configured.tileSources[1]).toMatchObject({ attribution: 'Imagery © Example', attributionUrl: undefined });
    expect(readMapConfig({ VITE_MAP_STREET_ATTRIBUTION_URL: 'https://tiles.example.com/terms' }).tileSources[0]).toMatchObject({
      attribution: DEFAULT_STREET_TILES.attribution,
      attributionUrl: 'https://tiles.example.com/terms',
    });
  });

  it('VITE_MAP_TILES=off turns tiles off; a geocoder URL without {query} is ignored', () => {
    const config = readMapConfig({ VITE_MAP_TILES: 'off', VITE_GEOCODER_URL: 'https://geo.example.com/search' });
    expect(config.tileSources).toEqual([]);
    expect(config.geocoderUrl).toBeUndefined();
  });
});

describe('geocoder answers', () => {
  it('builds the URL with the query encoded', () => {
    expect(buildGeocodeUrl('https://g.example/?q={query}', ' 12 Great Eastern Hwy, Merredin ')).toBe('https://g.example/?q=12%20Great%20Eastern%20Hwy%2C%20Merredin');
  });

  it('reads Nominatim arrays and GeoJSON, keeping places in WA only', () => {
    expect(
      parseGeocodeResponse([
        { lat: '-31.48', lon: '118.28', display_name: 'Merredin, Western Australia' },
        { lat: '-33.87', lon: '151.21', display_name: 'Sydney, New South Wales' },
      ]),
    ).toEqual([{ label: 'Merredin, Western Australia', lat: -31.48, lng: 118.28 }]);
    expect(parseGeocodeResponse({ type: 'FeatureCollection', features: [{ geometry: { type: 'Point', coordinates: [121.89, -33.86] }, properties: { name: 'Esperance' } }] })).toEqual([
      { label: 'Esperance', lat: -33.86, lng: 121.89 },
    ]);
    expect(parseGeocodeResponse('nonsense')).toEqual([]);
  });
});
