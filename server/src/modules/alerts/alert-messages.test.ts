import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import turfArea from '@turf/area';
import { featureCollection, polygon as turfPolygon } from '@turf/helpers';
import turfUnion from '@turf/union';
import { describe, expect, it } from 'vitest';
import { MAX_SHAPES_PER_EVENT, POINT_REPORT_RADIUS_KM } from '@shared/domain/alerts/geometry';
import { AppError } from '../../lib/app-error';
import { stormWarning, stormWarningUpdate } from '../../testing/alert-messages';
import { alertLinksOfIndex, readAlertMessage } from './alert-messages';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');
/** A message as an agency published it (fixtures/published/SOURCES.md says where each comes from). */
const published = (name: string) => fixture(join('published', name));
const squareKm = (geometry: Parameters<typeof turfArea>[0]) => turfArea(geometry) / 1e6;
/** The area of a CAP <polygon> as published ("lat,lon" pairs), computed here on its own. */
const capPolygonKm2 = (value: string) =>
  squareKm(
    turfPolygon([
      value
        .trim()
        .split(/\s+/)
        .map((pair) => pair.split(',').map(Number).reverse()),
    ]),
  );
const polygonsOf = (xml: string) => [...xml.matchAll(/<(?:cap:)?polygon>([^<]+)<\/(?:cap:)?polygon>/g)].map((match) => match[1]!);
const refusal = (read: () => unknown) => {
  try {
    read();
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('CAP-AU 1.2 alerts', () => {
  it('reads the Bureau’s warning placed only by its districts (a real IDN21033): no ground of its own, its six AMOC-AreaCode districts kept for placing', () => {
    const [event, ...more] = readAlertMessage('application/xml', published('bom-IDN21033-severe-thunderstorm-2019-01-16.cap'));
    expect(more).toEqual([]);
    expect(event).toMatchObject({ source: 'bom', action: 'alert', kind: 'storm', geometry: null, areaCodes: ['NSW_PW002', 'NSW_PW003', 'NSW_PW004', 'NSW_PW008', 'NSW_PW011', 'NSW_PW012'] });
  });

  it('reads a severe thunderstorm warning with a polygon: source, identifier, kind, times, hail size, the polygon in [lon, lat]', () => {
    const [event] = readAlertMessage('application/xml', fixture('bom-severe-thunderstorm-polygon.xml'));
    expect(event).toEqual({
      source: 'bom',
      externalId: 'urn:oid:2.49.0.1.36.0.IDW21037.20261114072000',
      action: 'alert',
      references: [],
      kind: 'hail',
      title: 'Severe Thunderstorm Warning for large hailstones & damaging winds in the Central Wheat Belt',
      severity: 'Severe',
      hailSizeMm: 40,
      effectiveAt: '2026-11-14T15:20:00+08:00',
      expiresAt: '2026-11-14T18:20:00+08:00',
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [118, -31.6],
            [118, -31.4],
            [118.3, -31.4],
            [118.3, -31.6],
            [118, -31.6],
          ],
        ],
      },
      areaCodes: [],
      areaDescription: 'Parts of Central Wheat Belt forecast district',
    });
  });

  it('reads a warning with a circle (namespace prefixes and all) as a 64-sided polygon of that radius', () => {
    const [event] = readAlertMessage('application/cap+xml', fixture('bom-severe-thunderstorm-circle.xml'));
    expect(event).toMatchObject({ source: 'bom', kind: 'storm', hailSizeMm: null, title: 'Severe Thunderstorm Warning for damaging winds near Tammin', effectiveAt: '2026-11-15T17:35:00+08:00' });
    const ring = event!.geometry!.coordinates[0] as number[][];
    expect(ring).toHaveLength(65);
    // 15 km east of the centre at the first vertex, 15 km north a quarter of the way round.
    expect((ring[0]![0]! - 117.49) * 111.32 * Math.cos((-31.64 * Math.PI) / 180)).toBeCloseTo(15, 6);
    expect((ring[16]![1]! + 31.64) * 111.32).toBeCloseTo(15, 6);
  });

  it('reads a cancellation as ending the alert named in <references>', () => {
    const [event] = readAlertMessage('text/xml', fixture('bom-severe-thunderstorm-cancel.xml'));
    expect(event).toMatchObject({ action: 'cancel', source: 'bom', references: ['urn:oid:2.49.0.1.36.0.IDW21037.20261114072000'], geometry: null, effectiveAt: '2026-11-14T17:50:00+08:00' });
  });

  it('reads the storm-day benchmark’s update of its warning as one ending the warning it names, over the same ground', () => {
    const sent = new Date('2026-12-04T08:30:00Z');
    const [warning] = readAlertMessage('application/xml', stormWarning('storm-day-1', sent));
    const [update] = readAlertMessage('application/xml', stormWarningUpdate('storm-day-2', new Date('2026-12-04T09:00:00Z'), { identifier: 'storm-day-1', sent }));
    expect(update).toMatchObject({ action: 'update', source: 'bom', externalId: 'storm-day-2', references: ['storm-day-1'], effectiveAt: '2026-12-04T09:00:00+00:00', geometry: warning!.geometry });
  });

  it('refuses malformed XML with a 400 saying where', () => {
    expect(refusal(() => readAlertMessage('application/xml', fixture('malformed.xml')))).toMatchObject({
      status: 400,
      code: 'malformed_xml',
      message: expect.stringMatching(/^The XML is not well formed: .+ \(line \d+, column \d+\)\.$/),
    });
  });

  it('refuses an entity-expansion attempt (a DOCTYPE with entities) with a clear 400, before expanding anything', () => {
    expect(refusal(() => readAlertMessage('application/xml', fixture('entity-expansion.xml')))).toEqual({
      status: 400,
      code: 'xml_doctype_refused',
      message: 'The XML declares a DOCTYPE or entities, which alerts never need and which are refused (entity expansion); send the CAP alert without them.',
    });
  });

  it('says what is missing from an XML document that is not a CAP alert, and from a polygon that does not close', () => {
    expect(refusal(() => readAlertMessage('application/xml', '<report><entry/></report>'))).toMatchObject({ status: 400, code: 'invalid_cap_alert', message: expect.stringContaining('<alert>') });
    const open = fixture('bom-severe-thunderstorm-polygon.xml').replace('-31.60,118.30 -31.60,118.00', '-31.60,118.30 -31.55,118.00');
    expect(refusal(() => readAlertMessage('application/xml', open))).toMatchObject({ status: 400, code: 'invalid_alert', message: 'A <polygon> must end where it starts (CAP 1.2 §3.3.2.3).' });
  });
});

describe('GeoJSON (DFES incidents)', () => {
  it('reads each feature as an event: a warning area polygon, and a point with its radius', () => {
    const events = readAlertMessage('application/geo+json', fixture('dfes-incidents.geojson'));
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({
      source: 'dfes',
      externalId: 'DFES-IN-2026-118423',
      action: 'alert',
      kind: 'fire',
      title: 'Bushfire Watch and Act for people in parts of Merredin and Nungarin',
      severity: 'Watch and Act',
      effectiveAt: '2026-12-03T13:05:00+08:00',
      expiresAt: '2026-12-04T13:05:00+08:00',
      geometry: { type: 'Polygon' },
    });
    expect(events[1]).toMatchObject({ externalId: 'DFES-IN-2026-118431', expiresAt: null, geometry: { type: 'Polygon' } });
    expect(events[1]!.geometry!.coordinates[0]).toHaveLength(65);
  });

  it('takes parsed JSON as well as text, and refuses what is not a collection of events with the first problem', () => {
    const collection = JSON.parse(fixture('dfes-incidents.geojson'));
    expect(readAlertMessage('application/json', collection)).toHaveLength(2);
    collection.features[0].properties.kind = 'flood';
    expect(refusal(() => readAlertMessage('application/json', collection))).toEqual({
      status: 400,
      code: 'invalid_geojson',
      message: 'The GeoJSON is not a collection of events: kind must be one of hail, storm, fire, lightning (at features › properties › kind).',
    });
    expect(refusal(() => readAlertMessage('application/geo+json', '{"type":'))).toMatchObject({ status: 400, code: 'malformed_json' });
    expect(refusal(() => readAlertMessage('text/plain', 'hello'))).toMatchObject({ status: 415 });
  });
});

describe('CAP as the agencies publish it (real messages, fixtures/published)', () => {
  it('reads each alert of an NSW RFS EDXL-DE distribution on its own: 53 fires of 59 alerts, road crashes and non-urgent notices left out', () => {
    const events = readAlertMessage('application/xml', published('nsw-rfs-majorIncidentsCAP-2014-11-10.edxlde'));
    expect(events).toHaveLength(53);
    expect(new Set(events.map((event) => event.kind))).toEqual(new Set(['fire']));
    expect(new Set(events.map((event) => event.externalId)).size).toBe(53);
    expect(new Set(events.map((event) => event.source))).toEqual(new Set(['webmaster@rfs.nsw.gov.au']));
    // The planned pile burn, the road crashes and the other non-urgent notices are none of them.
    expect(events.map((event) => event.title)).not.toContain('Tumut Council Pile Burn');
  });

  it('reads the older RFS distribution, whose road crash is filed under Fire as "Other", as its six fires', () => {
    const events = readAlertMessage('application/xml', published('nsw-rfs-edxlde-2011-10-17.edxlde'));
    expect(events.map((event) => event.title)).not.toContain('One Tree MVA (Unmapped Incident)');
    expect(events).toHaveLength(6);
  });

  it(`places a circle of radius 0 as a point: the ground within ${POINT_REPORT_RADIUS_KM} km of it, its two identical <info> blocks one event`, () => {
    const [event, ...more] = readAlertMessage('application/xml', published('nsw-rfs-cap-au-structure-fire-2011-10-05.cap'));
    expect(more).toEqual([]);
    expect(event).toMatchObject({ kind: 'fire', action: 'alert', title: 'Yerong Creek Structure Fire', geometry: { type: 'Polygon' } });
    expect(squareKm(event!.geometry!)).toBeCloseTo(Math.PI * POINT_REPORT_RADIUS_KM ** 2, 1);
  });

  it('reads an update inside a signed Atom feed in English, naming the nine alerts it updates, its areas merged', () => {
    const [event] = readAlertMessage('application/xml', published('eccc-naads-signed-update-2013.atom'));
    expect(event).toMatchObject({ action: 'update', kind: 'storm', title: 'snowfall warning', references: expect.any(Array) });
    expect(event!.references).toHaveLength(9);
  });

  it('keeps the area of a published polygon to within 1 %: two polygons of an update, and one written over several lines', () => {
    const hurricaneXml = published('nws-hurricane-warning-update-2020-08-26.txt');
    const [hurricane] = readAlertMessage('application/xml', hurricaneXml);
    expect(hurricane).toMatchObject({ action: 'update', geometry: { type: 'MultiPolygon' } });
    expect(hurricane!.references).toHaveLength(8);
    const publishedKm2 = polygonsOf(hurricaneXml).reduce((sum, value) => sum + capPolygonKm2(value), 0);
    expect(Math.abs(squareKm(hurricane!.geometry!) - publishedKm2) / publishedKm2).toBeLessThan(0.01);

    const monsoonXml = published('smg-macau-monsoon-update-2025-04-13.xml');
    const [monsoon] = readAlertMessage('application/xml', monsoonXml);
    expect(monsoon).toMatchObject({ action: 'update', title: expect.stringMatching(/^Strong monsoon signal/), references: expect.any(Array) });
    const [englishPolygon] = polygonsOf(monsoonXml.slice(monsoonXml.indexOf('<language>en')));
    expect(Math.abs(squareKm(monsoon!.geometry!) - capPolygonKm2(englishPolygon!)) / capPolygonKm2(englishPolygon!)).toBeLessThan(0.01);
  });

  it('reads a cancellation with no <info> at all as ending the alert it references', () => {
    const [event] = readAlertMessage('application/xml', published('athoc-ipaws-cancel-2016-02-25.cap'));
    expect(event).toMatchObject({ action: 'cancel', geometry: null, references: ['1017033100951096-517189320160225203219800'] });
  });

  it('refuses a feed or a collection with nothing in it, saying so (polled, the answer of a quiet day)', () => {
    const emptyAtom = '<?xml version="1.0" encoding="UTF-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Warnings</title><id>urn:feed</id><updated>2026-12-05T00:00:00Z</updated></feed>';
    expect(refusal(() => readAlertMessage('application/xml', emptyAtom))).toEqual({ status: 400, code: 'nothing_listed', message: 'The Atom feed lists no alert: there is nothing in it to store.' });
    expect(refusal(() => readAlertMessage('application/geo+json', '{"type":"FeatureCollection","features":[]}'))).toEqual({
      status: 400,
      code: 'nothing_listed',
      message: 'The collection has no features: there is no event or incident in it to store.',
    });
  });

  it('refuses a feed that only links to its alerts, saying so', () => {
    for (const [file, envelope, entries] of [
      ['nws-alerts-index-2010-08-31.atom', 'Atom feed', '2 entries'],
      ['wmo-swic-au-bom-en-2026-01-01.rss.xml', 'RSS feed', '1 entry'],
      ['dfes-wa-warnings-2018-09-30.rss.xml', 'RSS feed', '3 entries'],
    ] as const) {
      expect(refusal(() => readAlertMessage('application/xml', published(file)))).toEqual({
        status: 400,
        code: 'feed_without_alerts',
        message: `The ${envelope} has ${entries} but carries no CAP alert in them (it lists alerts by link): post the linked alerts themselves.`,
      });
    }
  });

  it('reads the links of an index feed as published, in order (a polled feed follows them)', () => {
    expect(alertLinksOfIndex(published('wmo-swic-au-bom-en-2026-01-01.rss.xml'))).toEqual(['https://severeweather.wmo.int/v2/cap-alerts/au-bom-en/2026/01/01/05/01/02-dc6fc32e272f13d57f3fb683aa6bd3b8.xml']);
    expect(alertLinksOfIndex(published('nws-alerts-index-2010-08-31.atom'))).toEqual([
      'http://www.weather.gov/alerts-beta/wwacapget.php?x=CT20100831030400OKXAirQualityAlertOKX20100901031500CT',
      'http://www.weather.gov/alerts-beta/wwacapget.php?x=DC20100830203300LWXAirQualityAlertLWX20100901040000DC',
    ]);
    // DFES's warnings link to its map's pages (trimmed of the newline the copy carries), not to CAP files.
    expect(alertLinksOfIndex(published('dfes-wa-warnings-2018-09-30.rss.xml'))).toEqual([
      'https://www.emergency.wa.gov.au/#map/warning/sac_130816231',
      'https://www.emergency.wa.gov.au/#map/warning/bav_130805106',
      'https://www.emergency.wa.gov.au/#map/warning/oad_129813861',
    ]);
  });
});

describe('incident GeoJSON as the fire services publish it (NSW RFS majorIncidents, real feeds)', () => {
  type Geometry = { type: string; coordinates?: unknown; geometries?: Geometry[] };
  /** The published footprint's polygons of a feature, from any depth of its collections. */
  const footprintPolygons = (geometry: Geometry): number[][][][] =>
    geometry.type === 'Polygon' ? [geometry.coordinates as number[][][]] : geometry.type === 'GeometryCollection' ? (geometry.geometries ?? []).flatMap(footprintPolygons) : [];
  /** Their area as one footprint (some overlap one another as published): the union's, in km². */
  const footprintKm2 = (geometry: Geometry): number => {
    const polygons = footprintPolygons(geometry);
    if (polygons.length <= 1) return polygons.length ? squareKm(turfPolygon(polygons[0]!)) : 0;
    return squareKm(turfUnion(featureCollection(polygons.map((rings) => turfPolygon(rings))))!);
  };

  it('makes the fires of a feed of 45 incidents its 14 events, each footprint kept to within 1 % of its area, in Perth time', () => {
    const text = published('nsw-rfs-majorIncidents-2020-10-10.json');
    const events = readAlertMessage('application/geo+json', text);
    // 13 bush fires and a grass fire; 21 hazard reductions, 5 burn-offs, 4 others and a road crash left out.
    expect(events).toHaveLength(14);
    expect(new Set(events.map((event) => event.title.split(':')[0]))).toEqual(new Set(['Bush Fire', 'Grass Fire']));
    expect(new Set(events.map((event) => event.source))).toEqual(new Set(['rfs.nsw.gov.au']));
    const features = (JSON.parse(text) as { features: Array<{ geometry: Geometry; properties: { guid: string; pubDate: string } }> }).features;
    let footprints = 0;
    for (const event of events) {
      const feature = features.find((candidate) => candidate.properties.guid === event.references[0])!;
      const publishedKm2 = footprintKm2(feature.geometry);
      if (publishedKm2 === 0) {
        expect(squareKm(event.geometry!)).toBeCloseTo(Math.PI * POINT_REPORT_RADIUS_KM ** 2, 1);
        continue;
      }
      footprints += 1;
      expect(Math.abs(squareKm(event.geometry!) - publishedKm2) / publishedKm2).toBeLessThan(0.01);
    }
    expect(footprints).toBeGreaterThan(0);
    // "10/10/2020 8:47:00 AM" is UTC in this feed (its UPDATED, Sydney summer time, is 11 hours ahead).
    // Each is an issue of its incident (the guid), at its pubDate: a later poll's issue updates it.
    const first = events.find((event) => event.references[0] === 'https://incidents.rfs.nsw.gov.au/api/v1/incidents/394701')!;
    expect(first).toMatchObject({
      externalId: 'https://incidents.rfs.nsw.gov.au/api/v1/incidents/394701|2020-10-10T14:07:00+08:00',
      title: 'Bush Fire: Boyds Rd, Bobs Creek',
      severity: 'Advice',
      effectiveAt: '2020-10-10T14:07:00+08:00',
      action: 'update',
      kind: 'fire',
    });
  });

  it('reads the footprints nested two collections deep in the March 2020 feed', () => {
    const events = readAlertMessage('application/json', JSON.parse(published('nsw-rfs-majorIncidents-2020-03-05.json')));
    expect(events).toHaveLength(9);
    expect(events.filter((event) => event.geometry!.type === 'MultiPolygon').length).toBeGreaterThan(0);
    expect(events[0]).toMatchObject({ title: 'Bush Fire: Bondi', effectiveAt: '2020-03-04T04:46:00+08:00' });
  });

  it('refuses a feed with no fire in it, one of more than 2,000 polygons, and a footprint outside the world, with a sentence', () => {
    const feed = JSON.parse(published('nsw-rfs-majorIncidents-2020-10-10.json')) as { features: Array<{ properties: { description: string }; geometry: Geometry }> };
    const burnsOnly = { ...feed, features: feed.features.filter((feature) => /TYPE: (Hazard Reduction|Burn off)/.test(feature.properties.description)) };
    expect(refusal(() => readAlertMessage('application/json', burnsOnly))).toEqual({
      status: 400,
      code: 'no_fire_incidents',
      message: 'None of the 26 incidents in the feed is a fire: burn-offs, hazard reductions, road crashes and other incidents are not matched to paddocks.',
    });
    const square = [
      [
        [150, -33],
        [150.01, -33],
        [150.01, -33.01],
        [150, -33],
      ],
    ];
    const crowded = {
      type: 'FeatureCollection',
      features: Array.from({ length: 21 }, () => ({ ...feed.features[0], geometry: { type: 'GeometryCollection', geometries: Array.from({ length: 100 }, () => ({ type: 'Polygon', coordinates: square })) } })),
    };
    expect(refusal(() => readAlertMessage('application/json', crowded))).toEqual({ status: 400, code: 'invalid_alert', message: "The feed's incidents hold 2100 polygons; send at most 2000 at once." });
    const offWorld = { type: 'FeatureCollection', features: [{ ...feed.features[0], geometry: { type: 'Point', coordinates: [7e16, -35] } }] };
    expect(refusal(() => readAlertMessage('application/json', offWorld))).toMatchObject({ status: 400, code: 'invalid_geojson', message: expect.stringContaining('A longitude is between -180 and 180') });
  });
});

describe('safe to post', () => {
  it('refuses an alert of 2,000 circles (78 KB that once held every request for 100 s) at once, with a sentence', () => {
    const circles = Array.from({ length: 2000 }, (_, index) => `<cap:circle>-31.${String(index).padStart(4, '0')},117.49 15</cap:circle>`).join('');
    const bomb = fixture('bom-severe-thunderstorm-circle.xml').replace('<cap:circle>-31.64,117.49 15</cap:circle>', circles);
    // Refused before any shape is merged (the costly step).
    expect(refusal(() => readAlertMessage('application/xml', bomb))).toEqual({
      status: 400,
      code: 'invalid_alert',
      message: `An event may be made of at most ${MAX_SHAPES_PER_EVENT} polygons and circles; this one has 2000.`,
    });
  });

  it('refuses a circle at a pole, which would be stored with longitudes near 10¹⁷', () => {
    const polar = fixture('bom-severe-thunderstorm-circle.xml').replace('-31.64,117.49 15', '-89.99,117.49 15');
    expect(refusal(() => readAlertMessage('application/xml', polar))).toMatchObject({
      status: 400,
      code: 'invalid_alert',
      message: 'A circle reaching beyond latitude 80° cannot be placed; give the area as a polygon.',
    });
  });

  it('refuses an envelope whose alerts hold more than 2,000 shapes in all, before drawing any', () => {
    const alert = fixture('bom-severe-thunderstorm-circle.xml').replace(/^<\?xml[^>]*>\s*/, '');
    const circles = Array.from({ length: 50 }, () => '<cap:circle>-31.64,117.49 15</cap:circle>').join('');
    const many = Array.from({ length: 41 }, (_, index) => alert.replace('<cap:circle>-31.64,117.49 15</cap:circle>', circles).replace(/<cap:identifier>[^<]+/, `<cap:identifier>many-${index}`));
    const feed = `<feed xmlns="http://www.w3.org/2005/Atom">${many.map((entry) => `<entry><content type="text/xml">${entry}</content></entry>`).join('')}</feed>`;
    expect(refusal(() => readAlertMessage('application/xml', feed))).toEqual({
      status: 400,
      code: 'too_many_shapes',
      message: "The Atom feed's alerts hold 2050 polygons and circles; send at most 2000 at once.",
    });
  });
});
