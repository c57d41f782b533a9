import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';

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

/** A CAP time as the Bureau writes one (seconds, an offset). */
const capTime = (instant: Date) => instant.toISOString().replace(/\.\d{3}Z$/, '+00:00');
const xmlText = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * Staff post the Bureau's severe thunderstorm warning over `ring` as CAP-AU XML, in force from a
 * minute ago for three hours; with `replaces` (an earlier message's identifier and time sent), as
 * the Bureau's Update of it: the same warning issued again. Answers this message's identifier and time sent.
 */
export async function postCapHailWarning(staff: APIRequestContext, base: string, title: string, ring: Ring, replaces?: { identifier: string; sent: Date }): Promise<{ identifier: string; sent: Date }> {
  const identifier = `urn:oid:2.49.0.1.36.0.IDW21037.${randomUUID()}`;
  const sent = new Date();
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<alert xmlns="urn:oasis:names:tc:emergency:cap:1.2">
  <identifier>${identifier}</identifier>
  <sender>webops@bom.gov.au</sender>
  <sent>${capTime(sent)}</sent>
  <status>Actual</status>
  <msgType>${replaces ? 'Update' : 'Alert'}</msgType>
  <scope>Public</scope>
  ${replaces ? `<references>webops@bom.gov.au,${replaces.identifier},${capTime(replaces.sent)}</references>` : ''}
  <info>
    <language>en-AU</language>
    <category>Met</category>
    <event>Severe Thunderstorm Warning</event>
    <urgency>Immediate</urgency>
    <severity>Severe</severity>
    <certainty>Observed</certainty>
    <effective>${capTime(new Date(sent.getTime() - 60_000))}</effective>
    <expires>${capTime(new Date(sent.getTime() + 3 * 3_600_000))}</expires>
    <headline>${xmlText(title)}</headline>
    <parameter><valueName>HailSize</valueName><value>3 cm</value></parameter>
    <area>
      <areaDesc>Central Wheat Belt</areaDesc>
      <polygon>${ring.map(([longitude, latitude]) => `${latitude},${longitude}`).join(' ')}</polygon>
    </area>
  </info>
</alert>`;
  const posted = await staff.post('/api/admin/events', { headers: { Origin: base, 'Content-Type': 'application/xml' }, data: xml });
  expect(posted.status(), await posted.text()).toBe(201);
  return { identifier, sent };
}
