import axe, { type AxeResults } from 'axe-core';
import { type Page } from '@playwright/test';

/**
 * axe's serious and critical violations on the page as it stands, a line each: the rule, its impact
 * and the elements it found.
 */
export async function seriousViolations(page: Page) {
  // axe-core is put in the page once per document and run there. @axe-core/playwright evaluated its
  // half-megabyte source twice for every check (about half of a check's time here); the site's pages
  // have no frames, the one thing it adds. Only violations are read, so only they are collected.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const results = await page.evaluate(() => (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] }) as Promise<AxeResults>);
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
}
