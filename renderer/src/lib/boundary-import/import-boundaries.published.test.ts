/**
 * Files made by others: KML, KMZ, GeoJSON and zipped shapefiles committed to public repositories by
 * the people and programs that wrote them (fixtures/published/SOURCES.md names each one, with its
 * commit and licence). Each test asserts what a grower would see: the boundaries kept, their names
 * and areas, and the sentences for what was left out or why the file was refused. Expected areas and
 * counts come from the file itself (a stated area in its attributes, the elements of its XML), read
 * here without the import's libraries.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { geometryBoundingBox, polygonsOf, type PaddockGeometry } from '@shared/domain/geo/geometry';
import { BoundaryImportError, importBoundaries, type BoundaryImportOptions, type BoundaryImportResult } from './import-boundaries';

const options: BoundaryImportOptions = { domParser: new DOMParser() };
const published = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', 'published', name));
const importPublished = (name: string) => importBoundaries({ name, data: published(name) }, options);
/** The refusal of a file, or the result when it was not refused. */
const refusalOf = (name: string) =>
  importPublished(name).then(
    (result) => result,
    (error: unknown) => error,
  );
const names = (result: BoundaryImportResult) => result.boundaries.map((boundary) => boundary.name);
const nearly = (actual: number, expected: number, fraction: number) => expect(Math.abs(actual - expected) / expected).toBeLessThan(fraction);
/** An area as the import gives it (to 0.01 ha) against one worked out here: within 0.5 % or the rounding. */
const nearlyHectares = (actual: number, expected: number) => expect(Math.abs(actual - expected)).toBeLessThan(Math.max(0.006, expected * 0.005));

/** Every boundary lies inside [west, south, east, north]. */
function expectWithin(result: BoundaryImportResult, [west, south, east, north]: [number, number, number, number]) {
  expect(result.boundaries.length).toBeGreaterThan(0);
  for (const boundary of result.boundaries) {
    const [minLng, minLat, maxLng, maxLat] = geometryBoundingBox(boundary.geometry);
    expect(minLng).toBeGreaterThan(west);
    expect(maxLng).toBeLessThan(east);
    expect(minLat).toBeGreaterThan(south);
    expect(maxLat).toBeLessThan(north);
  }
}

// Area without turf: each ring on the plane tangent to the WGS84 ellipsoid at its mean latitude.
// For shapes a few kilometres across it is within about 0.1 % of the geodesic area.
const WGS84_A = 6_378_137;
const WGS84_E2 = 0.006_694_379_990_14;
const RADIANS = Math.PI / 180;

function planeHectares(ring: readonly (readonly number[])[]): number {
  const latitude = (ring.reduce((sum, position) => sum + position[1]!, 0) / ring.length) * RADIANS;
  const sin = Math.sin(latitude);
  const north = (WGS84_A * (1 - WGS84_E2)) / (1 - WGS84_E2 * sin * sin) ** 1.5;
  const east = (WGS84_A / Math.sqrt(1 - WGS84_E2 * sin * sin)) * Math.cos(latitude);
  let twice = 0;
  for (let index = 0; index + 1 < ring.length; index += 1) {
    const [x1, y1] = ring[index]!;
    const [x2, y2] = ring[index + 1]!;
    twice += x1! * RADIANS * east * (y2! * RADIANS * north) - x2! * RADIANS * east * (y1! * RADIANS * north);
  }
  return Math.abs(twice) / 2 / 10_000;
}

/** KML's `lng,lat[,alt]` tuples. */
const kmlRing = (coordinates: string) =>
  coordinates
    .trim()
    .split(/\s+/)
    .map((tuple) => tuple.split(',').map(Number));

/** The attribute table of a dBASE file (the .dbf of a shapefile), read by its header alone. */
function dbfRecords(bytes: Uint8Array): Array<Record<string, string>> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = view.getUint32(4, true);
  const headerLength = view.getUint16(8, true);
  const recordLength = view.getUint16(10, true);
  const latin1 = new TextDecoder('latin1');
  const fields: Array<{ name: string; length: number }> = [];
  for (let offset = 32; bytes[offset] !== 0x0d; offset += 32) {
    fields.push({ name: latin1.decode(bytes.subarray(offset, offset + 11)).replace(/\0.*$/s, ''), length: bytes[offset + 16]! });
  }
  return Array.from({ length: count }, (_, index) => {
    let offset = headerLength + index * recordLength + 1;
    const record: Record<string, string> = {};
    for (const field of fields) {
      record[field.name] = latin1.decode(bytes.subarray(offset, offset + field.length)).trim();
      offset += field.length;
    }
    return record;
  });
}

/** The shape type of each record of a .shp (0 is a Null Shape), read from the record headers. */
function shpShapeTypes(bytes: Uint8Array): number[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const types: number[] = [];
  for (let offset = 100; offset + 8 <= bytes.byteLength; offset += 8 + view.getInt32(offset + 4, false) * 2) types.push(view.getInt32(offset + 8, true));
  return types;
}

async function zippedFile(zipName: string, fileName: string): Promise<Uint8Array> {
  const zip = await JSZip.loadAsync(published(zipName));
  return zip.file(fileName)!.async('uint8array');
}

/** The hectares a too-large sentence gives, e.g. “(38,455.93 ha)”. */
const hectaresInReason = (reason: string) => Number(/\(([\d,.]+) ha\)/.exec(reason)![1]!.replaceAll(',', ''));

describe('KML from Google: KML_Samples.kml (google/libkml testdata/kml/kmlsamples.kml)', () => {
  const text = published('google-kml-samples.kml').toString('utf8');
  const doc = new DOMParser().parseFromString(text, 'text/xml');
  const placemarks = [...doc.getElementsByTagName('Placemark')];
  const nameOf = (placemark: (typeof placemarks)[number]) => placemark.getElementsByTagName('name')[0]?.textContent?.trim() ?? '';
  const withPolygon = placemarks.filter((placemark) => placemark.getElementsByTagName('Polygon').length > 0);

  it('keeps its nine polygons by name, each at the size its own coordinates give, the Pentagon with its courtyard cut out', async () => {
    const result = await importPublished('google-kml-samples.kml');
    expect(result.format).toBe('kml');
    expect(names(result)).toEqual(['Building 40', 'Building 41', 'Building 42', 'Building 43', 'The Pentagon', 'Absolute', 'Absolute Extruded', 'Relative', 'Relative Extruded']);
    expect(names(result)).toEqual(withPolygon.map(nameOf));
    for (const placemark of withPolygon) {
      const outer = planeHectares(kmlRing(placemark.getElementsByTagName('outerBoundaryIs')[0]!.textContent!));
      const holes = [...placemark.getElementsByTagName('innerBoundaryIs')].reduce((sum, inner) => sum + planeHectares(kmlRing(inner.textContent!)), 0);
      const boundary = result.boundaries.find((candidate) => candidate.name === nameOf(placemark))!;
      nearlyHectares(boundary.areaHectares, outer - holes);
    }
    const pentagon = result.boundaries.find((boundary) => boundary.name === 'The Pentagon')!;
    expect(pentagon.geometry.coordinates).toHaveLength(2);
    // 14.2 ha less the 2.1 ha courtyard: about 12 ha, in Arlington, Virginia.
    expect(pentagon.areaHectares).toBeGreaterThan(11);
    expect(pentagon.areaHectares).toBeLessThan(13);
    const [west, south] = geometryBoundingBox(pentagon.geometry);
    expect(west).toBeCloseTo(-77.058, 2);
    expect(south).toBeCloseTo(38.869, 2);
    // The file gives altitudes (absolute, relative, extruded); only longitude and latitude are kept.
    for (const boundary of result.boundaries) for (const rings of polygonsOf(boundary.geometry)) for (const ring of rings) for (const position of ring) expect(position).toHaveLength(2);
  });

  it('counts the overlays, the placemark without a shape, the points and the paths, as the file holds them', async () => {
    const result = await importPublished('google-kml-samples.kml');
    const overlays = ['GroundOverlay', 'ScreenOverlay', 'PhotoOverlay'].reduce((sum, tag) => sum + doc.getElementsByTagName(tag).length, 0);
    const only = (tag: string) => placemarks.filter((placemark) => placemark.getElementsByTagName(tag).length > 0 && placemark.getElementsByTagName('Polygon').length === 0).length;
    const shapeless = placemarks.filter((placemark) => ['Point', 'LineString', 'Polygon', 'MultiGeometry'].every((tag) => placemark.getElementsByTagName(tag).length === 0));
    expect([overlays, shapeless.length, only('Point'), only('LineString')]).toEqual([8, 1, 4, 6]);
    expect(shapeless.map(nameOf)).toEqual(['Descriptive HTML']);
    expect(result.skipped).toEqual([
      { kind: 'overlay', count: 8, reason: '8 image overlays (e.g. NDVI or yield maps) were skipped: they are pictures, not paddock boundaries.' },
      { kind: 'empty', count: 1, reason: '1 empty record (with no shape) was skipped.' },
      { kind: 'point', count: 4, reason: '4 points were skipped: a point (a shed, a bore, a gate) is not an area.' },
      { kind: 'line', count: 6, reason: '6 lines were skipped: a line (a fence, a track, a drain) is not an area.' },
    ]);
    expect(result.warnings).toEqual([]);
  });
});

describe('KMZ of a regionated historical map (google/libkml testdata/kmz/rumsey/kml/lc01.kmz)', () => {
  it('is refused for what it is: two image overlays and two network links, counted from the KML inside', async () => {
    const zip = await JSZip.loadAsync(published('rumsey-lewis-clark-1814-superoverlay.kmz'));
    const kmlNames = Object.keys(zip.files).filter((name) => name.endsWith('.kml'));
    // The only KML is deep in folders, not a doc.kml at the top.
    expect(kmlNames).toEqual(['khvol/temp/Rumsey/North_America/Lewis_and_Clark_1814/kml/01.kml']);
    const inner = new DOMParser().parseFromString(await zip.file(kmlNames[0]!)!.async('string'), 'text/xml');
    expect([inner.getElementsByTagName('GroundOverlay').length, inner.getElementsByTagName('NetworkLink').length, inner.getElementsByTagName('Placemark').length]).toEqual([2, 2, 0]);
    await expect(importPublished('rumsey-lewis-clark-1814-superoverlay.kmz')).rejects.toThrow(
      new BoundaryImportError(
        '2 image overlays (e.g. NDVI or yield maps) were skipped: they are pictures, not paddock boundaries. 2 network links were skipped: they point to other files, which are not read. Save the linked paddocks themselves from Google Earth. No paddock areas are left to import.',
      ),
    );
  });
});

describe('KMZ written by ArcGIS (openlayers examples/data/kmz/iceland.kmz)', () => {
  it('holds only points (with HTML balloons and PNG icons) and is refused with their count', async () => {
    const zip = await JSZip.loadAsync(published('iceland-heat-flow-arcgis.kmz'));
    const doc = new DOMParser().parseFromString(await zip.file('doc.kml')!.async('string'), 'text/xml');
    const placemarks = [...doc.getElementsByTagName('Placemark')];
    expect(placemarks).toHaveLength(83);
    expect(placemarks.every((placemark) => placemark.getElementsByTagName('Point').length === 1)).toBe(true);
    expect(Object.keys(zip.files).filter((name) => name.endsWith('.png'))).toHaveLength(16);
    const error = await refusalOf('iceland-heat-flow-arcgis.kmz');
    expect(error).toBeInstanceOf(BoundaryImportError);
    expect((error as Error).message).toBe('83 points were skipped: a point (a shed, a bore, a gate) is not an area. No paddock areas are left to import.');
  });
});

describe('KML with a Schema and SchemaData, written by GIS software for a field trial (placemark/togeojson test/data/schema.kml)', () => {
  // The plot is about 8 m × 2 m (15 m², 0.0015 ha): kept to 0.01 ha it would have come in as a paddock of 0 ha.
  it('is refused: its one plot is smaller than any paddock, and the sentence says so', async () => {
    const text = published('field-trial-plot-schemadata.kml').toString('utf8');
    const ring = kmlRing(new DOMParser().parseFromString(text, 'text/xml').getElementsByTagName('coordinates')[0]!.textContent!);
    expect(planeHectares(ring)).toBeLessThan(0.005);
    await expect(importPublished('field-trial-plot-schemadata.kml')).rejects.toThrow(
      new BoundaryImportError('1 shape was left out: it covers less than 0.01 ha (100 m²), too small to be a paddock (a plot marker, a shed or a slip while drawing). No paddock areas are left to import.'),
    );
  });
});

describe('zipped shapefile of one field from farm-management software (calvinmetcalf/shapefile-js test/data/SHP_Exclude.zip)', () => {
  it('keeps the field by its FieldName, in Belgium, with its hole subtracted to the size the software stored', async () => {
    const [record] = dbfRecords(await zippedFile('farm-field-client-farm-field-no-prj.zip', 'TestExclude.dbf'));
    expect(record).toMatchObject({ ClientName: 'Vliegen, Jelle', FarmName: 'Vliegen', FieldName: 'Test Christian', Size: '2.04' });
    const result = await importPublished('farm-field-client-farm-field-no-prj.zip');
    expect(result.format).toBe('shapefile');
    expect(names(result)).toEqual(['Test Christian']);
    // The .shp gives the hole first and the outline second; the outline alone is 2.32 ha.
    const [field] = result.boundaries;
    expect(field!.geometry.type).toBe('Polygon');
    expect(field!.geometry.coordinates).toHaveLength(2);
    nearly(field!.areaHectares, Number(record!.Size), 0.01);
    // No .prj, but the coordinates are longitude and latitude and are read as they stand.
    expectWithin(result, [4.17, 50.93, 4.18, 50.94]);
    expect(result.skipped).toEqual([]);
  });
});

describe('zipped shapefile from the Australian Bureau of Statistics, LGA 2013 (shapefile-js test/data/LGA_2013_AUST.*, zipped here)', () => {
  const ZIP = 'abs-lga-2013-kangaroo-island.zip';

  it('is refused: Kangaroo Island is a council, not a paddock, and the other twelve records have no shape', async () => {
    const records = dbfRecords(await zippedFile(ZIP, 'LGA_2013_AUST.dbf'));
    const types = shpShapeTypes(await zippedFile(ZIP, 'LGA_2013_AUST.shp'));
    expect(types.filter((type) => type === 0)).toHaveLength(12);
    const island = records[types.findIndex((type) => type !== 0)]!;
    expect(island.LGA_NAME13).toBe('Kangaroo Island (DC)');
    const error = await refusalOf(ZIP);
    expect(error).toBeInstanceOf(BoundaryImportError);
    const message = (error as Error).message;
    expect(message).toMatch(
      /^(“Kangaroo Island \(DC\)”|A shape without a name) \([\d,.]+ ha\) was left out: it is larger than 20,000 ha, more than any paddock, so it is likely a district, a map frame or an image's footprint\. If it really is one paddock, add it by typing its area\. 12 empty records \(with no shape\) were skipped\. No paddock areas are left to import\.$/,
    );
    // The ABS gives 4,400.73 km² (AREA_SQKM); the sentence gives the same to within 0.1 %.
    nearly(hectaresInReason(message), Number(island.AREA_SQKM) * 100, 0.001);
  });

  // The council's name is in LGA_NAME13: not a name key farm software writes, but a column whose name says so.
  it('names the council it left out', async () => {
    const error = await refusalOf(ZIP);
    expect((error as Error).message).toMatch(/^“Kangaroo Island \(DC\)” \(/);
  });
});

describe('zipped shapefile in a projected grid with its .prj: Massachusetts Senate districts in State Plane (shapefile-js test/data/senate.zip)', () => {
  it('reprojects every district into Massachusetts at the area the file states, keeping those up to 20,000 ha', async () => {
    const records = dbfRecords(await zippedFile('massachusetts-senate-districts-stateplane.zip', 'senate.dbf'));
    expect(records).toHaveLength(40);
    const stated = records.map((record) => Number(record.SHAPE_AREA) / 10_000);
    // None is so near the limit that the grid's scale could put it on the other side.
    expect(stated.filter((hectares) => Math.abs(hectares - 20_000) < 400)).toEqual([]);
    const result = await importPublished('massachusetts-senate-districts-stateplane.zip');
    const kept = stated.filter((hectares) => hectares < 20_000);
    const left = stated.filter((hectares) => hectares >= 20_000);
    expect([result.boundaries.length, kept.length, left.length]).toEqual([14, 14, 26]);
    result.boundaries.forEach((boundary, index) => nearly(boundary.areaHectares, kept[index]!, 0.005));
    expect(result.boundaries.filter((boundary) => boundary.geometry.type === 'MultiPolygon').length).toBeGreaterThan(0);
    expectWithin(result, [-73.6, 41.2, -69.8, 42.9]);
    // One sentence for the 26, giving the largest: the file names its districts only by number (SEN_DIST).
    expect(result.skipped).toHaveLength(1);
    expect(result.skipped[0]).toMatchObject({ kind: 'too-large', count: 26 });
    expect(result.skipped[0]!.reason).toMatch(
      /^26 shapes were left out: each is larger than 20,000 ha, more than any paddock, so they are likely districts, map frames or images' footprints \(the largest: [\d,.]+ ha\)\. If one really is a paddock, add it by typing its area\.$/,
    );
    nearly(Number(/largest: ([\d,.]+) ha/.exec(result.skipped[0]!.reason)![1]!.replaceAll(',', '')), Math.max(...left), 0.005);
  });
});

describe('zipped shapefile in UTM with its .prj, and the same layer without it (mbloch/mapshaper test/data/issues/166, zipped here)', () => {
  it('reprojects the ZIP-code area from NAD83 / UTM zone 18N onto Staten Island at the area the file states', async () => {
    const [record] = dbfRecords(await zippedFile('staten-island-zip-10305-utm18n.zip', 'a_utm.dbf'));
    const result = await importPublished('staten-island-zip-10305-utm18n.zip');
    expect(names(result)).toEqual(['Staten Island']);
    nearly(result.boundaries[0]!.areaHectares, Number(record!.BUS_FID_Ar) / 10_000, 0.003);
    expectWithin(result, [-74.26, 40.49, -74.03, 40.66]);
    expect(result.skipped).toEqual([]);
  });

  it('without the .prj the metres are refused, naming the missing file', async () => {
    await expect(importPublished('staten-island-zip-10304-no-prj.zip')).rejects.toThrow(
      new BoundaryImportError(
        'The coordinates are in metres on a map grid, but the file does not say which grid (its .prj file is missing), so its shapes cannot be placed on the map. Zip the shapefile again with its .prj file, or export it as KML.',
      ),
    );
  });
});

describe('GeoJSON of counties with null geometries, as GDAL writes it (mbloch/mapshaper test/data/geojson/six_counties_three_null.json)', () => {
  const collection = JSON.parse(published('dc-virginia-six-counties-three-null.json').toString('utf8')) as {
    features: Array<{ properties: { NAME: string; SQMI: number }; geometry: PaddockGeometry | null }>;
  };
  const SQUARE_MILE_HECTARES = 258.998_811;

  it('keeps the three with a shape at the square miles the file states, Fairfax City with its hole, and counts the three without', async () => {
    const result = await importPublished('dc-virginia-six-counties-three-null.json');
    expect(result.format).toBe('geojson');
    const withShape = collection.features.filter((feature) => feature.geometry !== null);
    expect(names(result)).toEqual(withShape.map((feature) => feature.properties.NAME));
    expect(names(result)).toEqual(['Arlington', 'Alexandria', 'Fairfax City']);
    result.boundaries.forEach((boundary, index) => nearly(boundary.areaHectares, withShape[index]!.properties.SQMI * SQUARE_MILE_HECTARES, 0.005));
    // Fairfax City surrounds a piece of Fairfax County (where the county courthouse stands), so its outline has a hole.
    expect(result.boundaries[2]!.geometry.coordinates).toHaveLength(2);
    expectWithin(result, [-77.4, 38.7, -77.0, 39.0]);
    expect(result.skipped).toEqual([{ kind: 'empty', count: 3, reason: '3 empty records (with no shape) were skipped.' }]);
  });
});

describe('zipped shapefile of a TIN written by GDAL as a MultiPatch (Toblerity/Fiona tests/data/test_tin.*, zipped here)', () => {
  // The one record is a MultiPatch (shape type 31): a 3D surface, here a triangle fan over a 1° square.
  // shpjs takes 20 off any type above 20 (meant for the M types 21–28) and would read it as a point.
  it('is refused for what it holds, a 3D surface, not called a point', async () => {
    expect(shpShapeTypes(await zippedFile('tin-multipatch-gdal.zip', 'test_tin.shp'))).toEqual([31]);
    await expect(importPublished('tin-multipatch-gdal.zip')).rejects.toThrow(
      new BoundaryImportError("1 MultiPatch shape (a 3D surface) was skipped: a surface is not a paddock's outline. Export the paddocks as polygons. No paddock areas are left to import."),
    );
  });
});

describe('zipped shapefile whose .prj is a saved web page (shapefile-js test/data/htmlprj.*, zipped here)', () => {
  // proj4's WKT parser throws on the page (“havn't handled "<" in neutral yet”), which the grower once
  // read as the reason. The .prj is set aside and the coordinates, longitude and latitude, read as
  // they stand: two points, which are not paddocks.
  it('reads the layer as it stands and names what it holds, without the parser’s words', async () => {
    const prj = new TextDecoder().decode(await zippedFile('html-page-saved-as-prj.zip', 'htmlprj.prj'));
    expect(prj.startsWith('<!DOCTYPE html>')).toBe(true);
    await expect(importPublished('html-page-saved-as-prj.zip')).rejects.toThrow(
      new BoundaryImportError('2 points were skipped: a point (a shed, a bore, a gate) is not an area. No paddock areas are left to import.'),
    );
  });
});
