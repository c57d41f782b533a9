import { expect, type Page } from '@playwright/test';

/**
 * On the members list: searches for one member and, once the list holds only them, opens the
 * support-mode chooser on them. Pressed while the list still showed everyone, the button could move
 * as the search's answer redrew the table and the press land beside it: a run on 2026-12-05 waited a
 * minute for a chooser that never opened.
 */
export async function openSupportModeChooser(page: Page, search: string, name: string) {
  await page.getByLabel('Name, e-mail or business').fill(search);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('navigation', { name: 'Pages of members' })).toContainText('1–1 of 1 member');
  await page.getByRole('button', { name: `Enter support mode for ${name}` }).click();
}
