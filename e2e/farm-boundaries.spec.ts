/**
 * Your Farm's boundaries in Chromium, reached as a grower reaches them: from the dashboard's menu, a
 * paddock drawn on the farm's map (then redrawn) and one imported from a file made by others join the
 * table with the areas they measure, a boundary deleted leaves its paddock, and all are saved, show on
 * the farm's map when the page is opened again, and start next season's quote. Screenshots at 1366 and
 * 390 px go to .tmp/screenshots/farm-boundaries/.
 */
import { expect, test } from './support/fixtures';
import { registerMember, signedInContext } from './support/accounts';
import { cunderdinQuote, submitQuote } from './support/quotes';
import { seriousViolations } from './support/axe';
import { shootAtWidths } from './support/screenshots';
import { drawPaddock, importBoundaryFile } from './support/wizard';
import { squareOutline } from '../shared/domain/geo/testing/square-outline';
import { formatHectares } from '../shared/format';

test('on Your Farm a paddock drawn, redrawn and one imported are saved with their measured areas, a deleted boundary leaves its paddock, and all start next season’s quote', async ({ browser, baseURL }) => {
  const setup = await browser.newContext({ baseURL });
  const member = await registerMember(setup.request, baseURL!, 'Tipene', 'Walker');
  await setup.close();
  const context = await signedInContext(browser, baseURL!, member.email);
  await submitQuote(
    context.request,
    baseURL!,
    cunderdinQuote(member, [
      { id: 'p1', name: 'Home Paddock', area: 400, crop: 'wheat', variety: 'Scepter', geometry: squareOutline(117.2, -31.6, 0.02) },
      { id: 'p2', name: 'Creek Flat', area: 150, crop: 'canola' },
    ]),
  );
  const page = await context.newPage();
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Your Farm' }).click();
  await expect(page.getByRole('heading', { name: 'Your Farm', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Map of your paddocks' }).locator('path.leaflet-interactive')).toHaveCount(1);

  await page.getByRole('button', { name: 'Edit boundaries on the map' }).click();
  const editor = page.getByRole('region', { name: 'Boundaries' });
  await expect(editor.getByTestId('farm-map').locator('path.leaflet-interactive')).toHaveCount(1);
  await expect(editor.getByRole('link', { name: 'Help' })).toHaveAttribute('href', '/dashboard/help');
  // No map images here: the grid stands in, and the note does not offer to find the farm, which this map does not do.
  await expect(editor.getByRole('status').filter({ hasText: 'Map images are not available right now. You can still draw paddocks on the grid and type their areas.' })).toBeVisible();
  await shootAtWidths(page, 'farm-boundaries', 'editing');
  expect(await seriousViolations(page)).toEqual([]);

  await drawPaddock(page);
  // The shape drawn is the third paddock, named as the quote's map names one, with the area the map measured.
  await expect(page.getByLabel('Name of paddock 3')).toHaveValue('Paddock 3');
  const area = Number(await page.getByLabel('Area of Paddock 3 in hectares').inputValue());
  expect(area).toBeGreaterThan(0);
  await expect(editor.locator('.leaflet-tooltip').filter({ hasText: 'Paddock 3' })).toHaveText(`Paddock 3 · ${formatHectares(area)}`);
  await page.getByLabel('Crop in Paddock 3').fill('barley');
  await shootAtWidths(page, 'farm-boundaries', 'drawn');

  // Redrawn: Paddock 3's lowest right corner dragged out with the edit tool; its area is measured again.
  const outlines = editor.getByTestId('farm-map').locator('path.leaflet-interactive');
  await outlines.nth(1).scrollIntoViewIfNeeded();
  await page.locator('.leaflet-pm-icon-edit').click();
  const drawnBox = (await outlines.nth(1).boundingBox())!;
  const corner = await page.locator('.leaflet-marker-icon.marker-icon:not(.marker-icon-middle)').evaluateAll(
    (markers, box) =>
      markers
        .map((marker) => marker.getBoundingClientRect())
        .map((rect) => ({ x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 }))
        .filter(({ x, y }) => x >= box.x - 8 && x <= box.x + box.width + 8 && y >= box.y - 8 && y <= box.y + box.height + 8)
        .sort((first, second) => second.x + second.y - (first.x + first.y))[0]!,
    drawnBox,
  );
  await page.mouse.move(corner.x, corner.y);
  await page.mouse.down();
  await page.mouse.move(corner.x + 60, corner.y + 60, { steps: 6 });
  await page.mouse.up();
  await page.locator('.leaflet-pm-icon-edit').click();
  await expect.poll(async () => Number(await page.getByLabel('Area of Paddock 3 in hectares').inputValue())).toBeGreaterThan(area);
  const redrawnArea = Number(await page.getByLabel('Area of Paddock 3 in hectares').inputValue());
  await expect(editor.locator('.leaflet-tooltip').filter({ hasText: 'Paddock 3' })).toHaveText(`Paddock 3 · ${formatHectares(redrawnArea)}`);

  // Home Paddock's boundary deleted with the eraser: the paddock stays in the table with its area.
  await page.locator('.leaflet-pm-icon-delete').click();
  await outlines.nth(0).click();
  await page.locator('.leaflet-pm-icon-delete').click();
  await expect(outlines).toHaveCount(1);
  await expect(page.getByLabel('Name of paddock 1')).toHaveValue('Home Paddock');
  await expect(page.getByLabel('Area of Home Paddock in hectares')).toHaveValue('400');

  // A field exported by farm-management software (renderer/src/lib/boundary-import/fixtures/published/SOURCES.md): named as the file names it.
  const field = await importBoundaryFile(page, 'renderer/src/lib/boundary-import/fixtures/published/farm-field-client-farm-field-no-prj.zip', 'farm-field-client-farm-field-no-prj.zip');
  await field.getByRole('button', { name: 'Add 1 paddock' }).click();
  await expect(editor.getByRole('status').filter({ hasText: 'Imported 1 paddock from farm-field-client-farm-field-no-prj.zip: they are in the table below.' })).toBeVisible();
  await expect(page.getByLabel('Name of paddock 4')).toHaveValue('Test Christian');
  await expect(page.getByLabel('Area of Test Christian in hectares')).toHaveValue(/^2\.0\d$/);

  await editor.getByRole('button', { name: 'Done with the map' }).click();
  await page.getByRole('button', { name: 'Save paddocks' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your paddocks are saved.' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Name of paddock 3')).toHaveValue('Paddock 3');
  await expect(page.getByLabel('Area of Paddock 3 in hectares')).toHaveValue(String(redrawnArea));
  await expect(page.getByLabel('Name of paddock 4')).toHaveValue('Test Christian');
  // Paddock 3 and the imported field; Home Paddock has no boundary now.
  await expect(page.getByRole('region', { name: 'Map of your paddocks' }).locator('path.leaflet-interactive')).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Edit boundaries on the map' })).toBeVisible();
  await shootAtWidths(page, 'farm-boundaries', 'saved');

  await page.getByRole('button', { name: 'Start next season’s quote' }).click();
  const drawnCard = page.getByTestId('paddock-card').filter({ hasText: 'Paddock 3' });
  await expect(drawnCard.getByRole('heading', { level: 3 })).toHaveText(`Paddock 3 ${formatHectares(redrawnArea)}`);
  await expect(page.getByTestId('paddock-card').filter({ hasText: 'Home Paddock' }).getByRole('heading', { level: 3 })).toHaveText(`Home Paddock ${formatHectares(400)}`);
  await expect(page.getByTestId('paddock-card')).toHaveCount(4);
  await context.close();
});
