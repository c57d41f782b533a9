/**
 * An SVG path of a paddock's outline for a small preview: longitude scaled by the cosine of the
 * latitude (so a square paddock looks square), fitted into a square box, north up. Holes are
 * separate subpaths, drawn as holes with fill-rule evenodd. Corners closer than a tenth of a unit
 * are merged, so a GPS-traced fence of thousands of points stays a short path.
 */
import { polygonsOf, type PaddockGeometry } from '@shared/domain/geo/geometry';

export function outlinePath(geometry: PaddockGeometry, size: number, padding = 2): string {
  const polygons = polygonsOf(geometry);
  const positions = polygons.flat(2);
  if (positions.length === 0) return '';
  let [west, east, south, north] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const [lng, lat] of positions) {
    west = Math.min(west, Number(lng));
    east = Math.max(east, Number(lng));
    south = Math.min(south, Number(lat));
    north = Math.max(north, Number(lat));
  }
  const xScale = Math.cos((((south + north) / 2) * Math.PI) / 180);
  const width = (east - west) * xScale;
  const height = north - south;
  const inner = size - 2 * padding;
  const scale = inner / Math.max(width, height, Number.EPSILON);
  // Centred in the box whichever side is the longer.
  const left = padding + (inner - width * scale) / 2;
  const top = padding + (inner - height * scale) / 2;
  const round = (value: number) => Math.round(value * 10) / 10;

  return polygons
    .flatMap((rings) =>
      rings.map((ring) => {
        let last = '';
        const points: string[] = [];
        for (const position of ring) {
          const point = `${round(left + (Number(position[0]) - west) * xScale * scale)} ${round(top + (north - Number(position[1])) * scale)}`;
          if (point !== last) points.push(point);
          last = point;
        }
        return `M${points.join('L')}Z`;
      }),
    )
    .join('');
}
