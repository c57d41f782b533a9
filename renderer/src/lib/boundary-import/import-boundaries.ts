/**
 * Paddock boundaries from the files growers get from their farm-management software, agronomist
 * or Google Earth: KML, KMZ (zipped KML), GeoJSON and zipped shapefiles. Only areas come out:
 * GeoJSON Polygons and MultiPolygons in WGS84 [lng, lat], holes and parts kept. Everything else is
 * left out with the reason a grower can act on (image overlays, links, points, lines, empty
 * records, shapes far larger than a paddock, coordinates on a grid the file does not name), and a
 * file with nothing usable is refused with those reasons. The grower then confirms the shapes in
 * a preview before they become paddocks. Parsing libraries load only when a file of their kind
 * arrives.
 *
 * Outlines are kept as a quote stores them (shared/domain/quote/draft-limits.ts): rounded to 6
 * decimals and simplified to half a metre, more if the file would not fit in a quote, so whatever
 * is imported can be saved.
 */
import type { Feature, FeatureCollection, Geometry, GeoJsonProperties } from 'geojson';
import type JSZip from 'jszip';
import { geodesicAreaHectares, hasGeographicCoordinates, normaliseGeometry, roundHectares, type PaddockGeometry } from '@shared/domain/geo/geometry';
import { BOUNDARY_SIMPLIFY_TOLERANCE_METRES, fitOutlinesInQuote, MAX_IMPORT_BYTES, MAX_IMPORTED_BOUNDARIES } from '@shared/domain/quote/draft-limits';
import { formatHectares } from '@shared/format';
import { gridOfCrsMember, reprojector, type MapGrid } from './map-grids';

export type BoundaryFormat = 'kml' | 'kmz' | 'geojson' | 'shapefile';

/**
 * A shape larger than this is not taken as a paddock. The largest cropping paddocks in WA are a
 * few thousand hectares; what exceeds this is a shire, a farm-district outline, a map frame or an
 * image's footprint. A grower with a genuine paddock this size can still type its area.
 */
export const LARGEST_IMPORTED_SHAPE_HECTARES = 20_000;
/**
 * A shape smaller than this (100 m²) is not taken as a paddock either: a plot marker, a shed's
 * footprint or a slip while drawing. At the 0.01 ha an area is kept to it would be a paddock of 0 ha.
 */
const SMALLEST_IMPORTED_SHAPE_HECTARES = 0.01;
/** Beyond this many shapes too large to be paddocks, one sentence says how many rather than one each. */
const TOO_LARGE_NAMED_ONE_BY_ONE = 3;

export interface ImportedBoundary {
  /** The name the file gives the shape (KML name, GeoJSON/shapefile 'name'-like property), or ''. */
  name: string;
  geometry: PaddockGeometry;
  /** Geodesic hectares, holes subtracted, to 0.01 ha: the area the paddock will get. */
  areaHectares: number;
}

export type SkippedKind = 'ungridded' | 'too-large' | 'too-small' | 'overlay' | 'link' | 'empty' | 'point' | 'line' | 'surface';

/** Shapes of one kind left out of the import, with the sentence that says why. */
export interface SkippedShapes {
  kind: SkippedKind;
  count: number;
  reason: string;
}

export interface BoundaryImportResult {
  format: BoundaryFormat;
  boundaries: ImportedBoundary[];
  skipped: SkippedShapes[];
  /** Changes made to what was kept (shapes beyond the limit, simplified outlines). */
  warnings: string[];
}

/** Enough of DOMParser for KML: the browser's, or @xmldom/xmldom's in Node tests. */
export interface XmlParser {
  parseFromString(text: string, mimeType: 'text/xml' | 'application/xml'): unknown;
}

export interface BoundaryImportOptions {
  domParser?: XmlParser;
}

export class BoundaryImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BoundaryImportError';
  }
}

function toBytes(data: ArrayBuffer | Uint8Array): Uint8Array {
  return data instanceof Uint8Array ? data : new Uint8Array(data);
}

function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Reads one file of boundaries. Throws BoundaryImportError with a message for the grower. */
export async function importBoundaries(file: { name: string; data: ArrayBuffer | Uint8Array }, options: BoundaryImportOptions = {}): Promise<BoundaryImportResult> {
  const bytes = toBytes(file.data);
  if (bytes.byteLength === 0) throw new BoundaryImportError(`${file.name} is empty.`);
  if (bytes.byteLength > MAX_IMPORT_BYTES) throw new BoundaryImportError(`${file.name} is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB; export only your farm's paddocks.`);
  const extension = extensionOf(file.name);

  if (isZip(bytes)) {
    const JSZip = (await import('jszip')).default;
    const zip = await JSZip.loadAsync(bytes).catch(() => {
      throw new BoundaryImportError(`${file.name} is not a readable zip file.`);
    });
    const names = Object.keys(zip.files).filter((name) => !name.startsWith('__MACOSX') && !zip.files[name]?.dir);
    const kmlName = names.find((name) => name.toLowerCase() === 'doc.kml') ?? names.find((name) => name.toLowerCase().endsWith('.kml'));
    if (kmlName && (extension === 'kmz' || !names.some((name) => name.toLowerCase().endsWith('.shp')))) {
      const text = await zip.files[kmlName]!.async('string');
      return finish('kmz', await fromKml(text, options));
    }
    if (names.some((name) => name.toLowerCase().endsWith('.shp'))) return finish('shapefile', await fromShapefile(zip, names));
    const jsonName = names.find((name) => /\.(geo)?json$/i.test(name));
    if (jsonName) return finish('geojson', fromGeoJson(await zip.files[jsonName]!.async('string')));
    throw new BoundaryImportError(`${file.name} holds no KML, shapefile (.shp) or GeoJSON.`);
  }

  const text = new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
  const start = text.trimStart().slice(0, 1);
  if (extension === 'kml' || start === '<') return finish('kml', await fromKml(text, options));
  if (extension === 'geojson' || extension === 'json' || start === '{') return finish('geojson', fromGeoJson(text));
  if (extension === 'shp') throw new BoundaryImportError('A shapefile needs its .dbf and .shx beside it: zip the files together and import the .zip.');
  throw new BoundaryImportError(`${file.name} is not a KML, KMZ, GeoJSON or zipped shapefile.`);
}

/** KML through togeojson. It turns a GroundOverlay's LatLonBox and a NetworkLink's Region into polygons; those are marked and left out. */
async function fromKml(text: string, options: BoundaryImportOptions): Promise<Collected> {
  const parser = options.domParser ?? (typeof DOMParser === 'undefined' ? undefined : new DOMParser());
  if (!parser) throw new BoundaryImportError('KML cannot be read here: no XML parser.');
  let doc: Document;
  try {
    doc = parser.parseFromString(text, 'text/xml') as Document;
  } catch {
    throw new BoundaryImportError('The KML file is not valid XML.');
  }
  if (!doc || doc.getElementsByTagName('parsererror').length > 0) throw new BoundaryImportError('The KML file is not valid XML.');
  if (doc.getElementsByTagName('kml').length === 0 && doc.getElementsByTagName('Placemark').length === 0) throw new BoundaryImportError('The file is XML but not KML.');
  const { kml } = await import('@tmcw/togeojson');
  const collected = fromCollection(kml(doc) as FeatureCollection, { format: 'kml' });
  // togeojson leaves photo and screen overlays (a legend, a logo) out; they are counted all the same.
  collected.tally.overlay += doc.getElementsByTagName('PhotoOverlay').length + doc.getElementsByTagName('ScreenOverlay').length;
  return collected;
}

function fromGeoJson(text: string): Collected {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BoundaryImportError('The GeoJSON file is not valid JSON.');
  }
  const object = value as { type?: unknown; crs?: unknown };
  let collection: FeatureCollection;
  if (object?.type === 'FeatureCollection') collection = value as FeatureCollection;
  else if (object?.type === 'Feature') collection = { type: 'FeatureCollection', features: [value as Feature] };
  else if (object?.type === 'GeometryCollection' || (typeof object?.type === 'string' && 'coordinates' in object))
    collection = { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: value as Geometry, properties: {} }] };
  else throw new BoundaryImportError('The JSON file is not GeoJSON (no FeatureCollection, Feature or geometry).');

  // RFC 7946 GeoJSON is always longitude/latitude; the 2008 format (still written by GDAL and many GIS) may name a grid.
  if (object.crs === undefined || object.crs === null) return fromCollection(collection, { format: 'geojson' });
  const lookup = gridOfCrsMember(object.crs);
  if (!lookup.ok) throw new BoundaryImportError(lookup.reason);
  const toLngLat = reprojector(lookup.grid);
  const features = (collection.features ?? []).map((feature) => ({ ...feature, geometry: toLngLat(feature?.geometry ?? null) }) as Feature);
  return fromCollection({ type: 'FeatureCollection', features }, { format: 'geojson', grid: lookup.grid });
}

/** The ESRI shape type of a MultiPatch: a 3D surface (a TIN, a building), which shpjs would misread as a point. */
const MULTIPATCH = 31;

/** The shape type a .shp's header declares for every record in it (ESRI Shapefile Technical Description, byte 32). */
const shapeTypeOf = (shp: Uint8Array) => (shp.byteLength < 36 ? 0 : new DataView(shp.buffer, shp.byteOffset, shp.byteLength).getInt32(32, true));

/** The records of a .shp, counted from their headers (each: number and length in 16-bit words, big-endian). */
function recordCountOf(shp: Uint8Array): number {
  const view = new DataView(shp.buffer, shp.byteOffset, shp.byteLength);
  let count = 0;
  for (let offset = 100; offset + 8 <= shp.byteLength; count += 1) {
    const words = view.getInt32(offset + 4, false);
    // A damaged header (a length of nothing or less) would never move on: what was counted stands.
    if (words <= 0) return count + 1;
    offset += 8 + words * 2;
  }
  return count;
}

/**
 * Every layer of a zipped shapefile (.shp with its .dbf, .cpg and .prj beside it), read by shpjs,
 * which reprojects a layer with a .prj and reads one without as it stands. A layer of 3D surfaces is
 * counted, not read; a .prj that is no map projection (a saved web page, say) is named, not obeyed.
 */
async function fromShapefile(zip: JSZip, names: string[]): Promise<Collected> {
  const [{ default: getShapefile }, { default: proj4 }] = await Promise.all([import('shpjs'), import('proj4')]);
  const sibling = (base: string, extension: string) => names.find((name) => name.toLowerCase() === `${base}.${extension}`.toLowerCase());
  const layers: Collected[] = [];
  let surfaces = 0;
  for (const shpName of names.filter((name) => name.toLowerCase().endsWith('.shp'))) {
    const base = shpName.slice(0, -4);
    const bytesOf = (extension: string) => {
      const name = sibling(base, extension);
      return name === undefined ? undefined : zip.files[name]!.async('uint8array');
    };
    const textOf = (extension: string) => {
      const name = sibling(base, extension);
      return name === undefined ? undefined : zip.files[name]!.async('string');
    };
    const shp = await zip.files[shpName]!.async('uint8array');
    if (shapeTypeOf(shp) === MULTIPATCH) {
      surfaces += recordCountOf(shp);
      continue;
    }
    // An empty .prj says nothing, as none does; one that is not a projection is named if its layer cannot be placed.
    const written = (await textOf('prj'))?.trim() || undefined;
    const unreadable = written !== undefined && !isProjection(proj4, written);
    let layer: FeatureCollection;
    try {
      layer = await getShapefile({ shp, dbf: await bytesOf('dbf'), cpg: await textOf('cpg'), prj: unreadable ? undefined : written });
    } catch {
      throw new BoundaryImportError(`The shapefile's ${base.split('/').pop()}.shp could not be read: it is damaged or not a shapefile. Export the paddocks from your program again.`);
    }
    layers.push(fromCollection(layer, { format: 'shapefile', prj: unreadable ? 'unreadable' : 'as-given' }));
  }
  const collected = mergeLayers(layers);
  collected.tally.surface += surfaces;
  return collected;
}

/** The layers of one file as one: a .prj is blamed only when its own layer's shapes could not be placed. */
function mergeLayers(layers: readonly Collected[]): Collected {
  const tally = emptyTally();
  for (const layer of layers) for (const key of Object.keys(tally) as Array<keyof Tally>) tally[key] += layer.tally[key];
  const blamed = layers.some((layer) => layer.source.prj === 'unreadable' && layer.tally.ungridded > 0);
  return {
    boundaries: layers.flatMap((layer) => layer.boundaries),
    tally,
    tooLarge: layers.flatMap((layer) => layer.tooLarge),
    source: { format: 'shapefile', prj: blamed ? 'unreadable' : 'as-given' },
  };
}

function isProjection(parseProjection: (definition: string) => unknown, text: string): boolean {
  try {
    parseProjection(text);
    return true;
  } catch {
    return false;
  }
}

interface Source {
  format: 'kml' | 'geojson' | 'shapefile';
  /** The grid the file named and was reprojected from. */
  grid?: MapGrid;
  /** A shapefile's .prj: as given (or none), or there but no map projection, so not used. */
  prj?: 'as-given' | 'unreadable';
}

interface Tally {
  overlay: number;
  link: number;
  point: number;
  line: number;
  empty: number;
  ungridded: number;
  tooSmall: number;
  surface: number;
}

const emptyTally = (): Tally => ({ overlay: 0, link: 0, point: 0, line: 0, empty: 0, ungridded: 0, tooSmall: 0, surface: 0 });

interface Collected {
  boundaries: Array<{ name: string; geometry: PaddockGeometry }>;
  tally: Tally;
  tooLarge: Array<{ name: string; hectares: number }>;
  source: Source;
}

/** Attributes that name a shape, as farm software, GIS and Google Earth write them. */
const NAME_KEYS = ['name', 'paddock', 'paddock_name', 'paddockname', 'paddock_na', 'field', 'field_name', 'fieldname', 'label', 'title'];
/**
 * Then, in a file whose attributes have other names (paddock_id, PADDOCK_NO, BLOCK, LGA_NAME13), the
 * first whose name says paddock, field or block (its number will do), else one that says name (text
 * only); never a measure (FieldArea) or a person or farm (OWNER_NAME, FARM_NAME), which every
 * paddock of the file would share.
 */
const NAME_KEY_PATTERNS = [
  { pattern: /paddock|field|block/i, numbersToo: true },
  { pattern: /name/i, numbersToo: false },
];
const NOT_A_NAME_KEY = /area|size|acre|hect|yield|perim|length|width|owner|client|farm|grower|user|creat|edit/i;
/** Last, what may only describe or number it. */
const LAST_NAME_KEYS = ['description', 'id'];

/** A name's length kept, in characters (not UTF-16 units, so an emoji is never cut in half). */
const NAME_CHARACTERS = 100;
/** A name on one line: control characters another program left (NUL padding, line breaks, tabs) become one space. */
const oneLine = (text: string) => text.replace(/\s*\p{Cc}+\s*/gu, ' ').trim();

const nameText = (value: unknown, numbersToo: boolean) =>
  (typeof value === 'string' && oneLine(value) !== '') || (numbersToo && typeof value === 'number' && Number.isFinite(value))
    ? Array.from(oneLine(String(value)))
        .slice(0, NAME_CHARACTERS)
        .join('')
    : '';

function nameOf(properties: GeoJsonProperties): string {
  if (!properties) return '';
  const keys = Object.keys(properties);
  const byKey = (wanted: string) => {
    const key = keys.find((candidate) => candidate.toLowerCase() === wanted);
    return key === undefined ? '' : nameText(properties[key], true);
  };
  for (const wanted of NAME_KEYS) if (byKey(wanted)) return byKey(wanted);
  for (const { pattern, numbersToo } of NAME_KEY_PATTERNS) {
    const key = keys.find((candidate) => pattern.test(candidate) && !NOT_A_NAME_KEY.test(candidate) && nameText(properties[candidate], numbersToo) !== '');
    if (key !== undefined) return nameText(properties[key], numbersToo);
  }
  for (const wanted of LAST_NAME_KEYS) if (byKey(wanted)) return byKey(wanted);
  return '';
}

/** The polygons in a geometry (GeometryCollections, KML's MultiGeometry, flattened); anything else is counted by kind. */
function polygonParts(geometry: Geometry | null, tally: Tally): PaddockGeometry[] {
  if (!geometry) {
    tally.empty += 1;
    return [];
  }
  switch (geometry.type) {
    case 'Polygon':
    case 'MultiPolygon':
      return [geometry];
    case 'Point':
    case 'MultiPoint':
      tally.point += 1;
      return [];
    case 'LineString':
    case 'MultiLineString':
      tally.line += 1;
      return [];
    case 'GeometryCollection':
      if ((geometry.geometries ?? []).length === 0) tally.empty += 1;
      return (geometry.geometries ?? []).flatMap((child) => polygonParts(child, tally));
    default:
      tally.empty += 1;
      return [];
  }
}

function merge(parts: PaddockGeometry[]): PaddockGeometry | null {
  if (parts.length === 0) return null;
  if (parts.length === 1) return parts[0]!;
  return { type: 'MultiPolygon', coordinates: parts.flatMap((part) => (part.type === 'Polygon' ? [part.coordinates] : part.coordinates)) };
}

function fromCollection(collection: FeatureCollection, source: Source): Collected {
  const collected: Collected = { boundaries: [], tally: emptyTally(), tooLarge: [], source };
  const { tally } = collected;
  for (const feature of collection.features ?? []) {
    const kind = feature?.properties?.['@geometry-type'];
    if (kind === 'groundoverlay') {
      tally.overlay += 1;
      continue;
    }
    if (kind === 'networklink') {
      tally.link += 1;
      continue;
    }
    const merged = merge(polygonParts(feature?.geometry ?? null, tally));
    if (!merged) continue;
    const geometry = normaliseGeometry(merged);
    if (!geometry) {
      tally.empty += 1;
      continue;
    }
    if (!hasGeographicCoordinates(geometry)) {
      tally.ungridded += 1;
      continue;
    }
    const name = nameOf(feature.properties);
    const hectares = geodesicAreaHectares(geometry);
    if (hectares > LARGEST_IMPORTED_SHAPE_HECTARES) collected.tooLarge.push({ name, hectares });
    else if (hectares < SMALLEST_IMPORTED_SHAPE_HECTARES) tally.tooSmall += 1;
    else collected.boundaries.push({ name, geometry });
  }
  return collected;
}

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);

function ungriddedReason({ format, grid, prj }: Source, count: number, total: number): string {
  const which = count === total ? 'its shapes' : `${count} of its shapes`;
  if (grid) return `The file says its coordinates are in ${grid.name} (EPSG:${grid.code}), but they do not fit that grid, so ${which} cannot be placed on the map. Export it again in latitude and longitude.`;
  if (format === 'shapefile' && prj === 'unreadable')
    return `The coordinates are in metres on a map grid, and the file's .prj, which should say which grid, is not a map projection (it may be a web page saved in its place), so ${which} cannot be placed on the map. Zip the shapefile again with the .prj your program wrote, or export it as KML.`;
  if (format === 'shapefile')
    return `The coordinates are in metres on a map grid, but the file does not say which grid (its .prj file is missing), so ${which} cannot be placed on the map. Zip the shapefile again with its .prj file, or export it as KML.`;
  if (format === 'geojson')
    return `The coordinates are in metres on a map grid, but the file does not say which grid (it has no "crs" member), so ${which} cannot be placed on the map. Export it again in latitude and longitude (WGS 84 or GDA2020), or as KML.`;
  return `The coordinates are not latitude and longitude, which KML always uses, so ${which} cannot be placed on the map. Export the file again from the program that made it.`;
}

/** One entry per kind of shape left out, most important first. */
function skippedShapes(collected: Collected): SkippedShapes[] {
  const { tally, tooLarge } = collected;
  const total = collected.boundaries.length + tooLarge.length + tally.ungridded;
  const skipped: SkippedShapes[] = [];
  if (tally.ungridded > 0) skipped.push({ kind: 'ungridded', count: tally.ungridded, reason: ungriddedReason(collected.source, tally.ungridded, total) });
  const named = (shape: { name: string; hectares: number }) => `${shape.name ? `“${shape.name}”` : 'A shape without a name'} (${formatHectares(roundHectares(shape.hectares))})`;
  if (tooLarge.length <= TOO_LARGE_NAMED_ONE_BY_ONE) {
    for (const shape of tooLarge) {
      skipped.push({
        kind: 'too-large',
        count: 1,
        reason: `${named(shape)} was left out: it is larger than ${formatHectares(LARGEST_IMPORTED_SHAPE_HECTARES)}, more than any paddock, so it is likely a district, a map frame or an image's footprint. If it really is one paddock, add it by typing its area.`,
      });
    }
  } else {
    const largest = tooLarge.reduce((most, shape) => (shape.hectares > most.hectares ? shape : most));
    skipped.push({
      kind: 'too-large',
      count: tooLarge.length,
      reason: `${tooLarge.length} shapes were left out: each is larger than ${formatHectares(LARGEST_IMPORTED_SHAPE_HECTARES)}, more than any paddock, so they are likely districts, map frames or images' footprints (the largest: ${largest.name ? `“${largest.name}”, ` : ''}${formatHectares(roundHectares(largest.hectares))}). If one really is a paddock, add it by typing its area.`,
    });
  }
  const counted: Array<[Exclude<SkippedKind, 'ungridded' | 'too-large' | 'too-small'> | 'tooSmall', (count: number) => string]> = [
    [
      'tooSmall',
      (n) =>
        `${n} ${plural(n, 'shape was', 'shapes were')} left out: ${plural(n, 'it covers', 'each covers')} less than ${formatHectares(SMALLEST_IMPORTED_SHAPE_HECTARES)} (100 m²), too small to be a paddock (a plot marker, a shed or a slip while drawing).`,
    ],
    ['surface', (n) => `${n} MultiPatch ${plural(n, 'shape (a 3D surface) was', 'shapes (3D surfaces) were')} skipped: a surface is not a paddock's outline. Export the paddocks as polygons.`],
    [
      'overlay',
      (n) =>
        `${n} image ${plural(n, 'overlay (e.g. an NDVI or yield map) was', 'overlays (e.g. NDVI or yield maps) were')} skipped: ${plural(n, 'it is a picture', 'they are pictures')}, not paddock boundaries.`,
    ],
    [
      'link',
      (n) => `${n} network ${plural(n, 'link was', 'links were')} skipped: ${plural(n, 'it points', 'they point')} to other files, which are not read. Save the linked paddocks themselves from Google Earth.`,
    ],
    ['empty', (n) => `${n} empty ${plural(n, 'record (with no shape) was', 'records (with no shape) were')} skipped.`],
    ['point', (n) => `${n} ${plural(n, 'point was', 'points were')} skipped: a point (a shed, a bore, a gate) is not an area.`],
    ['line', (n) => `${n} ${plural(n, 'line was', 'lines were')} skipped: a line (a fence, a track, a drain) is not an area.`],
  ];
  for (const [key, sentence] of counted) {
    const count = tally[key];
    if (count > 0) skipped.push({ kind: key === 'tooSmall' ? 'too-small' : key, count, reason: sentence(count) });
  }
  return skipped;
}

function finish(format: BoundaryFormat, collected: Collected): BoundaryImportResult {
  const skipped = skippedShapes(collected);
  if (collected.boundaries.length === 0) {
    const reasons = skipped.map((entry) => entry.reason);
    if (!skipped.some((entry) => entry.kind === 'ungridded')) reasons.push(skipped.length > 0 ? 'No paddock areas are left to import.' : 'No paddock areas (polygons) were found in the file.');
    throw new BoundaryImportError(reasons.join(' '));
  }
  const warnings: string[] = [];
  let boundaries = collected.boundaries;
  if (boundaries.length > MAX_IMPORTED_BOUNDARIES) {
    warnings.push(`Only the first ${MAX_IMPORTED_BOUNDARIES} of ${boundaries.length} shapes were imported.`);
    boundaries = boundaries.slice(0, MAX_IMPORTED_BOUNDARIES);
  }
  const fitted = fitOutlinesInQuote(boundaries);
  if (!fitted.ok) throw new BoundaryImportError(fitted.message);
  if (fitted.toleranceMetres > BOUNDARY_SIMPLIFY_TOLERANCE_METRES) {
    warnings.push(`The outlines have many corners, so they were simplified to within ${fitted.toleranceMetres} m to fit in the quote.`);
  }
  return {
    format,
    boundaries: fitted.items.map((boundary) => ({ ...boundary, areaHectares: roundHectares(geodesicAreaHectares(boundary.geometry)) })),
    skipped,
    warnings,
  };
}
