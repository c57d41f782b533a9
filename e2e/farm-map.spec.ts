import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { drawPaddock, visitorToFarmMapping } from './support/wizard';

/**
 * The farm-mapping step (issue 6, point 1): a grower reaches the map through the wizard, finds the
 * farm offline, draws one paddock with the mouse and types another, and sees both with their areas.
 * The network is closed on these machines, so the map runs on its plain background without tiles.
 */

const screenshotsDir = '.tmp/screenshots';
const newVisitorEmail = () => `map-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@farm.example`;

for (const width of [1280, 375]) {
  test(`a drawn and a typed paddock are listed with their areas (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await visitorToFarmMapping(page, newVisitorEmail());

    // Find the farm offline: the gazetteer answers, the marker is placed, the zone is looked up.
    await page.getByRole('combobox', { name: 'Find your farm' }).fill('merred');
    await page.getByRole('option', { name: /Merredin WA 6415/ }).click();
    await expect(page.locator('.leaflet-marker-icon')).toHaveCount(1);
    await expect(page.getByTestId('risk-zone')).toContainText(/Your risk zone:|outside the grain belt/i);

    await drawPaddock(page);
    const items = page.getByTestId('paddock-item');
    await expect(items).toHaveCount(1);
    await expect(items.first().getByLabel('Paddock name')).toHaveValue('Main Paddock');
    await expect(items.first().getByTestId('paddock-area')).toHaveText(/^[\d,.]+ ha$/);
    const drawnArea = Number((await items.first().getByTestId('paddock-area').innerText()).replace(/[^\d.]/g, ''));
    expect(drawnArea).toBeGreaterThan(1);

    // Add a paddock without drawing, as a keyboard user would.
    await page.getByRole('group', { name: 'Add a paddock without drawing' }).getByLabel('Paddock name').fill('Back 40');
    await page.getByLabel('Area (hectares)').fill('40');
    await page.getByLabel('Area (hectares)').press('Enter');
    await expect(items).toHaveCount(2);
    await expect(items.nth(1).getByLabel('Paddock name')).toHaveValue('Back 40');
    await expect(items.nth(1).getByTestId('paddock-area')).toHaveText('40 ha');
    await expect(page.getByTestId('farm-total')).toContainText(`${(Math.round((drawnArea + 40) * 100) / 100).toLocaleString('en-AU')} ha`);
    // No tiles here: the plain background and the drawn paddock still show.
    await expect(page.locator('path.leaflet-interactive')).toHaveCount(1);

    mkdirSync(screenshotsDir, { recursive: true });
    // Sticky header and step buttons would be stamped over a tall element screenshot; unstick them for it.
    await page.getByTestId('farm-mapping').screenshot({ path: join(screenshotsDir, `farm-map-${width}.png`), style: 'header, [class*="sticky"] { position: static !important; }' });
  });
}

test('importing a GeoJSON file adds its paddocks and warns about the overlap', async ({ page }) => {
  await visitorToFarmMapping(page, newVisitorEmail());
  const square = (west: number, south: number) => [
    [
      [west, south],
      [west + 0.01, south],
      [west + 0.01, south + 0.01],
      [west, south + 0.01],
      [west, south],
    ],
  ];
  const collection = {
    type: 'FeatureCollection',
    features: [
      { type: 'Feature', properties: { name: 'Creek paddock' }, geometry: { type: 'Polygon', coordinates: square(118.27, -31.49) } },
      { type: 'Feature', properties: { name: 'Hill paddock' }, geometry: { type: 'Polygon', coordinates: square(118.275, -31.485) } },
    ],
  };
  await page.getByLabel('Import boundaries').setInputFiles({ name: 'paddocks.geojson', mimeType: 'application/geo+json', buffer: Buffer.from(JSON.stringify(collection)) });
  await expect(page.getByText('Imported 2 paddocks from paddocks.geojson.')).toBeVisible();
  const items = page.getByTestId('paddock-item');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0).getByLabel('Paddock name')).toHaveValue('Creek paddock');
  await expect(page.getByTestId('overlap-warning')).toContainText('Creek paddock and Hill paddock share');
  await expect(page.locator('path.leaflet-interactive')).toHaveCount(2);
  // Excluding one of them clears the warning.
  await items.nth(1).getByLabel('Exclude from cover').check();
  await expect(page.getByTestId('overlap-warning')).toHaveCount(0);
});
