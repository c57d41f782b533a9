/**
 * Paddock boundaries from the files growers get from their farm-management software, agronomist
 * or Google Earth: KML, KMZ (zipped KML), GeoJSON and zipped shapefiles. Everything is turned into
 * GeoJSON Polygons and MultiPolygons in WGS84 [lng, lat], holes and parts kept; points and lines
 * are skipped and counted. Parsing libraries load only when a file of their kind arrives.
 *
 * Outlines are kept as a quote stores them (shared/domain/quote/draft-limits.ts): rounded to 6
 * decimals and simplified to half a metre, more if the file would not fit in a quote, so whatever
 * is imported can be saved.
 */
import type { Feature, FeatureCollection, Geometry, GeoJsonProperties } from 'geojson';
import { hasGeographicCoordinates, normaliseGeometry, type PaddockGeometry } from '@shared/domain/geo/geometry';
import { BOUNDARY_SIMPLIFY_TOLERANCE_METRES, fitOutlinesInQuote, MAX_IMPORT_BYTES, MAX_IMPORTED_BOUNDARIES } from '@shared/domain/quote/draft-limits';

export type BoundaryFormat = 'kml' | 'kmz' | 'geojson' | 'shapefile';

export interface ImportedBoundary {
  /** The name the file gives the shape (KML name, GeoJSON/shapefile 'name'-like property), or ''. */
  name: string;
  geometry: PaddockGeometry;
}

export interface BoundaryImportResult {
  format: BoundaryFormat;
  boundaries: ImportedBoundary[];
  /** Shapes that are not polygons (points, lines) and were left out. */
  skipped: number;
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
      return finish('kmz', fromCollection(await parseKml(text, options)));
    }
    if (names.some((name) => name.toLowerCase().endsWith('.shp'))) return finish('shapefile', await fromShapefile(bytes));
    const jsonName = names.find((name) => /\.(geo)?json$/i.test(name));
    if (jsonName) return finish('geojson', fromCollection(parseGeoJson(await zip.files[jsonName]!.async('string'))));
    throw new BoundaryImportError(`${file.name} holds no KML, shapefile (.shp) or GeoJSON.`);
  }

  const text = new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
  const start = text.trimStart().slice(0, 1);
  if (extension === 'kml' || start === '<') return finish('kml', fromCollection(await parseKml(text, options)));
  if (extension === 'geojson' || extension === 'json' || start === '{') return finish('geojson', fromCollection(parseGeoJson(text)));
  if (extension === 'shp') throw new BoundaryImportError('A shapefile needs its .dbf and .shx beside it: zip the files together and import the .zip.');
  throw new BoundaryImportError(`${file.name} is not a KML, KMZ, GeoJSON or zipped shapefile.`);
}

async function parseKml(text: string, options: BoundaryImportOptions): Promise<FeatureCollection> {
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
  return kml(doc) as FeatureCollection;
}

function parseGeoJson(text: string): FeatureCollection {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BoundaryImportError('The GeoJSON file is not valid JSON.');
  }
  const object = value as { type?: unknown };
  if (object?.type === 'FeatureCollection') return value as FeatureCollection;
  if (object?.type === 'Feature') return { type: 'FeatureCollection', features: [value as Feature] };
  if (object?.type === 'GeometryCollection' || (typeof object?.type === 'string' && 'coordinates' in object))
    return { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: value as Geometry, properties: {} }] };
  throw new BoundaryImportError('The JSON file is not GeoJSON (no FeatureCollection, Feature or geometry).');
}

async function fromShapefile(bytes: Uint8Array): Promise<Collected> {
  const { parseZip } = await import('shpjs');
  let parsed;
  try {
    parsed = await parseZip(bytes);
  } catch (error) {
    throw new BoundaryImportError(`The shapefile could not be read${error instanceof Error ? `: ${error.message}` : ''}.`);
  }
  const layers = Array.isArray(parsed) ? parsed : [parsed];
  const collected: Collected = { boundaries: [], skipped: 0, warnings: [] };
  for (const layer of layers) {
    const part = fromCollection(layer);
    collected.boundaries.push(...part.boundaries);
    collected.skipped += part.skipped;
    collected.warnings.push(...part.warnings);
  }
  return collected;
}

interface Collected {
  boundaries: ImportedBoundary[];
  skipped: number;
  warnings: string[];
}

const NAME_KEYS = ['name', 'paddock', 'paddock_name', 'paddockname', 'paddock_na', 'field', 'field_name', 'fieldname', 'label', 'title', 'description', 'id'];

function nameOf(properties: GeoJsonProperties): string {
  if (!properties) return '';
  const keys = Object.keys(properties);
  for (const wanted of NAME_KEYS) {
    const key = keys.find((candidate) => candidate.toLowerCase() === wanted);
    const value = key === undefined ? undefined : properties[key];
    if ((typeof value === 'string' && value.trim() !== '') || typeof value === 'number') return String(value).trim().slice(0, 100);
  }
  return '';
}

/** The polygons in a geometry, GeometryCollections (KML MultiGeometry) flattened. */
function polygonParts(geometry: Geometry | null): { parts: PaddockGeometry[]; skipped: number } {
  if (!geometry) return { parts: [], skipped: 1 };
  if (geometry.type === 'Polygon' || geometry.type === 'MultiPolygon') return { parts: [geometry], skipped: 0 };
  if (geometry.type === 'GeometryCollection') {
    const nested = geometry.geometries.map((child) => polygonParts(child));
    return { parts: nested.flatMap((entry) => entry.parts), skipped: nested.reduce((total, entry) => total + entry.skipped, 0) };
  }
  return { parts: [], skipped: 1 };
}

function merge(parts: PaddockGeometry[]): PaddockGeometry | null {
  if (parts.length === 0) return null;
  if (parts.length === 1) return parts[0]!;
  return { type: 'MultiPolygon', coordinates: parts.flatMap((part) => (part.type === 'Polygon' ? [part.coordinates] : part.coordinates)) };
}

function fromCollection(collection: FeatureCollection): Collected {
  const collected: Collected = { boundaries: [], skipped: 0, warnings: [] };
  let projected = 0;
  for (const feature of collection.features ?? []) {
    const { parts, skipped } = polygonParts(feature?.geometry ?? null);
    collected.skipped += skipped;
    const merged = merge(parts);
    const geometry = merged ? normaliseGeometry(merged) : null;
    if (!geometry) continue;
    if (!hasGeographicCoordinates(geometry)) {
      projected += 1;
      continue;
    }
    collected.boundaries.push({ name: nameOf(feature.properties), geometry });
  }
  if (projected > 0) {
    collected.warnings.push(
      `${projected} shape${projected === 1 ? ' is' : 's are'} not in latitude and longitude (a projected grid such as MGA without its .prj file) and ${projected === 1 ? 'was' : 'were'} left out.`,
    );
  }
  return collected;
}

function finish(format: BoundaryFormat, collected: Collected): BoundaryImportResult {
  const warnings = [...collected.warnings];
  let boundaries = collected.boundaries;
  if (boundaries.length > MAX_IMPORTED_BOUNDARIES) {
    warnings.push(`Only the first ${MAX_IMPORTED_BOUNDARIES} of ${boundaries.length} shapes were imported.`);
    boundaries = boundaries.slice(0, MAX_IMPORTED_BOUNDARIES);
  }
  if (collected.skipped > 0) warnings.push(`${collected.skipped} point or line shape${collected.skipped === 1 ? ' was' : 's were'} skipped; only areas become paddocks.`);
  if (boundaries.length === 0) throw new BoundaryImportError('No paddock areas (polygons) were found in the file.');
  const compact = compactBoundaries(boundaries);
  if (compact.toleranceMetres > BOUNDARY_SIMPLIFY_TOLERANCE_METRES) {
    warnings.push(`The outlines have many corners, so they were simplified to within ${compact.toleranceMetres} m to fit in the quote.`);
  }
  return { format, boundaries: compact.boundaries, skipped: collected.skipped, warnings };
}

/** The boundaries as a quote keeps them (shared/domain/quote/draft-limits.ts); a file that cannot fit is refused. */
function compactBoundaries(boundaries: ImportedBoundary[]): { boundaries: ImportedBoundary[]; toleranceMetres: number } {
  const fitted = fitOutlinesInQuote(boundaries);
  if (!fitted.ok) throw new BoundaryImportError(fitted.message);
  return { boundaries: fitted.items, toleranceMetres: fitted.toleranceMetres };
}
