/**
 * Map configuration, read from Vite's build-time environment (VITE_*), with public defaults:
 * OpenStreetMap for streets and Esri World Imagery for satellite. Setting VITE_MAP_TILES=off
 * turns tiles off altogether (the map then shows a plain background with the paddocks on it).
 * The optional geocoder is off unless VITE_GEOCODER_URL is set. See docs/mapping.md.
 */

export interface TileSource {
  id: 'street' | 'satellite';
  label: string;
  /** Leaflet URL template ({z}/{x}/{y}, optional {s}). */
  url: string;
  /** Plain text (shown as written, never read as HTML); linked to attributionUrl when there is one. */
  attribution: string;
  attributionUrl: string | undefined;
  maxZoom: number;
}

export interface MapConfig {
  tileSources: TileSource[];
  /** URL template with {query} (URL-encoded), answering Nominatim-style JSON; undefined = off. */
  geocoderUrl?: string;
  /** Plain text shown under the search box. */
  geocoderAttribution?: string;
  /** Where the map opens before the farm is found: the middle of the WA grain belt. */
  defaultCenter: { lat: number; lng: number };
  defaultZoom: number;
  /** Zoom used once the farm location is known. */
  farmZoom: number;
}

export type MapEnv = Partial<Record<string, string | boolean | undefined>>;

export const DEFAULT_STREET_TILES: TileSource = {
  id: 'street',
  label: 'Street map',
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '© OpenStreetMap contributors',
  attributionUrl: 'https://www.openstreetmap.org/copyright',
  maxZoom: 19,
};

export const DEFAULT_SATELLITE_TILES: TileSource = {
  id: 'satellite',
  label: 'Satellite',
  url: 'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}',
  attribution: 'Tiles © Esri — Source: Esri, Maxar, Earthstar Geographics, and the GIS User Community',
  attributionUrl: undefined,
  maxZoom: 19,
};

function text(env: MapEnv, key: string): string | undefined {
  const value = env[key];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function number(env: MapEnv, key: string, fallback: number): number {
  const value = Number(text(env, key));
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/** Only http(s) URL templates are used; anything else falls back to the default. */
function urlTemplate(env: MapEnv, key: string): string | undefined {
  const value = text(env, key);
  return value && /^https?:\/\//i.test(value) ? value : undefined;
}

/** An attribution link is used only when it is https. */
function httpsUrl(env: MapEnv, key: string): string | undefined {
  const value = text(env, key);
  return value && /^https:\/\//i.test(value) ? value : undefined;
}

/** Configured words replace the default's words and link together; a configured link alone keeps the default words. */
function attribution(env: MapEnv, key: string, fallback: TileSource): Pick<TileSource, 'attribution' | 'attributionUrl'> {
  const words = text(env, key);
  const url = httpsUrl(env, `${key}_URL`);
  if (words === undefined) return { attribution: fallback.attribution, attributionUrl: url ?? fallback.attributionUrl };
  return { attribution: words, attributionUrl: url };
}

export function readMapConfig(env: MapEnv = import.meta.env): MapConfig {
  const tilesOff = (text(env, 'VITE_MAP_TILES') ?? '').toLowerCase() === 'off';
  const street: TileSource = {
    ...DEFAULT_STREET_TILES,
    url: urlTemplate(env, 'VITE_MAP_STREET_TILE_URL') ?? DEFAULT_STREET_TILES.url,
    ...attribution(env, 'VITE_MAP_STREET_ATTRIBUTION', DEFAULT_STREET_TILES),
    maxZoom: number(env, 'VITE_MAP_STREET_MAX_ZOOM', DEFAULT_STREET_TILES.maxZoom),
  };
  const satellite: TileSource = {
    ...DEFAULT_SATELLITE_TILES,
    url: urlTemplate(env, 'VITE_MAP_SATELLITE_TILE_URL') ?? DEFAULT_SATELLITE_TILES.url,
    ...attribution(env, 'VITE_MAP_SATELLITE_ATTRIBUTION', DEFAULT_SATELLITE_TILES),
    maxZoom: number(env, 'VITE_MAP_SATELLITE_MAX_ZOOM', DEFAULT_SATELLITE_TILES.maxZoom),
  };
  const geocoderUrl = urlTemplate(env, 'VITE_GEOCODER_URL');
  return {
    tileSources: tilesOff ? [] : [street, satellite],
    geocoderUrl: geocoderUrl && geocoderUrl.includes('{query}') ? geocoderUrl : undefined,
    geocoderAttribution: text(env, 'VITE_GEOCODER_ATTRIBUTION'),
    defaultCenter: { lat: -31.6, lng: 117.6 },
    defaultZoom: 6,
    farmZoom: 14,
  };
}
