/**
 * The optional online geocoder (off unless VITE_GEOCODER_URL is set): a URL template with
 * {query}, answering Nominatim-style JSON (an array of { lat, lon, display_name }) or a GeoJSON
 * FeatureCollection of points. Results outside Western Australia are dropped.
 */
export interface GeocodeResult {
  label: string;
  lat: number;
  lng: number;
}

/** A generous box around Western Australia, [minLng, minLat, maxLng, maxLat]. */
const WA_BOUNDS = [112.5, -35.5, 129.1, -13.5] as const;

function inWa(lat: number, lng: number): boolean {
  return lng >= WA_BOUNDS[0] && lat >= WA_BOUNDS[1] && lng <= WA_BOUNDS[2] && lat <= WA_BOUNDS[3];
}

export function buildGeocodeUrl(template: string, query: string): string {
  return template.replace('{query}', encodeURIComponent(query.trim()));
}

/** Reads Nominatim-style or GeoJSON answers into results inside WA. */
export function parseGeocodeResponse(body: unknown, limit = 5): GeocodeResult[] {
  const results: GeocodeResult[] = [];
  if (Array.isArray(body)) {
    for (const item of body as Array<Record<string, unknown>>) {
      const lat = Number(item?.lat);
      const lng = Number(item?.lon ?? item?.lng);
      const label = String(item?.display_name ?? item?.label ?? item?.name ?? '').trim();
      if (Number.isFinite(lat) && Number.isFinite(lng) && label) results.push({ label, lat, lng });
    }
  } else if (body && typeof body === 'object' && Array.isArray((body as { features?: unknown }).features)) {
    for (const feature of (body as { features: Array<{ geometry?: { type?: string; coordinates?: unknown }; properties?: Record<string, unknown> }> }).features) {
      const coordinates = feature?.geometry?.type === 'Point' ? (feature.geometry.coordinates as unknown[]) : undefined;
      const lng = Number(coordinates?.[0]);
      const lat = Number(coordinates?.[1]);
      const properties = feature?.properties ?? {};
      const label = String(properties.display_name ?? properties.label ?? properties.name ?? '').trim();
      if (Number.isFinite(lat) && Number.isFinite(lng) && label) results.push({ label, lat, lng });
    }
  }
  return results.filter((result) => inWa(result.lat, result.lng)).slice(0, limit);
}

export async function geocode(template: string, query: string, signal?: AbortSignal): Promise<GeocodeResult[]> {
  const response = await fetch(buildGeocodeUrl(template, query), { headers: { Accept: 'application/json' }, signal });
  if (!response.ok) throw new Error(`The address search answered ${response.status}.`);
  return parseGeocodeResponse(await response.json());
}
