/**
 * Outlines as GeoJSON Polygon or MultiPolygon in [longitude, latitude], parsed whole: a staff
 * member's footprint on the risk map and a grower's paddock boundary on Your Farm. Each use sets how
 * many positions a ring may have and what a shape of another kind is told.
 */
import { z } from 'zod';

const positionSchema = z
  .tuple([
    z.number({ error: 'A position is [longitude, latitude]' }).min(-180, { error: 'Longitude must be between -180 and 180' }).max(180, { error: 'Longitude must be between -180 and 180' }),
    z.number({ error: 'A position is [longitude, latitude]' }).min(-90, { error: 'Latitude must be between -90 and 90' }).max(90, { error: 'Latitude must be between -90 and 90' }),
  ])
  // A height after the two (as a KML file's outline carries) is read and left out where the outline is kept.
  .rest(z.number());

export function outlineSchema({ maxRingPositions, notAnOutline }: { maxRingPositions: number; notAnOutline: string }) {
  const ringSchema = z
    .array(positionSchema)
    .min(4, { error: 'An outline needs at least three corners (four positions, the first repeated last)' })
    .max(maxRingPositions, { error: `An outline may have at most ${maxRingPositions.toLocaleString('en-AU')} positions` });
  const polygonRingsSchema = z.array(ringSchema).min(1, { error: 'A polygon needs an outline' }).max(50, { error: 'A polygon may have at most 50 rings' });
  return z.discriminatedUnion(
    'type',
    [
      z.object({ type: z.literal('Polygon'), coordinates: polygonRingsSchema }),
      z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(polygonRingsSchema).min(1, { error: 'A multipolygon needs a polygon' }).max(50, { error: 'A multipolygon may have at most 50 parts' }) }),
    ],
    { error: notAnOutline },
  );
}
