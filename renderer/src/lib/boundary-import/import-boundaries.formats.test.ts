/**
 * Files in the forms real farm software, Google Earth and GDAL write (fixtures/README.md names the
 * source of each): image overlays, links, grids named by a `crs` member, shapefiles without their
 * .prj, empty records. Each case is what a grower saw go wrong.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { geometryBoundingBox } from '@shared/domain/geo/geometry';
import { BoundaryImportError, importBoundaries, LARGEST_IMPORTED_SHAPE_HECTARES, type BoundaryImportOptions, type BoundaryImportResult } from './import-boundaries';
import { zippedShapefile, zippedShapefileLayers } from './shapefile-fixture';

const options: BoundaryImportOptions = { domParser: new DOMParser() };
const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name));
const encode = (text: string) => new TextEncoder().encode(text);
const kinds = (result: BoundaryImportResult) => result.skipped.map((entry) => [entry.kind, entry.count]);

/** Every boundary lies within a few kilometres of Merredin, where the fixtures' paddocks are. */
function expectNearMerredin(result: BoundaryImportResult) {
  for (const boundary of result.boundaries) {
    const [west, south, east, north] = geometryBoundingBox(boundary.geometry);
    expect(west).toBeGreaterThan(118.2);
    expect(east).toBeLessThan(118.35);
    expect(south).toBeGreaterThan(-31.55);
    expect(north).toBeLessThan(-31.45);
  }
}

describe('image overlays in KML and KMZ (NDVI and yield maps)', () => {
  it('are skipped and counted, and only the paddock comes in at its own size', async () => {
    const result = await importBoundaries({ name: 'farm.kml', data: fixture('farm-with-ndvi-overlay.kml') }, options);
    expect(result.boundaries.map((boundary) => boundary.name)).toEqual(['Dam paddock']);
    // 0.01° × 0.01° at Merredin; the district yield tile beside it would have been about 2.4 million ha.
    expect(result.boundaries[0]!.areaHectares).toBeGreaterThan(100);
    expect(result.boundaries[0]!.areaHectares).toBeLessThan(110);
    expect(result.skipped).toEqual([
      { kind: 'overlay', count: 3, reason: '3 image overlays (e.g. NDVI or yield maps) were skipped: they are pictures, not paddock boundaries.' },
      { kind: 'point', count: 1, reason: '1 point was skipped: a point (a shed, a bore, a gate) is not an area.' },
    ]);
  });

  it('a KMZ holding the same document and its pictures reads the same', async () => {
    const zip = new JSZip();
    zip.file('doc.kml', fixture('farm-with-ndvi-overlay.kml'));
    zip.file('files/ndvi_dam_paddock.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
    zip.file('files/legend.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
    const result = await importBoundaries({ name: 'Smith farm 2024.kmz', data: await zip.generateAsync({ type: 'uint8array' }) }, options);
    expect(result.format).toBe('kmz');
    expect(result.boundaries).toHaveLength(1);
    expect(kinds(result)).toEqual([
      ['overlay', 3],
      ['point', 1],
    ]);
  });

  it('a file of overlays alone is refused with that reason, not "no polygons"', async () => {
    const kml = `<kml xmlns="http://www.opengis.net/kml/2.2"><Document>
      <GroundOverlay><name>NDVI</name><Icon><href>ndvi.png</href></Icon>
        <LatLonBox><north>-31.48</north><south>-31.49</south><east>118.28</east><west>118.27</west><rotation>12</rotation></LatLonBox></GroundOverlay>
      <PhotoOverlay><name>Header bank</name><Icon><href>photo.jpg</href></Icon><Point><coordinates>118.275,-31.485</coordinates></Point></PhotoOverlay>
    </Document></kml>`;
    await expect(importBoundaries({ name: 'ndvi.kml', data: encode(kml) }, options)).rejects.toThrow(
      '2 image overlays (e.g. NDVI or yield maps) were skipped: they are pictures, not paddock boundaries. No paddock areas are left to import.',
    );
  });

  it('a NetworkLink with a Region (as in togeojson’s networklink.kml) is a link, not a paddock', async () => {
    const kml = `<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>Linked</name>
      <NetworkLink><Region><LatLonAltBox><north>-31.0</north><south>-32.0</south><east>119.0</east><west>118.0</west></LatLonAltBox>
        <Lod><minLodPixels>128</minLodPixels><maxLodPixels>-1</maxLodPixels></Lod></Region>
        <Link><viewRefreshMode>onRequest</viewRefreshMode><href>https://example.com/paddocks.kml</href></Link></NetworkLink>
      <Placemark><name>North</name><Polygon><outerBoundaryIs><LinearRing><coordinates>118.27,-31.49 118.28,-31.49 118.28,-31.48 118.27,-31.49</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>
    </Document></kml>`;
    const result = await importBoundaries({ name: 'linked.kml', data: encode(kml) }, options);
    expect(result.boundaries.map((boundary) => boundary.name)).toEqual(['North']);
    expect(result.skipped[0]!.reason).toBe('1 network link was skipped: it points to other files, which are not read. Save the linked paddocks themselves from Google Earth.');
  });
});

describe(`shapes larger than ${LARGEST_IMPORTED_SHAPE_HECTARES.toLocaleString('en-AU')} ha`, () => {
  const box = (name: string, west: number, south: number, widthDegrees: number, heightDegrees: number) => ({
    type: 'Feature',
    properties: { name },
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [west, south],
          [west + widthDegrees, south],
          [west + widthDegrees, south + heightDegrees],
          [west, south + heightDegrees],
          [west, south],
        ],
      ],
    },
  });

  it('are left out with a reason naming the limit; a genuinely large paddock is kept', async () => {
    const collection = {
      type: 'FeatureCollection',
      features: [
        box('Big flat', 118.2, -31.6, 0.08, 0.07), // about 5,900 ha: a very large but real paddock
        box('Nearly the limit', 118.4, -31.6, 0.14, 0.13), // about 19,100 ha
        box('Shire of Merredin', 117.9, -31.8, 0.6, 0.5), // about 2.8 million ha
      ],
    };
    const result = await importBoundaries({ name: 'farm.geojson', data: encode(JSON.stringify(collection)) });
    expect(result.boundaries.map((boundary) => boundary.name)).toEqual(['Big flat', 'Nearly the limit']);
    expect(result.boundaries[1]!.areaHectares).toBeGreaterThan(17_000);
    expect(result.boundaries[1]!.areaHectares).toBeLessThan(LARGEST_IMPORTED_SHAPE_HECTARES);
    expect(result.skipped).toHaveLength(1);
    expect(result.skipped[0]!.reason).toMatch(
      /^“Shire of Merredin” \([\d,.]+ ha\) was left out: it is larger than 20,000 ha, more than any paddock, so it is likely a district, a map frame or an image's footprint\. If it really is one paddock, add it by typing its area\.$/,
    );
  });
});

describe('GeoJSON that names its grid in a crs member', () => {
  it('ogr2ogr output in GDA94 / MGA zone 50 is reprojected to the paddocks near Merredin, with their areas', async () => {
    const result = await importBoundaries({ name: 'paddocks.geojson', data: fixture('paddocks-mga50-ogr2ogr.geojson') });
    expect(result.boundaries.map((boundary) => boundary.name)).toEqual(['Dam paddock', 'Back 40']);
    expectNearMerredin(result);
    // The grid areas are 79 ha (80 less the 1 ha dam) and 40 ha; MGA's scale and turf's spherical area differ from them by under 0.2 %.
    const [dam, back] = result.boundaries;
    expect(dam!.geometry.coordinates).toHaveLength(2);
    expect(Math.abs(dam!.areaHectares - 79) / 79).toBeLessThan(0.002);
    expect(Math.abs(back!.areaHectares - 40) / 40).toBeLessThan(0.002);
    expect(result.skipped).toEqual([
      { kind: 'empty', count: 1, reason: '1 empty record (with no shape) was skipped.' },
      { kind: 'point', count: 1, reason: '1 point was skipped: a point (a shed, a bore, a gate) is not an area.' },
      { kind: 'line', count: 1, reason: '1 line was skipped: a line (a fence, a track, a drain) is not an area.' },
    ]);
  });

  const mgaSquare = {
    type: 'Polygon',
    coordinates: [
      [
        [620000, 6515000],
        [621000, 6515000],
        [621000, 6516000],
        [620000, 6516000],
        [620000, 6515000],
      ],
    ],
  };
  const withCrs = (crs: unknown, geometry: unknown = mgaSquare) => encode(JSON.stringify({ type: 'FeatureCollection', crs, features: [{ type: 'Feature', properties: { name: 'Square' }, geometry }] }));

  it('GDA2020 / MGA zone 50 (EPSG:7850), and the older { type: "EPSG" } form, land in the same place as GDA94', async () => {
    const gda94 = await importBoundaries({ name: 'a.geojson', data: withCrs({ type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::28350' } }) });
    const gda2020 = await importBoundaries({ name: 'b.geojson', data: withCrs({ type: 'name', properties: { name: 'EPSG:7850' } }) });
    const draft = await importBoundaries({ name: 'c.geojson', data: withCrs({ type: 'EPSG', properties: { code: 28350 } }) });
    expectNearMerredin(gda2020);
    expect(gda2020.boundaries[0]!.geometry).toEqual(gda94.boundaries[0]!.geometry);
    expect(draft.boundaries[0]!.geometry).toEqual(gda94.boundaries[0]!.geometry);
    expect(Math.abs(gda94.boundaries[0]!.areaHectares - 100)).toBeLessThan(0.2);
  });

  it('zone 51 puts the same numbers six degrees further east', async () => {
    const zone51 = await importBoundaries({ name: 'd.geojson', data: withCrs({ type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::28351' } }) });
    const [west] = geometryBoundingBox(zone51.boundaries[0]!.geometry);
    expect(west).toBeGreaterThan(124.2);
    expect(west).toBeLessThan(124.3);
  });

  it('longitude/latitude named as CRS84 (what ogr2ogr writes for WGS84) is read as it stands', async () => {
    const square = {
      type: 'Polygon',
      coordinates: [
        [
          [118.27, -31.49],
          [118.28, -31.49],
          [118.28, -31.48],
          [118.27, -31.49],
        ],
      ],
    };
    const result = await importBoundaries({ name: 'e.geojson', data: withCrs({ type: 'name', properties: { name: 'urn:ogc:def:crs:OGC:1.3:CRS84' } }, square) });
    expect(result.boundaries[0]!.geometry.coordinates[0]![0]).toEqual([118.27, -31.49]);
  });

  it('a grid it does not know, a link, and metres without any crs are refused with the real reason', async () => {
    await expect(importBoundaries({ name: 'amg.geojson', data: withCrs({ type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::20350' } }) })).rejects.toThrow(
      "The file's coordinates are in the map grid EPSG:20350, which this import does not know, so its paddocks cannot be placed. Export it again in latitude and longitude (WGS 84, GDA94 or GDA2020) or MGA zone 49, 50 or 51 (GDA94 or GDA2020).",
    );
    await expect(importBoundaries({ name: 'link.geojson', data: withCrs({ type: 'link', properties: { href: 'https://example.com/crs', type: 'proj4' } }) })).rejects.toThrow(
      /names its map grid only by a link/,
    );
    await expect(importBoundaries({ name: 'bare.geojson', data: withCrs(undefined) })).rejects.toThrow(
      'The coordinates are in metres on a map grid, but the file does not say which grid (it has no "crs" member), so its shapes cannot be placed on the map. Export it again in latitude and longitude (WGS 84 or GDA2020), or as KML.',
    );
    await expect(importBoundaries({ name: 'wrong.geojson', data: withCrs({ type: 'name', properties: { name: 'EPSG:4326' } }) })).rejects.toThrow(
      'The file says its coordinates are in WGS 84 (latitude and longitude) (EPSG:4326), but they do not fit that grid, so its shapes cannot be placed on the map. Export it again in latitude and longitude.',
    );
  });
});

describe('shapefiles from farm software', () => {
  // An ArcGIS .prj for GDA94 / MGA zone 50, as ArcMap and QGIS's ESRI export write it.
  const MGA50_PRJ =
    'PROJCS["GDA_1994_MGA_Zone_50",GEOGCS["GCS_GDA_1994",DATUM["D_GDA_1994",SPHEROID["GRS_1980",6378137.0,298.257222101]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Transverse_Mercator"],PARAMETER["False_Easting",500000.0],PARAMETER["False_Northing",10000000.0],PARAMETER["Central_Meridian",117.0],PARAMETER["Scale_Factor",0.9996],PARAMETER["Latitude_Of_Origin",0.0],UNIT["Meter",1.0]]';
  // Clockwise, as the format wants an outer ring: a 1 km square in MGA zone 50 near Merredin.
  const mgaRing: Array<[number, number]> = [
    [620000, 6515000],
    [620000, 6516000],
    [621000, 6516000],
    [621000, 6515000],
    [620000, 6515000],
  ];
  // A 0.01° square near Merredin, in longitude and latitude.
  const ring: Array<[number, number]> = [
    [118.27, -31.49],
    [118.27, -31.48],
    [118.28, -31.48],
    [118.28, -31.49],
    [118.27, -31.49],
  ];

  it('in MGA zone 50 with its .prj is reprojected; without it the reason names the missing .prj', async () => {
    const withPrj = await importBoundaries({ name: 'paddocks.zip', data: await zippedShapefileLayers([{ baseName: 'Paddocks', records: [{ name: 'Square', rings: [mgaRing] }], prj: MGA50_PRJ }]) });
    expectNearMerredin(withPrj);
    expect(Math.abs(withPrj.boundaries[0]!.areaHectares - 100)).toBeLessThan(0.2);
    await expect(importBoundaries({ name: 'paddocks.zip', data: await zippedShapefile([{ name: 'Square', rings: [mgaRing] }], { withPrj: false }) })).rejects.toThrow(/its \.prj file is missing/);
  });

  it('in metres with a web page saved as its .prj says the .prj is no projection, without the parser’s words', async () => {
    const prj = '<!DOCTYPE html><html><head><title>Sign in</title></head><body>Your session has expired.</body></html>';
    const data = await zippedShapefileLayers([{ baseName: 'Paddocks', records: [{ name: 'Square', rings: [mgaRing] }], prj }]);
    await expect(importBoundaries({ name: 'paddocks.zip', data })).rejects.toThrow(
      new BoundaryImportError(
        "The coordinates are in metres on a map grid, and the file's .prj, which should say which grid, is not a map projection (it may be a web page saved in its place), so its shapes cannot be placed on the map. Zip the shapefile again with the .prj your program wrote, or export it as KML.",
      ),
    );
  });

  it('blames a .prj only for its own layer, and takes an empty .prj as none', async () => {
    const webPage = '<!DOCTYPE html><html><body>Sign in</body></html>';
    const data = await zippedShapefileLayers([
      { baseName: 'Sheds', records: [{ name: 'Home', rings: [ring] }], prj: webPage },
      { baseName: 'Paddocks', records: [{ name: 'Square', rings: [mgaRing] }], prj: null },
    ]);
    const result = await importBoundaries({ name: 'farm.zip', data });
    expect(result.boundaries.map((boundary) => boundary.name)).toEqual(['Home']);
    expect(result.skipped.map((entry) => entry.reason)).toEqual([
      'The coordinates are in metres on a map grid, but the file does not say which grid (its .prj file is missing), so 1 of its shapes cannot be placed on the map. Zip the shapefile again with its .prj file, or export it as KML.',
    ]);
    const empty = await importBoundaries({ name: 'farm.zip', data: await zippedShapefileLayers([{ baseName: 'Paddocks', records: [{ name: 'Home', rings: [ring] }], prj: '  ' }]) });
    expect(empty.boundaries.map((boundary) => boundary.name)).toEqual(['Home']);
  });

  it('empty records are called empty, and a point layer and a line layer beside the paddocks are named as such', async () => {
    const data = await zippedShapefileLayers([
      {
        baseName: 'Paddocks',
        records: [
          { name: 'Home', rings: [ring] },
          { name: 'Not yet mapped', rings: [] },
          { name: 'Lease block', rings: [] },
        ],
      },
      { baseName: 'Sheds', shapeType: 'point', records: [{ name: 'Machinery shed', rings: [[[118.275, -31.478]]] }] },
      {
        baseName: 'Tracks',
        shapeType: 'polyline',
        records: [
          {
            name: 'Laneway',
            rings: [
              [
                [118.27, -31.478],
                [118.28, -31.478],
              ],
            ],
          },
        ],
      },
    ]);
    const result = await importBoundaries({ name: 'farm export.zip', data });
    expect(result.boundaries.map((boundary) => boundary.name)).toEqual(['Home']);
    expect(result.skipped.map((entry) => entry.reason)).toEqual([
      '2 empty records (with no shape) were skipped.',
      '1 point was skipped: a point (a shed, a bore, a gate) is not an area.',
      '1 line was skipped: a line (a fence, a track, a drain) is not an area.',
    ]);
  });
});
