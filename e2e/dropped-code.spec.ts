/**
 * A part of a page whose code loads on demand, on a connection that drops it (a country line): the
 * page still opens, the part's place says to refresh (docs/behaviour.md §8's display error), and
 * Refresh Page brings the part once the connection is back. The support bar's case is in
 * support-mode-bar.spec.ts, an alert's map in member-alerts.spec.ts, the member's soil map in
 * admin-soil.spec.ts.
 */
import { expect, test } from './support/fixtures';
import { registerMember, signedInContext } from './support/accounts';
import { DISPLAY_ERROR_TEXT, displayErrorIn, dropChunk } from './support/pages';
import { cunderdinQuote, submitQuote } from './support/quotes';
import { shootAtWidths } from './support/screenshots';
import { visitorToFarmStep } from './support/wizard';

test('the contact form’s code dropped: the home page opens, the form’s place says to refresh, and Refresh Page brings the form', async ({ page, context }) => {
  const dropped = await dropChunk(context, 'contact-form');
  await page.goto('/#contact');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('footer #contact').getByRole('alert')).toContainText(DISPLAY_ERROR_TEXT);
  await shootAtWidths(page, 'dropped-code', 'contact-form', { target: page.locator('footer #contact') });
  await dropped.restore();
  await page.getByRole('button', { name: 'Refresh Page' }).click();
  await expect(page.getByTestId('contact-form')).toBeVisible();
  await expect(displayErrorIn(page)).toHaveCount(0);
});

test('a referral link whose capture code is dropped still opens the home page, says to refresh, and keeps the code after Refresh Page', async ({ page, context }) => {
  const dropped = await dropChunk(context, 'referral-capture');
  await page.goto('/?ref=wheatbelt-ag');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(displayErrorIn(page)).toContainText(DISPLAY_ERROR_TEXT);
  await shootAtWidths(page, 'dropped-code', 'referral-link', { fullPage: false });
  await dropped.restore();
  await page.getByRole('button', { name: 'Refresh Page' }).click();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(displayErrorIn(page)).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In', exact: true }).click();
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByLabel('Referrer code (optional)')).toHaveValue('WHEATBELT-AG');
});

test('the farm map’s code dropped: the quote’s farm step says to refresh in the map’s place and keeps its buttons, and Refresh Page brings the map', async ({ page, context }) => {
  test.setTimeout(90_000);
  const dropped = await dropChunk(context, 'farm-mapping-panel');
  await visitorToFarmStep(page, `dropped-map-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@farm.example`);
  await expect(displayErrorIn(page)).toContainText(DISPLAY_ERROR_TEXT);
  await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
  await shootAtWidths(page, 'dropped-code', 'farm-step');
  await dropped.restore();
  await page.getByRole('button', { name: 'Refresh Page' }).click();
  await expect(page.getByTestId('farm-mapping')).toBeVisible();
  await expect(page.locator('.leaflet-container')).toBeVisible();
});

test('Your Farm with its maps’ code dropped: the paddocks stay in their table, each map’s place says to refresh, and Refresh Page brings the map', async ({ browser, baseURL }) => {
  const setup = await browser.newContext({ baseURL });
  const member = await registerMember(setup.request, baseURL!, 'Aroha', 'Offline');
  await setup.close();
  const context = await signedInContext(browser, baseURL!, member.email);
  await submitQuote(context.request, baseURL!, cunderdinQuote(member));
  const droppedMap = await dropChunk(context, 'paddock-map-canvas');
  const droppedEditor = await dropChunk(context, 'farm-map');
  const page = await context.newPage();
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Your Farm' }).click();
  await expect(page.getByRole('heading', { name: 'Your Farm', level: 1 })).toBeVisible();
  await expect(displayErrorIn(page.getByRole('region', { name: 'Map of your paddocks' }))).toContainText(DISPLAY_ERROR_TEXT);
  await expect(page.getByLabel('Name of paddock 1')).toHaveValue('Home Paddock');

  await page.getByRole('button', { name: 'Edit boundaries on the map' }).click();
  const editor = page.getByRole('region', { name: 'Boundaries' });
  await expect(displayErrorIn(editor)).toContainText(DISPLAY_ERROR_TEXT);
  await expect(editor.getByRole('button', { name: 'Done with the map' })).toBeVisible();
  await expect(page.getByLabel('Name of paddock 1')).toHaveValue('Home Paddock');
  await shootAtWidths(page, 'dropped-code', 'your-farm');

  await droppedMap.restore();
  await droppedEditor.restore();
  await displayErrorIn(editor).getByRole('button', { name: 'Refresh Page' }).click();
  await expect(page.getByRole('region', { name: 'Map of your paddocks' }).locator('path.leaflet-interactive')).toHaveCount(1);
  await expect(displayErrorIn(page)).toHaveCount(0);
});

test('a referral link on a slow line keeps its code when the visitor follows a link before the app’s code has arrived', async ({ page }) => {
  // The app's entry script takes four seconds to come, once: the page drawn at build time is read and its links followed meanwhile.
  let held = false;
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    if (!held) {
      held = true;
      await new Promise((resolve) => setTimeout(resolve, 4_000));
    }
    await route.continue();
  });
  await page.goto('/?ref=wheatbelt-ag', { waitUntil: 'commit' });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/auth\/signin$/);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByLabel('Referrer code (optional)')).toHaveValue('WHEATBELT-AG');
});
