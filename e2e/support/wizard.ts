import { expect, type Locator, type Page } from '@playwright/test';
import { codeFromOutbox } from './outbox';
import { nextFrames } from './pages';

/** The wizard's first step filled in, as a grower near Merredin would (the address and name can be given). */
export async function fillPersonalDetails(page: Page, email: string, { firstName = 'Jo', lastName = 'Wheatley', postalAddress = 'PO Box 12, Merredin WA 6415' } = {}) {
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill(lastName);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Phone').fill('0412 345 678');
  await page.getByLabel('Postal address').fill(postalAddress);
}

/** A new visitor through the account steps (details, e-mailed code, password, disclosures, get started) to the farm map. */
export async function visitorToFarmMapping(page: Page, email: string) {
  await visitorToFarmStep(page, email);
  await expect(page.getByTestId('farm-mapping')).toBeVisible();
  await expect(page.locator('.leaflet-container')).toBeVisible();
}

/** A new visitor through the account steps to the farm step, whatever its map then shows. */
export async function visitorToFarmStep(page: Page, email: string) {
  await page.goto('/quote');
  await fillPersonalDetails(page, email);
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByLabel('6-digit code').fill(await codeFromOutbox(email));
  await page.getByRole('button', { name: 'Verify' }).click();

  await page.getByLabel('Password', { exact: true }).fill('paddocks and fences in the wheatbelt');
  await page.getByLabel('Type the password again').fill('paddocks and fences in the wheatbelt');
  await page.getByRole('button', { name: 'Create account' }).click();

  const statements = page.getByRole('group', { name: 'Please confirm each of these' }).getByRole('checkbox');
  await expect(statements.first()).toBeVisible();
  for (const box of await statements.all()) await box.check();
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByLabel('Farm address or nearest town').fill('Merredin');
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** Draws one paddock with geoman's polygon tool: four clicks right of and below the map's middle. */
export async function drawPaddock(page: Page) {
  // The middle of the map in the middle of the window, clear of the sticky step buttons. The
  // wizard's smooth scroll to the top after a step change may still be running, so check it held.
  const map = page.locator('.leaflet-container');
  const viewportHeight = page.viewportSize()!.height;
  await expect(async () => {
    await map.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }));
    await nextFrames(page);
    const middle = await map.evaluate((element) => element.getBoundingClientRect().top + element.getBoundingClientRect().height / 2);
    expect(Math.abs(middle - viewportHeight / 2)).toBeLessThan(40);
  }).toPass({ timeout: 10_000 });
  await page.locator('.leaflet-pm-icon-polygon').first().click();
  const box = (await map.boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  // Right of and below the middle: clear of the toolbar and its Finish / Cancel buttons.
  const corners: Array<[number, number]> = [
    [-10, 10],
    [110, 10],
    [120, 100],
    [0, 110],
  ];
  for (const [dx, dy] of corners) await page.mouse.click(cx + dx, cy + dy);
  await page.mouse.click(cx + corners[0]![0], cy + corners[0]![1]);
}

/**
 * Chooses a boundary file on the farm map and answers its preview once the preview has taken focus:
 * taking it scrolls the page to the preview's heading, which would move a button being clicked.
 */
export async function importBoundaryFile(page: Page, file: Parameters<Locator['setInputFiles']>[0], fileName: string): Promise<Locator> {
  await page.getByLabel('Import boundaries').setInputFiles(file);
  const preview = page.getByRole('region', { name: `Check the shapes in ${fileName}` });
  await expect(preview.getByRole('heading', { level: 3 })).toBeFocused();
  return preview;
}

/** Finds the farm near Merredin with the map's offline gazetteer, and waits for its risk zone. */
export async function findFarmNearMerredin(page: Page) {
  await page.getByRole('combobox', { name: 'Find your farm' }).fill('merred');
  await page.getByRole('option', { name: /Merredin WA 6415/ }).click();
  await expect(page.getByTestId('risk-zone')).toContainText('Your risk zone:');
}

/** Adds a paddock without drawing it: its name and the hectares the grower knows. */
export async function addTypedPaddock(page: Page, name: string, hectares: number) {
  await page.getByRole('group', { name: 'Add a paddock without drawing' }).getByLabel('Paddock name').fill(name);
  await page.getByLabel('Area (hectares)').fill(String(hectares));
  await page.getByLabel('Area (hectares)').press('Enter');
}

/** On the crops step, wheat on the one paddock at 2.5 t/ha and $340/t, then 'See my estimate'. */
export async function wheatToEstimate(page: Page) {
  await page.getByTestId('paddock-card').getByLabel('Crop', { exact: true }).selectOption('wheat');
  const wheat = page.getByRole('group', { name: 'wheat' });
  await wheat.getByLabel('Expected yield (t/ha)').fill('2.5');
  await wheat.getByLabel('Price ($/t)').fill('340');
  await page.getByRole('button', { name: 'See my estimate' }).click();
}
