import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MAX_SHAPES_PER_EVENT, MAX_SHAPES_PER_MESSAGE } from '@shared/domain/alerts/geometry';

const circleAlert = () => readFileSync(join(import.meta.dirname, '../modules/alerts/fixtures/bom-severe-thunderstorm-circle.xml'), 'utf8').replace(/^<\?xml[^>]*>\s*/, '');

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
