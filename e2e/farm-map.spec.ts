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
  await page.getByRole('button', { name: 'Add 2 paddocks' }).click();
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

for (const width of [1280, 375]) {
  test(`a GIS export in MGA zone 50 is previewed with outlines and areas, and only the ticked shapes are added (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await visitorToFarmMapping(page, newVisitorEmail());
    // GDAL's ogr2ogr output in GDA94 / MGA zone 50 (fixtures/README.md): two paddocks, a bore, a laneway, an empty record.
    await page.getByLabel('Import boundaries').setInputFiles('renderer/src/lib/boundary-import/fixtures/paddocks-mga50-ogr2ogr.geojson');
    const preview = page.getByRole('region', { name: 'Check the shapes in paddocks-mga50-ogr2ogr.geojson' });
    await expect(preview.getByRole('heading', { level: 3 })).toBeFocused();
    const items = preview.getByTestId('boundary-preview-item');
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText(/Dam paddock\s*79(\.\d+)? ha/);
    await expect(items.nth(1)).toContainText(/Back 40\s*40(\.\d+)? ha/);
    await expect(items.locator('svg path')).toHaveCount(2);
    await expect(preview.getByTestId('boundary-preview-skipped')).toContainText('1 empty record (with no shape) was skipped.');
    await expect(preview.getByTestId('boundary-preview-skipped')).toContainText('1 line was skipped');
    // Nothing is a paddock until the grower confirms.
    await expect(page.getByTestId('paddock-item')).toHaveCount(0);

    mkdirSync(screenshotsDir, { recursive: true });
    await preview.screenshot({ path: join(screenshotsDir, `boundary-preview-${width}.png`), style: 'header, [class*="sticky"] { position: static !important; }' });

    // Keyboard only: untick the second shape, then add.
    await preview.getByRole('checkbox', { name: /Back 40/ }).focus();
    await page.keyboard.press('Space');
    await preview.getByRole('button', { name: 'Add 1 paddock' }).click();
    await expect(preview).toHaveCount(0);
    const paddocks = page.getByTestId('paddock-item');
    await expect(paddocks).toHaveCount(1);
    await expect(paddocks.first().getByLabel('Paddock name')).toHaveValue('Dam paddock');
    await expect(page.getByText('Imported 1 paddock from paddocks-mga50-ogr2ogr.geojson.')).toBeVisible();
    // The paddock is drawn on the map, near Merredin where the grid put it.
    await expect(page.locator('path.leaflet-interactive')).toHaveCount(1);
  });
}

test('an image overlay in a KML is left out with its reason, and cancel adds nothing', async ({ page }) => {
  await visitorToFarmMapping(page, newVisitorEmail());
  await page.getByLabel('Import boundaries').setInputFiles('renderer/src/lib/boundary-import/fixtures/farm-with-ndvi-overlay.kml');
  const preview = page.getByRole('region', { name: 'Check the shapes in farm-with-ndvi-overlay.kml' });
  await expect(preview.getByTestId('boundary-preview-item')).toHaveCount(1);
  await expect(preview.getByTestId('boundary-preview-skipped')).toContainText('3 image overlays (e.g. NDVI or yield maps) were skipped: they are pictures, not paddock boundaries.');
  await preview.getByRole('button', { name: 'Cancel' }).click();
  await expect(preview).toHaveCount(0);
  await expect(page.getByTestId('paddock-item')).toHaveCount(0);
  await expect(page.getByLabel('Import boundaries')).toBeFocused();
});
