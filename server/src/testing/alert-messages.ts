import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_SHAPES_PER_EVENT, MAX_SHAPES_PER_MESSAGE } from '@shared/domain/alerts/geometry';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, '../modules/alerts/fixtures', name), 'utf8').replace(/^<\?xml[^>]*>\s*/, '');
const circleAlert = () => fixture('bom-severe-thunderstorm-circle.xml');

/** As many warnings of the most circles an event may have as one message may carry: 20, 2,000 circles in all. */
export const MOST_CIRCLE_WARNINGS = MAX_SHAPES_PER_MESSAGE / MAX_SHAPES_PER_EVENT;

/**
 * An Atom feed of warnings of 100 overlapping circles each, every circle merged into its warning's
 * ground, over the wheatbelt: with MOST_CIRCLE_WARNINGS, the costliest message the limits let through.
 * `tag` makes the identifiers its own, so each call's message is stored anew.
 */
export function circleWarningsFeed(tag: string, warnings: number): string {
  const alert = circleAlert();
  const entries = Array.from({ length: warnings }, (_, warning) => {
    const circles = Array.from({ length: MAX_SHAPES_PER_EVENT }, (_, circle) => `<cap:circle>${(-31 - warning * 0.05 - circle * 0.004).toFixed(4)},${(117 + circle * 0.01).toFixed(3)} 12</cap:circle>`).join('');
    const entry = alert.replace('<cap:circle>-31.64,117.49 15</cap:circle>', circles).replace(/<cap:identifier>[^<]+/, `<cap:identifier>circles-${tag}-${warning}`);
    return `<entry><content type="text/xml">${entry}</content></entry>`;
  });
  return `<feed xmlns="http://www.w3.org/2005/Atom">${entries.join('')}</feed>`;
}

/** The ground of the warning in bom-severe-thunderstorm-circle.xml: a circle of 15 km about Tammin. */
export const STORM_WARNING_CIRCLE = { lat: -31.64, lng: 117.49, radiusKm: 15 } as const;

/** A CAP time as the Bureau writes one (seconds, an offset). */
const capTime = (instant: Date) => instant.toISOString().replace(/\.\d{3}Z$/, '+00:00');

/** The fixture's severe thunderstorm warning (STORM_WARNING_CIRCLE) under `identifier`, issued at `effective` and in effect for two hours. */
export function stormWarning(identifier: string, effective: Date): string {
  const expires = new Date(effective.getTime() + 2 * 60 * 60 * 1000);
  return circleAlert()
    .replace(/<cap:identifier>[^<]+/, `<cap:identifier>${identifier}`)
    .replace(/<cap:(sent|effective)>[^<]+/g, (_tag, name: string) => `<cap:${name}>${capTime(effective)}`)
    .replace(/<cap:expires>[^<]+/, `<cap:expires>${capTime(expires)}`);
}

/**
 * `message` (one of the Bureau's fixtures, its elements prefixed `cap:` or not) made the Bureau's
 * Update of an earlier message: <references> names it (`sender,identifier,sent`, as CAP-AU has it).
 */
function asUpdateOf(message: string, replaces: { identifier: string; sent: Date }): string {
  const cap = message.includes('<cap:alert') ? 'cap:' : '';
  return message
    .replace(`<${cap}msgType>Alert</${cap}msgType>`, `<${cap}msgType>Update</${cap}msgType>`)
    .replace(new RegExp(`(<${cap}code>[^<]+</${cap}code>)`), `$1\n  <${cap}references>webops@bom.gov.au,${replaces.identifier},${capTime(replaces.sent)}</${cap}references>`);
}

/** The Bureau re-issuing the storm-day warning as the storm goes on: the same ground under `identifier`, an Update of the message `replaces` names. */
export function stormWarningUpdate(identifier: string, effective: Date, replaces: { identifier: string; sent: Date }): string {
  return asUpdateOf(stormWarning(identifier, effective), replaces);
}

const xmlText = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** How an issue of the hail warning differs from the published one: the message it updates, its level and its hail size. */
export interface IssueOptions {
  replaces?: { identifier: string; sent: Date };
  severity?: string;
  hail?: string;
}

/**
 * The Bureau's hail warning of bom-severe-thunderstorm-polygon.xml (Severe, hail to 4 cm) under
 * `identifier` and `title`, over `ring` ([longitude, latitude] corners, closed), sent at `sent` and
 * in force from a minute before for three hours; with `replaces`, as its Update of that earlier message.
 */
export function hailWarningOver(identifier: string, title: string, ring: readonly (readonly number[])[], sent: Date, { replaces, severity = 'Severe', hail = '4 cm' }: IssueOptions = {}): string {
  const warning = fixture('bom-severe-thunderstorm-polygon.xml')
    .replace(/<identifier>[^<]+/, `<identifier>${identifier}`)
    .replace(/<sent>[^<]+/, `<sent>${capTime(sent)}`)
    .replace(/<effective>[^<]+/, `<effective>${capTime(new Date(sent.getTime() - 60_000))}`)
    .replace(/<expires>[^<]+/, `<expires>${capTime(new Date(sent.getTime() + 3 * 3_600_000))}`)
    .replace(/<headline>[^<]+/, `<headline>${xmlText(title)}`)
    .replace(/<polygon>[^<]+/, `<polygon>${ring.map(([longitude, latitude]) => `${latitude},${longitude}`).join(' ')}`)
    .replace('<severity>Severe</severity>', `<severity>${severity}</severity>`)
    .replace('<value>4 cm</value>', `<value>${hail}</value>`);
  return replaces ? asUpdateOf(warning, replaces) : warning;
}

/** A storm staff draw on the map from a caller's report (POST /api/admin/events/drawn), over `geometry`. */
export const drawnReport = (geometry: object) => ({
  kind: 'hail',
  title: 'Caller at Creek Flat: hail the size of marbles, 3:10 pm',
  effective: '2026-11-20T15:10',
  expires: '2026-11-20T17:00',
  hailSizeMm: 15,
  geometry,
});
