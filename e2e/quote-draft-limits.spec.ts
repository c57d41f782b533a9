/**
 * Nothing the page accepted is lost: a farm export of 40 GPS-traced paddocks
 * imports, is auto-saved and comes back after a reload; a quote too large to keep says why and is
 * still there after a reload, from this browser.
 */
import { join } from 'node:path';
import { type Page, type Response } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { fortyPaddockKml, jaggedPaddockKml } from '../shared/domain/geo/testing/farm-export-fixture';
import { visitorToFarmMapping } from './support/wizard';
import { saveScreenshot } from './support/screenshots';

const screenshotsDir = join('.tmp', 'screenshots');

const newVisitorEmail = () => `farm-export-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** The next auto-save whose quote holds this paddock name. */
const autoSaveWith = (page: Page, paddockName: string) =>
  page.waitForResponse((response: Response) => response.url().endsWith('/api/quotes/draft') && response.request().method() === 'POST' && (response.request().postData() ?? '').includes(`"${paddockName}"`), {
    timeout: 90_000,
  });

/** Imports a KML file and confirms every shape in the preview. */
async function importKml(page: Page, name: string, kml: string) {
  await page.getByLabel('Import boundaries').setInputFiles({ name, mimeType: 'application/vnd.google-earth.kml+xml', buffer: Buffer.from(kml) });
  // Files of thousands of corners take seconds to read on a busy machine.
  await page
    .getByRole('region', { name: `Check the shapes in ${name}` })
    .getByRole('button', { name: /^Add \d+ paddocks?$/ })
    .click({ timeout: 60_000 });
}

test('a farm export of 40 GPS-traced paddocks imports, auto-saves and is all there after a reload', async ({ page }) => {
  test.setTimeout(120_000);
  await visitorToFarmMapping(page, newVisitorEmail());
  const saved = autoSaveWith(page, 'Paddock 40');
  await importKml(page, 'farm-boundaries.kml', fortyPaddockKml());
  await expect(page.getByText('Imported 40 paddocks from farm-boundaries.kml.')).toBeVisible();
  await expect(page.getByTestId('paddock-item')).toHaveCount(40);
  expect((await saved).status()).toBeLessThan(300);
  await expect(page.getByTestId('auto-save-indicator')).toHaveText('Progress saved');

  // The copy in this browser is removed, so what comes back is the server's draft.
  await page.evaluate(() => localStorage.removeItem('quote-draft'));
  await page.reload();
  await expect(page.getByTestId('paddock-item')).toHaveCount(40);
  await expect(page.getByTestId('paddock-item').nth(39).getByLabel('Paddock name')).toHaveValue('Paddock 40');
});

test('a quote too large to keep says why, and the work is still there after a reload', async ({ page }) => {
  test.setTimeout(180_000);
  await visitorToFarmMapping(page, newVisitorEmail());
  const first = autoSaveWith(page, 'Rough 1-14');
  await importKml(page, 'north-block.kml', jaggedPaddockKml(1));
  // Fourteen paddocks of thousands of corners each take seconds to read and draw on a busy machine.
  await expect(page.getByTestId('paddock-item')).toHaveCount(14, { timeout: 60_000 });
  expect((await first).status()).toBeLessThan(300);

  const refused = autoSaveWith(page, 'Rough 2-14');
  await importKml(page, 'south-block.kml', jaggedPaddockKml(2));
  await expect(page.getByTestId('paddock-item')).toHaveCount(28, { timeout: 60_000 });
  expect((await refused).status()).toBe(413);
  const notice = page.getByTestId('draft-notice');
  await expect(notice).toContainText(/The paddock outlines in this quote have [\d,]+ corners; a quote keeps at most 60,000\./);
  await expect(notice).toContainText('Your work is kept in this browser and is saved as soon as it fits.');
  await page.setViewportSize({ width: 1366, height: 900 });
  await saveScreenshot(page, { path: join(screenshotsDir, 'draft-too-large-1366.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, { path: join(screenshotsDir, 'draft-too-large-390.png') });

  await page.reload();
  await expect(page.getByTestId('paddock-item')).toHaveCount(28, { timeout: 60_000 });
  await expect(page.getByTestId('wizard-notice')).toContainText('Changes that could not be saved were kept in this browser and have been put back.');
});
