/**
 * The map grids a boundary file may name (a GeoJSON `crs` member), and reprojection from them to
 * longitude/latitude with proj4. Only grids a WA grower's software writes are known: the GDA94 and
 * GDA2020 MGA zones over WA (49–51), WGS84 UTM in the same zones, web Mercator, and the
 * longitude/latitude systems. GDA94, GDA2020 and WGS84 are treated as one datum: they differ by
 * under 2 m, less than a fence line on the satellite image, and proj4 has no time-dependent
 * transformation between them.
 */
import proj4 from 'proj4';
import type { Geometry, Position } from 'geojson';

export interface MapGrid {
  code: number;
  name: string;
  /** proj4 definition; null when the grid is already longitude/latitude. */
  definition: string | null;
}

const mgaZone = (zone: number) => `+proj=utm +zone=${zone} +south +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs`;
const WEB_MERCATOR = '+proj=merc +a=6378137 +b=6378137 +lat_ts=0 +lon_0=0 +x_0=0 +y_0=0 +k=1 +units=m +nadgrids=@null +no_defs';

const KNOWN_GRIDS: readonly MapGrid[] = [
  { code: 4326, name: 'WGS 84 (latitude and longitude)', definition: null },
  { code: 4283, name: 'GDA94 (latitude and longitude)', definition: null },
  { code: 7844, name: 'GDA2020 (latitude and longitude)', definition: null },
  ...[49, 50, 51].flatMap((zone) => [
    { code: 28300 + zone, name: `GDA94 / MGA zone ${zone}`, definition: mgaZone(zone) },
    { code: 7800 + zone, name: `GDA2020 / MGA zone ${zone}`, definition: mgaZone(zone) },
    { code: 32700 + zone, name: `WGS 84 / UTM zone ${zone}S`, definition: `+proj=utm +zone=${zone} +south +datum=WGS84 +units=m +no_defs` },
  ]),
  // Web Mercator under its EPSG code and the older codes ESRI and OpenLayers wrote for it.
  ...[3857, 3785, 900913, 102100, 102113].map((code) => ({ code, name: 'Web Mercator', definition: WEB_MERCATOR })),
];

const GRIDS_TEXT = 'latitude and longitude (WGS 84, GDA94 or GDA2020) or MGA zone 49, 50 or 51 (GDA94 or GDA2020)';

/** The EPSG code in the ways files write it: `urn:ogc:def:crs:EPSG::28350`, `EPSG:28350`, an OGC URL; CRS84 is 4326. */
export function epsgCodeOfName(name: string): number | null {
  const text = name.trim();
  if (/^(urn:ogc:def:crs:OGC:[\d.]*:CRS84|CRS:84|https?:\/\/www\.opengis\.net\/def\/crs\/OGC\/[\d.]+\/CRS84)$/i.test(text)) return 4326;
  const match =
    /^urn:ogc:def:crs:EPSG:[\d.]*:(\d+)$/i.exec(text) ??
    /^EPSG:+(\d+)$/i.exec(text) ??
    /^https?:\/\/www\.opengis\.net\/def\/crs\/EPSG\/[\d.]+\/(\d+)$/i.exec(text) ??
    /^https?:\/\/www\.opengis\.net\/gml\/srs\/epsg\.xml#(\d+)$/i.exec(text);
  return match ? Number(match[1]) : null;
}

export type GridLookup = { ok: true; grid: MapGrid } | { ok: false; reason: string };

/**
 * The grid a GeoJSON `crs` member names: the 2008 GeoJSON form `{ type: 'name', properties: { name } }`
 * (what GDAL's ogr2ogr writes), or the older draft's `{ type: 'EPSG', properties: { code } }`.
 */
export function gridOfCrsMember(crs: unknown): GridLookup {
  const member = crs as { type?: unknown; properties?: { name?: unknown; code?: unknown } } | null;
  const type = typeof member?.type === 'string' ? member.type.toLowerCase() : '';
  let code: number | null = null;
  let written = '';
  if (type === 'name' && typeof member?.properties?.name === 'string') {
    written = member.properties.name.slice(0, 100);
    code = epsgCodeOfName(written);
  } else if (type === 'epsg' && (typeof member?.properties?.code === 'number' || typeof member?.properties?.code === 'string')) {
    written = `EPSG:${String(member.properties.code).slice(0, 20)}`;
    code = epsgCodeOfName(written);
  } else if (type === 'link') {
    return { ok: false, reason: `The file names its map grid only by a link to another file, which cannot be read here. Export it again in ${GRIDS_TEXT}.` };
  }
  if (code === null) return { ok: false, reason: `The file names its map grid as “${written || 'something unreadable'}”, which is not a grid this import recognises. Export it again in ${GRIDS_TEXT}.` };
  const grid = KNOWN_GRIDS.find((candidate) => candidate.code === code);
  if (!grid) return { ok: false, reason: `The file's coordinates are in the map grid EPSG:${code}, which this import does not know, so its paddocks cannot be placed. Export it again in ${GRIDS_TEXT}.` };
  return { ok: true, grid };
}

function mapPositions(geometry: Geometry | null, toLngLat: (position: Position) => Position): Geometry | null {
  if (!geometry) return null;
  switch (geometry.type) {
    case 'Point':
      return { ...geometry, coordinates: toLngLat(geometry.coordinates) };
    case 'MultiPoint':
    case 'LineString':
      return { ...geometry, coordinates: geometry.coordinates.map(toLngLat) };
    case 'MultiLineString':
    case 'Polygon':
      return { ...geometry, coordinates: geometry.coordinates.map((ring) => ring.map(toLngLat)) };
    case 'MultiPolygon':
      return { ...geometry, coordinates: geometry.coordinates.map((polygon) => polygon.map((ring) => ring.map(toLngLat))) };
    case 'GeometryCollection':
      return { ...geometry, geometries: geometry.geometries.map((child) => mapPositions(child, toLngLat)).filter((child): child is Geometry => child !== null) };
  }
}

/** A function that moves a geometry from the grid to longitude/latitude (altitudes dropped). */
export function reprojector(grid: MapGrid): (geometry: Geometry | null) => Geometry | null {
  if (grid.definition === null) return (geometry) => geometry;
  const converter = proj4(grid.definition, 'WGS84');
  return (geometry) => mapPositions(geometry, (position) => converter.forward([Number(position[0]), Number(position[1])]));
}
