import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, type Locator, type LocatorScreenshotOptions, type Page, type PageScreenshotOptions } from '@playwright/test';
import { nextFrames } from './pages';

/**
 * Screenshots are for a person to look at. CI, where nobody does, sets E2E_SCREENSHOTS=off (.ci/run):
 * the pages are still brought to each width and waited for, only the pictures are not taken.
 */
const screenshotsTaken = process.env['E2E_SCREENSHOTS'] !== 'off';

/** A screenshot of a page or of part of one into `path` (its folder made), unless screenshots are off. */
export async function saveScreenshot(target: Page, options: PageScreenshotOptions & { path: string }): Promise<void>;
export async function saveScreenshot(target: Locator, options: LocatorScreenshotOptions & { path: string }): Promise<void>;
export async function saveScreenshot(target: Page | Locator, options: (PageScreenshotOptions | LocatorScreenshotOptions) & { path: string }): Promise<void> {
  if (!screenshotsTaken) return;
  mkdirSync(dirname(options.path), { recursive: true });
  // A map refitted to a new width animates its zoom for a quarter second: the picture shows where it ends.
  await target.screenshot({ animations: 'disabled', ...options });
}

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
  const before = page.viewportSize();
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
    await expect(page.getByTestId('loading-state')).toHaveCount(0);
    if (target) await target.scrollIntoViewIfNeeded();
    // The layout of the new width is done and painted.
    await nextFrames(page);
    const path = join(dir, `${name}-${size.width}.png`);
    await (target ? saveScreenshot(target, { path }) : saveScreenshot(page, { path, fullPage }));
  }
  if (before) await page.setViewportSize(before);
}
