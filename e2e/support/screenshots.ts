import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { nextFrames } from './pages';

/** A phone (iPhone 12–15) and a desktop, the two widths every changed page is looked at. */
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
] as const;

/**
 * Screenshots of the page (or of `target`) at phone and desktop width, once nothing on it says it is
 * loading, into .tmp/screenshots/<folder>/<name>-<width>.png; the page's own viewport is put back after.
 */
export async function shootAtWidths(page: Page, folder: string, name: string, { target, fullPage = true }: { target?: Locator; fullPage?: boolean } = {}): Promise<void> {
  const dir = join('.tmp', 'screenshots', folder);
  mkdirSync(dir, { recursive: true });
  const before = page.viewportSize();
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
    await expect(page.getByTestId('loading-state')).toHaveCount(0);
    if (target) await target.scrollIntoViewIfNeeded();
    // The layout of the new width is done and painted.
    await nextFrames(page);
    const path = join(dir, `${name}-${size.width}.png`);
    await (target ? target.screenshot({ path }) : page.screenshot({ path, fullPage }));
  }
  if (before) await page.setViewportSize(before);
}
