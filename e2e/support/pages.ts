import { expect, type Page } from '@playwright/test';

/**
 * Opens a page and waits until the app has drawn over the copy drawn at build time (public pages,
 * scripts/prerender.mjs). That copy is inert, so clicks and typing wait for the app by themselves;
 * focusing, hovering, scrolling and key presses do not, and would land on the copy.
 */
export async function openPage(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(page.locator('[data-prerendered]')).toHaveCount(0);
  return response;
}
