import { expect, type Page } from '@playwright/test';

/**
 * Opens a page and waits until the app has hydrated a page drawn at build time (public pages,
 * scripts/prerender.mjs). Until then the app keeps the page inert, so clicks and typing wait for it
 * by themselves; focusing, hovering, scrolling and key presses do not, and would do nothing.
 */
export async function openPage(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(page.locator('[data-prerendered]')).toHaveCount(0);
  return response;
}
