import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';

/**
 * axe's serious and critical violations on the page as it stands, a line each: the rule, its impact
 * and the elements it found.
 */
export async function seriousViolations(page: Page) {
  // Legacy mode runs axe.run() in the page itself: the default opens a blank page of its own for every
  // check to merge the frames' results in, which cost about a second a check here; the site's pages have
  // no frames from another origin, the one thing legacy mode leaves out. Only violations are read, so
  // only violations are collected with their elements.
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
}
