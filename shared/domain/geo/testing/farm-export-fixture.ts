/**
 * Test data only (used by API, unit and browser tests), never imported by the product.
 *
 * Boundary files shaped like the exports of farm-management software, for tests: KML whose field
 * outlines were traced by a GPS receiver driven round the fence, a position every two metres written
 * with 14 decimals, each a little off the line (receiver noise), and one side following a winding
 * creek. Generated from a fixed seed, so every run sees the same file.
 */

/** A small seeded generator (mulberry32), so the fixtures never change between runs. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const METRES_PER_DEGREE_LAT = 111_320;

export interface TracedField {
  name: string;
  /** [lng, lat] positions of the closed outline. */
  outline: Array<[number, number]>;
}

function kml(fields: readonly TracedField[]): string {
  const placemarks = fields.map(
    (field) =>
      `<Placemark><name>${field.name}</name><Polygon><outerBoundaryIs><LinearRing><coordinates>${field.outline
        .map(([lng, lat]) => `${lng.toFixed(14)},${lat.toFixed(14)},0`)
        .join(' ')}</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>Farm boundaries export</name>${placemarks.join('\n')}</Document></kml>`;
}

/**
 * A rectangle of widthMetres × heightMetres with its south-west corner at (lng, lat), traced every
 * stepMetres with receiver noise of up to noiseMetres; its east side winds like a creek.
 */
function tracedField(name: string, lng: number, lat: number, widthMetres: number, heightMetres: number, random: () => number, stepMetres: number, noiseMetres: number): TracedField {
  const metresPerDegreeLng = METRES_PER_DEGREE_LAT * Math.cos((lat * Math.PI) / 180);
  const corners: Array<[number, number]> = [
    [0, 0],
    [widthMetres, 0],
    [widthMetres, heightMetres],
    [0, heightMetres],
  ];
  const points: Array<[number, number]> = [];
  corners.forEach((start, side) => {
    const end = corners[(side + 1) % 4]!;
    const length = Math.hypot(end[0] - start[0], end[1] - start[1]);
    const steps = Math.max(1, Math.round(length / stepMetres));
    for (let step = 0; step < steps; step += 1) {
      const along = step / steps;
      let x = start[0] + (end[0] - start[0]) * along;
      const y = start[1] + (end[1] - start[1]) * along;
      if (side === 1) x += 25 * Math.sin(along * Math.PI * 3) * Math.sin(along * Math.PI);
      x += (random() - 0.5) * 2 * noiseMetres;
      points.push([x, y + (random() - 0.5) * 2 * noiseMetres]);
    }
  });
  points.push(points[0]!);
  return { name, outline: points.map(([x, y]) => [lng + x / metresPerDegreeLng, lat + y / METRES_PER_DEGREE_LAT]) };
}

/**
 * 40 paddocks near Merredin in a grid of 8 × 5, each 700–900 m by 500–700 m, traced every 2 m with
 * 0.15 m of receiver noise: about 1,400 positions a paddock, 2.2 MB of KML.
 */
export function fortyPaddockFields(): TracedField[] {
  const random = seeded(40);
  const fields: TracedField[] = [];
  for (let index = 0; index < 40; index += 1) {
    const column = index % 8;
    const row = Math.floor(index / 8);
    const width = 700 + random() * 200;
    const height = 500 + random() * 200;
    fields.push(tracedField(`Paddock ${index + 1}`, 118.2 + column * 0.0105, -31.52 + row * 0.0075, width, height, random, 2, 0.15));
  }
  return fields;
}

export const fortyPaddockKml = () => kml(fortyPaddockFields());

/**
 * Outlines no simplification to half a metre can thin: 14 paddocks whose fences zigzag by metres
 * every 75 cm, about 3,200 positions each, most of which matter. One file fits in a quote; two do not.
 */
export function jaggedPaddockFields(seed: number): TracedField[] {
  const random = seeded(seed);
  const fields: TracedField[] = [];
  for (let index = 0; index < 14; index += 1) {
    fields.push(tracedField(`Rough ${seed}-${index + 1}`, 118.2 + index * 0.0105, -31.6 - seed * 0.01, 700, 500, random, 0.75, 3));
  }
  return fields;
}

export const jaggedPaddockKml = (seed: number) => kml(jaggedPaddockFields(seed));
