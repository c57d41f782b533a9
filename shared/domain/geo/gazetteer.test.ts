import { describe, expect, it } from 'vitest';
import { decodeGazetteer, formatLocality, searchLocalities, type GazetteerFile } from './gazetteer';
import data from './wa-localities.json';

const localities = decodeGazetteer(data as GazetteerFile);

describe('WA gazetteer', () => {
  it('holds the WA localities and stays small', () => {
    expect(localities.length).toBeGreaterThan(1900);
    // Well under 200 KB even before gzip (about 31 KB gzipped).
    expect(JSON.stringify(data).length).toBeLessThan(200 * 1024);
  });

  it('finds Merredin with its postcode, shire, region and position', () => {
    const [first] = searchLocalities(localities, 'Merredin');
    expect(first).toMatchObject({ name: 'Merredin', postcode: '6415', shire: 'Merredin', region: 'Wheat Belt - North' });
    expect(first!.lat).toBeCloseTo(-31.48, 1);
    expect(first!.lng).toBeCloseTo(118.27, 1);
    expect(formatLocality(first!)).toBe('Merredin WA 6415');
  });

  it("'esper' finds Esperance first, case-insensitively", () => {
    expect(searchLocalities(localities, 'esper')[0]?.name).toBe('Esperance');
    expect(searchLocalities(localities, 'ESPER')[0]?.name).toBe('Esperance');
  });

  it('postcode 6415 lists its localities, Merredin among them', () => {
    const results = searchLocalities(localities, '6415', 20);
    expect(results.length).toBeGreaterThan(1);
    expect(results.every((locality) => locality.postcode === '6415')).toBe(true);
    expect(results.map((locality) => locality.name)).toContain('Merredin');
  });

  it('ranks a name prefix before a later word and a match inside the name', () => {
    const names = searchLocalities(localities, 'barker', 10).map((locality) => locality.name);
    expect(names).toContain('Mount Barker');
    const katanning = searchLocalities(localities, 'kat', 10).map((locality) => locality.name);
    expect(katanning[0]?.toLowerCase().startsWith('kat')).toBe(true);
  });

  it('combines a name and a postcode, and returns nothing for nonsense or blank', () => {
    expect(searchLocalities(localities, 'merredin 6415')[0]?.name).toBe('Merredin');
    expect(searchLocalities(localities, 'zzqx')).toEqual([]);
    expect(searchLocalities(localities, '   ')).toEqual([]);
  });

  it('matches the shire name', () => {
    const results = searchLocalities(localities, 'Dalwallinu', 20);
    expect(results.some((locality) => locality.shire === 'Dalwallinu')).toBe(true);
  });
});
