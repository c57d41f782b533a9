import { DOMParser } from '@xmldom/xmldom';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { geodesicAreaHectares, polygonToPaddockSection } from '@shared/domain/geo/geometry';
import { paddockOverlaps } from '@shared/domain/geo/paddocks';
import { roundCoordinate, vertexCount } from '@shared/domain/geo/compact-geometry';
import { fortyPaddockFields, fortyPaddockKml, jaggedPaddockFields, jaggedPaddockKml } from '@shared/domain/geo/testing/farm-export-fixture';
import { fitOutlinesInQuote, MAX_DRAFT_VERTICES } from '@shared/domain/quote/draft-limits';
import { importBoundaries, type BoundaryImportOptions } from './import-boundaries';
import { zippedShapefile } from './shapefile-fixture';

const options: BoundaryImportOptions = { domParser: new DOMParser() };
const encode = (text: string) => new TextEncoder().encode(text);

// A 0.01° square paddock near Merredin with a 0.002° square dam cut out of it.
const outer = '118.27,-31.49,300 118.28,-31.49,300 118.28,-31.48,300 118.27,-31.48,300 118.27,-31.49,300';
const hole = '118.274,-31.486,300 118.274,-31.484,300 118.276,-31.484,300 118.276,-31.486,300 118.274,-31.486,300';
const KML_WITH_HOLE = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2">
  <Document>
    <name>Smith farm</name>
    <Placemark>
      <name>Dam paddock</name>
      <Polygon>
        <outerBoundaryIs><LinearRing><coordinates>${outer}</coordinates></LinearRing></outerBoundaryIs>
        <innerBoundaryIs><LinearRing><coordinates>${hole}</coordinates></LinearRing></innerBoundaryIs>
      </Polygon>
    </Placemark>
    <Placemark>
      <name>Shed</name>
      <Point><coordinates>118.275,-31.47,0</coordinates></Point>
    </Placemark>
  </Document>
</kml>`;

describe('KML', () => {
  it('keeps the hole of a polygon and drops altitudes; a point is skipped with a warning', async () => {
    const result = await importBoundaries({ name: 'farm.kml', data: encode(KML_WITH_HOLE) }, options);
    expect(result.format).toBe('kml');
    expect(result.boundaries).toHaveLength(1);
    const [boundary] = result.boundaries;
    expect(boundary!.name).toBe('Dam paddock');
    expect(boundary!.geometry.type).toBe('Polygon');
    const rings = boundary!.geometry.coordinates as number[][][];
    expect(rings).toHaveLength(2);
    expect(rings[1]![0]).toEqual([118.274, -31.486]);
    const full = geodesicAreaHectares({ type: 'Polygon', coordinates: [rings[0]!] as [number, number][][] });
    expect(geodesicAreaHectares(boundary!.geometry)).toBeLessThan(full);
    expect(result.skipped).toEqual([{ kind: 'point', count: 1, reason: '1 point was skipped: a point (a shed, a bore, a gate) is not an area.' }]);
  });

  it('a MultiGeometry of two polygons becomes one MultiPolygon', async () => {
    const kml = `<kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><name>Split</name><MultiGeometry>
      <Polygon><outerBoundaryIs><LinearRing><coordinates>${outer}</coordinates></LinearRing></outerBoundaryIs></Polygon>
      <Polygon><outerBoundaryIs><LinearRing><coordinates>118.3,-31.49 118.31,-31.49 118.31,-31.48 118.3,-31.49</coordinates></LinearRing></outerBoundaryIs></Polygon>
    </MultiGeometry></Placemark></kml>`;
    const result = await importBoundaries({ name: 'split.kml', data: encode(kml) }, options);
    expect(result.boundaries[0]!.geometry.type).toBe('MultiPolygon');
    expect(result.boundaries[0]!.geometry.coordinates).toHaveLength(2);
  });

  it('rejects XML that is not KML', async () => {
    await expect(importBoundaries({ name: 'x.kml', data: encode('<html><body/></html>') }, options)).rejects.toThrow(/not KML/);
  });
});

describe('KMZ', () => {
  it('reads doc.kml from the zip', async () => {
    const zip = new JSZip();
    zip.file('doc.kml', KML_WITH_HOLE);
    zip.file('files/icon.png', new Uint8Array([1, 2, 3]));
    const data = await zip.generateAsync({ type: 'uint8array' });
    const result = await importBoundaries({ name: 'farm.kmz', data }, options);
    expect(result.format).toBe('kmz');
    expect(result.boundaries[0]!.name).toBe('Dam paddock');
    expect(result.boundaries[0]!.geometry.coordinates).toHaveLength(2);
  });
});

describe('GeoJSON', () => {
  it('a FeatureCollection with a MultiPolygon, a Polygon and a line', async () => {
    const collection = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { Paddock: 'Creek flats' },
          geometry: {
            type: 'MultiPolygon',
            coordinates: [
              [
                [
                  [118.27, -31.49],
                  [118.28, -31.49],
                  [118.28, -31.48],
                  [118.27, -31.48],
                  [118.27, -31.49],
                ],
              ],
              [
                [
                  [118.3, -31.49],
                  [118.32, -31.49],
                  [118.32, -31.47],
                  [118.3, -31.47],
                  [118.3, -31.49],
                ],
                [
                  [118.305, -31.485],
                  [118.305, -31.48],
                  [118.31, -31.48],
                  [118.31, -31.485],
                  [118.305, -31.485],
                ],
              ],
            ],
          },
        },
        {
          type: 'Feature',
          properties: { name: 'Top' },
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [118.27, -31.46],
                [118.28, -31.46],
                [118.28, -31.45],
                [118.27, -31.46],
              ],
            ],
          },
        },
        {
          type: 'Feature',
          properties: {},
          geometry: {
            type: 'LineString',
            coordinates: [
              [118.27, -31.46],
              [118.28, -31.46],
            ],
          },
        },
      ],
    };
    const result = await importBoundaries({ name: 'paddocks.geojson', data: encode(JSON.stringify(collection)) });
    expect(result.format).toBe('geojson');
    expect(result.boundaries.map((boundary) => boundary.name)).toEqual(['Creek flats', 'Top']);
    const multi = result.boundaries[0]!.geometry;
    expect(multi.type).toBe('MultiPolygon');
    expect(multi.coordinates).toHaveLength(2);
    expect((multi.coordinates as number[][][][])[1]).toHaveLength(2);
    expect(result.skipped.map((entry) => [entry.kind, entry.count])).toEqual([['line', 1]]);
  });

  it('a bare geometry and a single Feature are accepted; broken JSON is explained', async () => {
    const polygon = {
      type: 'Polygon',
      coordinates: [
        [
          [118.27, -31.46],
          [118.28, -31.46],
          [118.28, -31.45],
          [118.27, -31.46],
        ],
      ],
    };
    expect((await importBoundaries({ name: 'a.json', data: encode(JSON.stringify(polygon)) })).boundaries).toHaveLength(1);
    expect((await importBoundaries({ name: 'b.json', data: encode(JSON.stringify({ type: 'Feature', properties: null, geometry: polygon })) })).boundaries).toHaveLength(1);
    await expect(importBoundaries({ name: 'c.geojson', data: encode('{ nope') })).rejects.toThrow(/not valid JSON/);
    await expect(importBoundaries({ name: 'd.geojson', data: encode(JSON.stringify({ type: 'Point', coordinates: [1, 2] })) })).rejects.toThrow(
      '1 point was skipped: a point (a shed, a bore, a gate) is not an area. No paddock areas are left to import.',
    );
    await expect(importBoundaries({ name: 'e.geojson', data: encode(JSON.stringify({ type: 'FeatureCollection', features: [] })) })).rejects.toThrow('No paddock areas (polygons) were found in the file.');
  });
});

describe('names from other attributes', () => {
  const square = (west: number) => ({
    type: 'Polygon',
    coordinates: [
      [
        [west, -31.49],
        [west + 0.01, -31.49],
        [west + 0.01, -31.48],
        [west, -31.48],
        [west, -31.49],
      ],
    ],
  });
  const namesOf = async (properties: Array<Record<string, unknown>>) => {
    const collection = { type: 'FeatureCollection', features: properties.map((props, index) => ({ type: 'Feature', properties: props, geometry: square(118.2 + index * 0.02) })) };
    const result = await importBoundaries({ name: 'farm.geojson', data: encode(JSON.stringify(collection)) }, options);
    return result.boundaries.map((boundary) => boundary.name);
  };

  it('takes a column that says paddock, field or block (a number will do) before one that says name, never a measure or an owner', async () => {
    expect(
      await namesOf([
        { OBJECTID: 4, FARM_NAME: 'Home', PADDOCK_ID: '2A', AREA_HA: 105.2 },
        { FieldArea: 98.1, BLOCK_NO: 'B7' },
        { LGA_NAME13: 'Merredin (S)', STE_NAME11: 'Western Australia' },
        { OWNER_NAME: 'J Wheatley', Paddock_No: 12 },
        { OWNER_NAME: 'J Wheatley', FARM_NAME: 'Home', AREA_HA: 33, id: 17 },
        { FieldArea: 33, GROWER_NAME: 'J Wheatley' },
      ]),
    ).toEqual(['2A', 'B7', 'Merredin (S)', '12', '17', '']);
  });

  it('keeps a name on one line without the control characters another program left in it, and never cuts a character in half', async () => {
    const long = `${'a'.repeat(99)}🌾 and more`;
    expect(await namesOf([{ name: 'North\u0000 Paddock' }, { name: 'Creek\r\nFlat\t' }, { name: '\u0000\u0000' }, { name: long }])).toEqual(['North Paddock', 'Creek Flat', '', `${'a'.repeat(99)}🌾`]);
  });
});

describe('zipped shapefile', () => {
  it('a damaged .shp is refused in words, and a damaged MultiPatch record is still counted once', async () => {
    const zipOf = async (shp: Uint8Array) => {
      const zip = new JSZip();
      zip.file('paddocks.shp', shp);
      zip.file('paddocks.dbf', new Uint8Array([0x03, 0, 0, 0, 0, 0, 0, 0, 33, 0, 1, 0, ...new Array<number>(20).fill(0), 0x0d]));
      return zip.generateAsync({ type: 'uint8array' });
    };
    const damaged = new Uint8Array(140).fill(0xff);
    await expect(importBoundaries({ name: 'paddocks.zip', data: await zipOf(damaged) }, options)).rejects.toThrow(
      "The shapefile's paddocks.shp could not be read: it is damaged or not a shapefile. Export the paddocks from your program again.",
    );
    // A MultiPatch header (type 31 at byte 32) whose one record claims a length of 0 words.
    const multipatch = new Uint8Array(120);
    new DataView(multipatch.buffer).setInt32(32, 31, true);
    await expect(importBoundaries({ name: 'paddocks.zip', data: await zipOf(multipatch) }, options)).rejects.toThrow(
      "1 MultiPatch shape (a 3D surface) was skipped: a surface is not a paddock's outline. Export the paddocks as polygons. No paddock areas are left to import.",
    );
  });

  // Outer rings clockwise, holes counter-clockwise (the shapefile convention).
  const westPart: Array<[number, number]> = [
    [118.27, -31.49],
    [118.27, -31.48],
    [118.28, -31.48],
    [118.28, -31.49],
    [118.27, -31.49],
  ];
  const eastPart: Array<[number, number]> = [
    [118.3, -31.49],
    [118.3, -31.48],
    [118.31, -31.48],
    [118.31, -31.49],
    [118.3, -31.49],
  ];
  const northOuter: Array<[number, number]> = [
    [118.27, -31.47],
    [118.27, -31.46],
    [118.28, -31.46],
    [118.28, -31.47],
    [118.27, -31.47],
  ];
  const northHole: Array<[number, number]> = [
    [118.274, -31.466],
    [118.276, -31.466],
    [118.276, -31.464],
    [118.274, -31.464],
    [118.274, -31.466],
  ];

  it('a record with two parts becomes a MultiPolygon; a record with a hole keeps it', async () => {
    const data = await zippedShapefile([
      { name: 'River paddock', rings: [westPart, eastPart] },
      { name: 'North', rings: [northOuter, northHole] },
    ]);
    const result = await importBoundaries({ name: 'paddocks.zip', data });
    expect(result.format).toBe('shapefile');
    expect(result.boundaries.map((boundary) => boundary.name)).toEqual(['River paddock', 'North']);
    const [two, holed] = result.boundaries;
    expect(two!.geometry.type).toBe('MultiPolygon');
    expect(two!.geometry.coordinates).toHaveLength(2);
    expect(holed!.geometry.type).toBe('Polygon');
    expect(holed!.geometry.coordinates).toHaveLength(2);
    const section = polygonToPaddockSection(two!.geometry, { id: 's1', name: two!.name });
    expect(section.area).toBeGreaterThan(200); // two parts of 0.01° × 0.01°, about 105.5 ha each
    expect(section.area).toBeLessThan(220);
  });

  it('projected coordinates without a .prj are refused with the real reason', async () => {
    const data = await zippedShapefile(
      [
        {
          name: 'MGA',
          rings: [
            [
              [500000, 6500000],
              [500000, 6501000],
              [501000, 6501000],
              [501000, 6500000],
              [500000, 6500000],
            ],
          ],
        },
      ],
      { withPrj: false },
    );
    await expect(importBoundaries({ name: 'mga.zip', data })).rejects.toThrow(
      'The coordinates are in metres on a map grid, but the file does not say which grid (its .prj file is missing), so its shapes cannot be placed on the map. Zip the shapefile again with its .prj file, or export it as KML.',
    );
  });

  it('a zip without a shapefile, KML or GeoJSON is explained; a lone .shp asks for the zip', async () => {
    const zip = new JSZip();
    zip.file('readme.txt', 'hello');
    await expect(importBoundaries({ name: 'x.zip', data: await zip.generateAsync({ type: 'uint8array' }) })).rejects.toThrow(/holds no KML/);
    await expect(importBoundaries({ name: 'x.shp', data: new Uint8Array([0, 0, 39, 10]) })).rejects.toThrow(/zip the files together/);
  });
});

describe('overlap warning after import', () => {
  it('two imported paddocks that overlap are reported', async () => {
    const collection = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { name: 'A' },
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [118.27, -31.49],
                [118.28, -31.49],
                [118.28, -31.48],
                [118.27, -31.48],
                [118.27, -31.49],
              ],
            ],
          },
        },
        {
          type: 'Feature',
          properties: { name: 'B' },
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [118.275, -31.485],
                [118.285, -31.485],
                [118.285, -31.475],
                [118.275, -31.475],
                [118.275, -31.485],
              ],
            ],
          },
        },
      ],
    };
    const result = await importBoundaries({ name: 'o.geojson', data: encode(JSON.stringify(collection)) });
    const sections = result.boundaries.map((boundary, index) => polygonToPaddockSection(boundary.geometry, { id: `s${index}`, name: boundary.name }));
    const overlaps = paddockOverlaps(sections);
    expect(overlaps).toHaveLength(1);
    expect(overlaps[0]).toMatchObject({ firstName: 'A', secondName: 'B' });
    expect(overlaps[0]!.overlapHectares).toBeGreaterThan(20);
  });
});

describe('a farm export as a quote keeps it', () => {
  const kmlFile = (name: string, text: string) => ({ name, data: new TextEncoder().encode(text) });

  it('imports 40 GPS-traced paddocks with their outlines simplified to half a metre and rounded to 6 decimals', async () => {
    const result = await importBoundaries(kmlFile('farm.kml', fortyPaddockKml()), { domParser: new DOMParser() });
    expect(result.boundaries).toHaveLength(40);
    expect(result.warnings).toEqual([]);
    const corners = result.boundaries.reduce((total, boundary) => total + vertexCount(boundary.geometry), 0);
    expect(corners).toBeLessThan((40 * 1_400) / 10);
    const positions = result.boundaries.flatMap((boundary) => (boundary.geometry.type === 'Polygon' ? boundary.geometry.coordinates.flat() : boundary.geometry.coordinates.flat(2)));
    expect(positions.every(([lng, lat]) => roundCoordinate(lng!) === lng && roundCoordinate(lat!) === lat)).toBe(true);
    // Simplifying moved no fence by more than half a metre: the areas agree with the traced ones to 0.1%.
    const traced = fortyPaddockFields().map((field) => geodesicAreaHectares({ type: 'Polygon', coordinates: [field.outline] }));
    result.boundaries.forEach((boundary, index) => expect(Math.abs(geodesicAreaHectares(boundary.geometry) - traced[index]!) / traced[index]!).toBeLessThan(0.001));
  });

  it('simplifies a file with more corners than a quote keeps further, until it fits', async () => {
    const rough = await importBoundaries(kmlFile('rough.kml', jaggedPaddockKml(1)), { domParser: new DOMParser() });
    expect(rough.boundaries.reduce((total, boundary) => total + vertexCount(boundary.geometry), 0)).toBeLessThanOrEqual(MAX_DRAFT_VERTICES);
    const both = [...jaggedPaddockFields(1), ...jaggedPaddockFields(2), ...jaggedPaddockFields(3)];
    const fitted = fitOutlinesInQuote(both.map((field) => ({ geometry: { type: 'Polygon' as const, coordinates: [field.outline] } })));
    expect(fitted.ok).toBe(true);
    if (fitted.ok) expect(fitted.toleranceMetres).toBeGreaterThan(0.5);
  });
});
