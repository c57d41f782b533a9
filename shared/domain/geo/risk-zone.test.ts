import { describe, expect, it } from 'vitest';
import { DEFAULT_AGRICULTURE_ZONES } from '../pricing/default-model';
import { FARM_LOCATION_REQUIRED_MESSAGE, FARM_OUTSIDE_ZONES_MESSAGE, farmZone, zoneAt } from './risk-zone';

const MERREDIN = { lat: -31.48, lng: 118.28 };

describe('the farm’s risk zone', () => {
  it('is the zone containing the farm location', () => {
    expect(zoneAt(DEFAULT_AGRICULTURE_ZONES, MERREDIN)?.code).toBe('EWB');
    expect(zoneAt(DEFAULT_AGRICULTURE_ZONES, { lat: -31.65, lng: 117.24 })?.code).toBe('CWB');
    expect(zoneAt(DEFAULT_AGRICULTURE_ZONES, { lat: -32, lng: 112 })).toBeUndefined();
  });

  it('accepts the farm’s own zone whatever its case, or no declared zone', () => {
    expect(farmZone(DEFAULT_AGRICULTURE_ZONES, MERREDIN, 'ewb')).toMatchObject({ ok: true, zone: { code: 'EWB' } });
    expect(farmZone(DEFAULT_AGRICULTURE_ZONES, MERREDIN, '')).toMatchObject({ ok: true, zone: { code: 'EWB' } });
  });

  it('refuses another zone naming both, by the place or the coordinates, and an unknown code as such', () => {
    const named = farmZone(DEFAULT_AGRICULTURE_ZONES, { ...MERREDIN, label: 'Merredin WA 6415' }, 'CWB');
    expect(named).toEqual({
      ok: false,
      reason: 'zone_mismatch',
      message:
        'The farm at Merredin WA 6415 is in zone EWB (Eastern Wheatbelt (Merredin–Southern Cross)); the quote says CWB (Central Wheatbelt (Avon)). Open the farm map again so the risk zone is looked up from the farm location, then recalculate the estimate.',
    });
    const unnamed = farmZone(DEFAULT_AGRICULTURE_ZONES, MERREDIN, 'XYZ');
    expect(unnamed.ok ? '' : unnamed.message).toContain('The farm at -31.4800, 118.2800 is in zone EWB');
    expect(unnamed.ok ? '' : unnamed.message).toContain('the quote says XYZ (not a zone we price)');
  });

  it('needs a farm location inside a zone', () => {
    expect(farmZone(DEFAULT_AGRICULTURE_ZONES, undefined, 'CWB')).toEqual({ ok: false, reason: 'farm_location_required', message: FARM_LOCATION_REQUIRED_MESSAGE });
    expect(farmZone(DEFAULT_AGRICULTURE_ZONES, { lat: -32, lng: 112 }, 'CWB')).toEqual({ ok: false, reason: 'outside_zones', message: FARM_OUTSIDE_ZONES_MESSAGE });
  });
});
