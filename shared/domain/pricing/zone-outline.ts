import type { GeoJsonArea } from '../../contracts/protection';

/**
 * An SVG path of a zone's boundary fitted into a width × height box with a margin, north up. Longitude
 * is shortened by the cosine of the middle latitude so shapes keep their proportions at WA's latitudes.
 */
export function zoneOutlinePath(boundary: GeoJsonArea, width: number, height: number, margin = 2): string {
  const polygons = boundary.type === 'Polygon' ? [boundary.coordinates] : boundary.coordinates;
  const points = polygons.flat(2);
  if (points.length === 0) return '';
  const lngs = points.map(([lng]) => lng);
  const lats = points.map(([, lat]) => lat);
  const [minLng, maxLng, minLat, maxLat] = [Math.min(...lngs), Math.max(...lngs), Math.min(...lats), Math.max(...lats)];
  const squash = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
  const spanX = Math.max((maxLng - minLng) * squash, 1e-9);
  const spanY = Math.max(maxLat - minLat, 1e-9);
  const scale = Math.min((width - 2 * margin) / spanX, (height - 2 * margin) / spanY);
  const offsetX = (width - spanX * scale) / 2;
  const offsetY = (height - spanY * scale) / 2;
  const round = (value: number) => Math.round(value * 100) / 100;
  const at = ([lng, lat]: [number, number]) => `${round(offsetX + (lng - minLng) * squash * scale)} ${round(offsetY + (maxLat - lat) * scale)}`;
  return polygons.flatMap((rings) => rings.filter((ring) => ring.length > 0).map((ring) => `M${ring.map(at).join('L')}Z`)).join('');
}
