/**
 * The Bureau's warning districts the operator installed (ALERT_DISTRICTS_FILE, docs/alerts.md
 * "Warnings placed by district"): read once per file and kept. The product ships none: the Bureau's
 * boundaries may be used within the mutual but not passed on, so each installation brings its own copy.
 */
import { readFileSync } from 'node:fs';
import { alertDistrictsSchema } from '@shared/contracts/alerts';
import { type DistrictBoundaries, districtBoundaries } from '@shared/domain/alerts/districts';

const loaded = new Map<string, DistrictBoundaries>();
const NONE: DistrictBoundaries = new Map();

/** The districts of the file (none when no file is set); a file that cannot be read stops with what is wrong with it. */
export function alertDistricts(file: string | undefined): DistrictBoundaries {
  if (!file) return NONE;
  const known = loaded.get(file);
  if (known) return known;
  const parsed = alertDistrictsSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`ALERT_DISTRICTS_FILE (${file}) is not a districts file: ${parsed.error.issues[0]?.message ?? 'unreadable'}`);
  const districts = districtBoundaries(parsed.data);
  loaded.set(file, districts);
  return districts;
}
