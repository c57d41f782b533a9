import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';
import { hailWarningOver, type IssueOptions } from '../../server/src/testing/alert-messages';

/** A ring of [longitude, latitude] corners, closed by the first one again. */
type Ring = number[][];

/**
 * Staff post a hail warning over `ring` as the Bureau's GeoJSON, with 30 mm hail, in force from a
 * minute ago for three hours unless `when` says otherwise. The Home Paddock of the test quotes is
 * the square 117.20–117.22 E, 31.58–31.60 S.
 */
export async function postHailWarning(staff: APIRequestContext, base: string, title: string, ring: Ring, when?: { effective: Date; expires: Date }): Promise<void> {
  const now = Date.now();
  const { effective, expires } = when ?? { effective: new Date(now - 60_000), expires: new Date(now + 3 * 3_600_000) };
  const warning = {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        geometry: { type: 'Polygon', coordinates: [ring] },
        properties: {
          kind: 'hail',
          source: 'bom',
          externalId: `IDW21033-${randomUUID()}`,
          title,
          effective: effective.toISOString(),
          expires: expires.toISOString(),
          hailSizeMm: 30,
        },
      },
    ],
  };
  const posted = await staff.post('/api/admin/events', { headers: { Origin: base, 'Content-Type': 'application/geo+json' }, data: JSON.stringify(warning) });
  expect(posted.status(), await posted.text()).toBe(201);
}

/**
 * Staff post the Bureau's hail warning over `ring` as CAP-AU XML (hailWarningOver), in force from a
 * minute ago for three hours; with `replaces` (an earlier message's identifier and time sent), as the
 * Bureau's Update of it: the same warning issued again, at the level and hail size given (Severe,
 * 4 cm unless said). Answers this message's identifier and time sent.
 */
export async function postCapHailWarning(staff: APIRequestContext, base: string, title: string, ring: Ring, issue: IssueOptions = {}): Promise<{ identifier: string; sent: Date }> {
  const identifier = `urn:oid:2.49.0.1.36.0.IDW21037.${randomUUID()}`;
  const sent = new Date();
  const posted = await staff.post('/api/admin/events', { headers: { Origin: base, 'Content-Type': 'application/xml' }, data: hailWarningOver(identifier, title, ring, sent, issue) });
  expect(posted.status(), await posted.text()).toBe(201);
  return { identifier, sent };
}
