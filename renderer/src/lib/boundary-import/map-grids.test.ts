import { describe, expect, it } from 'vitest';
import { epsgCodeOfName, gridOfCrsMember, reprojector } from './map-grids';

describe('map grids named in a file', () => {
  it('reads the EPSG code in each way files write it', () => {
    expect(epsgCodeOfName('urn:ogc:def:crs:EPSG::28350')).toBe(28350);
    expect(epsgCodeOfName('urn:ogc:def:crs:EPSG:6.6:28350')).toBe(28350);
    expect(epsgCodeOfName('EPSG:7850')).toBe(7850);
    expect(epsgCodeOfName('http://www.opengis.net/def/crs/EPSG/0/7851')).toBe(7851);
    expect(epsgCodeOfName('http://www.opengis.net/gml/srs/epsg.xml#28349')).toBe(28349);
    expect(epsgCodeOfName('urn:ogc:def:crs:OGC:1.3:CRS84')).toBe(4326);
    expect(epsgCodeOfName('GDA94 / MGA zone 50')).toBeNull();
  });

  it('an easting of 500,000 m lies on the zone’s central meridian (117° for zone 50, 123° for 51)', () => {
    const atCentre = { type: 'Point' as const, coordinates: [500000, 6515000] };
    for (const [name, meridian] of [
      ['EPSG:28350', 117],
      ['EPSG:7851', 123],
      ['EPSG:32750', 117],
    ] as const) {
      const lookup = gridOfCrsMember({ type: 'name', properties: { name } });
      if (!lookup.ok) throw new Error(lookup.reason);
      const moved = reprojector(lookup.grid)(atCentre) as { coordinates: number[] };
      expect(moved.coordinates[0]).toBeCloseTo(meridian, 9);
      expect(moved.coordinates[1]).toBeGreaterThan(-31.6);
      expect(moved.coordinates[1]).toBeLessThan(-31.4);
    }
  });

  it('web Mercator metres come back to longitude and latitude', () => {
    const lookup = gridOfCrsMember({ type: 'name', properties: { name: 'EPSG:3857' } });
    if (!lookup.ok) throw new Error(lookup.reason);
    // 118.27° E, 31.49° S in web Mercator metres: x = R·λ, y = R·ln(tan(π/4 + φ/2)).
    const radius = 6378137;
    const x = (radius * 118.27 * Math.PI) / 180;
    const y = radius * Math.log(Math.tan(Math.PI / 4 + (-31.49 * Math.PI) / 360));
    const moved = reprojector(lookup.grid)({ type: 'Point', coordinates: [x, y] }) as { coordinates: number[] };
    expect(moved.coordinates[0]).toBeCloseTo(118.27, 9);
    expect(moved.coordinates[1]).toBeCloseTo(-31.49, 9);
  });
});
