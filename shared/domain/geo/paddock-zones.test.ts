import { describe, expect, it } from 'vitest';
import type { Polygon } from 'geojson';
import { DEFAULT_AGRICULTURE_ZONES } from '../pricing/default-model';
import { decodeGazetteer, localityName, type GazetteerFile, nearestLocality } from './gazetteer';
import { boundariesFarFromPinMessage, decidePaddockZones, distanceKm, MAX_PIN_DISTANCE_FROM_PADDOCKS_KM, outlineZone, type PlaceNamer } from './paddock-zones';
import { FARM_LOCATION_REQUIRED_MESSAGE } from './risk-zone';
import gazetteer from './wa-localities.json';

const localities = decodeGazetteer(gazetteer as GazetteerFile);
const placeNear: PlaceNamer = (where) => {
  const locality = nearestLocality(localities, where);
  return locality ? localityName(locality) : undefined;
};

/** A square paddock of about side × side kilometres around a point. */
function paddockAt(lat: number, lng: number, sideKm = 1): Polygon {
  const dLat = sideKm / 2 / 111.32;
  const dLng = dLat / Math.cos((lat * Math.PI) / 180);
  return {
    type: 'Polygon',
    coordinates: [
      [
        [lng - dLng, lat - dLat],
        [lng + dLng, lat - dLat],
        [lng + dLng, lat + dLat],
        [lng - dLng, lat + dLat],
        [lng - dLng, lat - dLat],
      ],
    ],
  };
}

const LAKE_GRACE = { lat: -33.1009, lng: 118.47 };
const DALWALLINU = { lat: -30.2866, lng: 116.6631, label: 'Dalwallinu WA 6609' };

describe('the zone a paddock is priced in', () => {
  it('is the zone its outline lies in', () => {
    expect(outlineZone(DEFAULT_AGRICULTURE_ZONES, paddockAt(LAKE_GRACE.lat, LAKE_GRACE.lng))?.code).toBe('LKS');
    expect(outlineZone(DEFAULT_AGRICULTURE_ZONES, paddockAt(-31.48, 118.28))?.code).toBe('EWB');
  });

  it('is the zone holding the larger part of an outline across a boundary', () => {
    // CWB ends and EWB starts at longitude 117.6: a 4 km paddock centred 1 km east of it is three quarters in EWB.
    const east = 117.6 + 1 / (111.32 * Math.cos((31.5 * Math.PI) / 180));
    expect(outlineZone(DEFAULT_AGRICULTURE_ZONES, paddockAt(-31.5, east, 4))?.code).toBe('EWB');
    const west = 117.6 - 1 / (111.32 * Math.cos((31.5 * Math.PI) / 180));
    expect(outlineZone(DEFAULT_AGRICULTURE_ZONES, paddockAt(-31.5, west, 4))?.code).toBe('CWB');
  });

  it('is none for an outline outside every zone', () => {
    expect(outlineZone(DEFAULT_AGRICULTURE_ZONES, paddockAt(-32, 112))).toBeUndefined();
  });
});

describe('deciding the zones of a quote’s paddocks', () => {
  it('prices a drawn paddock by its ground even when the pin sits in a cheaper zone nearby', () => {
    // The pin 10 km west of the LKS boundary is in GSR; the paddock drawn 5 km east of it is in LKS.
    const pin = { lat: -32.9, lng: 118.1 };
    const decision = decidePaddockZones(
      DEFAULT_AGRICULTURE_ZONES,
      { farmLocation: pin, declaredZone: 'GSR', paddocks: [{ name: 'Home North', outline: paddockAt(-32.9, 118.25) }, { name: 'Typed in' }] },
      placeNear,
    );
    expect(decision).toEqual({ ok: true, farmZone: 'GSR', paddockZones: ['LKS', 'GSR'] });
  });

  it('refuses a pin moved far from the drawn paddocks, naming both places', () => {
    const decision = decidePaddockZones(
      DEFAULT_AGRICULTURE_ZONES,
      { farmLocation: DALWALLINU, declaredZone: 'NEW', paddocks: [{ name: 'Home North', outline: paddockAt(LAKE_GRACE.lat, LAKE_GRACE.lng) }] },
      placeNear,
    );
    expect(decision.ok).toBe(false);
    if (decision.ok) return;
    expect(decision.reason).toBe('pin_far_from_paddocks');
    expect(decision.message).toMatch(/^The farm pin \(Dalwallinu WA 6609\) is 3\d\d km from the nearest paddock drawn on the map near Lake Grace WA 6353/);
    expect(decision.message).toContain(`within ${MAX_PIN_DISTANCE_FROM_PADDOCKS_KM} km of each other`);
  });

  it('names an unlabelled pin by the nearest town', () => {
    const decision = decidePaddockZones(
      DEFAULT_AGRICULTURE_ZONES,
      { farmLocation: { lat: -30.2866, lng: 116.6631 }, declaredZone: '', paddocks: [{ outline: paddockAt(LAKE_GRACE.lat, LAKE_GRACE.lng) }] },
      placeNear,
    );
    expect(decision.ok ? '' : decision.message).toContain('The farm pin (near Dalwallinu WA 6609)');
  });

  it('accepts a pin up to the limit from the nearest paddock, and inside one at any size', () => {
    const kmEast = (km: number) => km / (111.32 * Math.cos((33.1 * Math.PI) / 180));
    const pin = { lat: LAKE_GRACE.lat, lng: LAKE_GRACE.lng + kmEast(29) };
    expect(distanceKm(pin, LAKE_GRACE)).toBeCloseTo(29, 0);
    expect(decidePaddockZones(DEFAULT_AGRICULTURE_ZONES, { farmLocation: pin, paddocks: [{ outline: paddockAt(LAKE_GRACE.lat, LAKE_GRACE.lng, 1) }] }).ok).toBe(true);
    const farther = { lat: LAKE_GRACE.lat, lng: LAKE_GRACE.lng + kmEast(32) };
    expect(decidePaddockZones(DEFAULT_AGRICULTURE_ZONES, { farmLocation: farther, paddocks: [{ outline: paddockAt(LAKE_GRACE.lat, LAKE_GRACE.lng, 1) }] }).ok).toBe(false);
    expect(decidePaddockZones(DEFAULT_AGRICULTURE_ZONES, { farmLocation: LAKE_GRACE, paddocks: [{ outline: paddockAt(LAKE_GRACE.lat, LAKE_GRACE.lng, 80) }] }).ok).toBe(true);
  });

  it('refuses a paddock outside every zone by name', () => {
    const decision = decidePaddockZones(DEFAULT_AGRICULTURE_ZONES, { paddocks: [{ name: 'Sea paddock', outline: paddockAt(-32, 112) }] }, placeNear);
    expect(decision).toEqual({
      ok: false,
      reason: 'paddock_outside_zones',
      message: "The paddock 'Sea paddock' lies outside the grain belt zones we protect. Check its outline on the farm map; if it is right, request a callback and we will work out its risk zone with you.",
    });
  });

  it('still checks the declared zone against the pin, and needs a pin for a quote', () => {
    const mismatch = decidePaddockZones(DEFAULT_AGRICULTURE_ZONES, { farmLocation: LAKE_GRACE, declaredZone: 'NEW', paddocks: [{ outline: paddockAt(LAKE_GRACE.lat, LAKE_GRACE.lng) }] });
    expect(mismatch.ok ? '' : mismatch.reason).toBe('zone_mismatch');
    expect(decidePaddockZones(DEFAULT_AGRICULTURE_ZONES, { declaredZone: 'LKS', paddocks: [{}], farmLocationRequired: true })).toEqual({
      ok: false,
      reason: 'farm_location_required',
      message: FARM_LOCATION_REQUIRED_MESSAGE,
    });
  });

  it('without a pin (a bare pricing body) lets outlines decide and the declared zone stand for typed paddocks', () => {
    expect(decidePaddockZones(DEFAULT_AGRICULTURE_ZONES, { declaredZone: 'NEW', paddocks: [{ outline: paddockAt(LAKE_GRACE.lat, LAKE_GRACE.lng) }, {}] })).toEqual({
      ok: true,
      farmZone: 'NEW',
      paddockZones: ['LKS', 'NEW'],
    });
  });
});

describe('boundaries far from the pin, said in the import preview', () => {
  it('names how many are far, how far the nearest of them is, and the pin', () => {
    const near = paddockAt(-31.48, 118.28);
    const lakeGrace = paddockAt(LAKE_GRACE.lat, LAKE_GRACE.lng);
    const merredin = { lat: -31.48, lng: 118.28, label: 'Merredin WA 6415' };
    expect(boundariesFarFromPinMessage(merredin, [near])).toBeNull();
    expect(boundariesFarFromPinMessage(null, [lakeGrace])).toBeNull();
    expect(boundariesFarFromPinMessage(merredin, [near, lakeGrace])).toMatch(
      /^1 of these 2 areas is more than 30 km from your farm pin \(Merredin WA 6415\): 18\d km away\. Check that the file is of this farm/,
    );
    expect(boundariesFarFromPinMessage(merredin, [lakeGrace, lakeGrace])).toMatch(/^All 2 areas are more than 30 km from your farm pin \(Merredin WA 6415\), the nearest of them 18\d km away\./);
  });
});
