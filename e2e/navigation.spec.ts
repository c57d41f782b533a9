/**
 * Finding one's way, as staff and growers do it by labels: the admin menu's Applications, Alerts and
 * Pricing Model, several groups open on a laptop and one at a time on a phone; a member's one
 * navigation; the keyboard's way past the menu and onto the page a link opened; moving from the
 * Dashboard to Protection while its map still zooms logs no error; a
 * warning the size of a region draws the member's paddock as its outline. Screenshots at 390 and
 * 1366 px go to .tmp/screenshots/navigation/.
 */
import { randomUUID } from 'node:crypto';
import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { signedInContext } from './support/accounts';
import { growerWithSubmittedQuote } from './support/quotes';
import { saveScreenshot } from './support/screenshots';
import { postHailWarning } from './support/alerts';
import { collectErrors } from './support/pages';

const SHOTS = '.tmp/screenshots/navigation';
const LAPTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

async function shoot(page: Page, name: string) {
  await saveScreenshot(page, { path: `${SHOTS}/${name}-${page.viewportSize()!.width}.png`, fullPage: true });
}

test('staff find Applications, Alerts and the Pricing Model in the menu, with groups open side by side on a laptop and one at a time on a phone', async ({ browser, baseURL, administrator }) => {
  const context = await signedInContext(browser, baseURL!, administrator.email, administrator.password);
  const page = await context.newPage();
  await page.setViewportSize(LAPTOP);
  await page.goto('/admin/dashboard');
  const menu = page.getByRole('navigation', { name: 'Administration' });
  await menu.getByRole('button', { name: 'Core Operations' }).click();
  await menu.getByRole('link', { name: 'Applications' }).click();
  await expect(page).toHaveURL(/\/admin\/applications$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Applications');
  await expect(page).toHaveTitle('Applications | Grain Growers Mutual');

  // A second group opens beside the first.
  await menu.getByRole('button', { name: 'Tools' }).click();
  await expect(menu.getByRole('button', { name: 'Core Operations' })).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('button', { name: 'Tools' })).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('list', { name: 'Tools' }).getByRole('link', { name: 'Calculator Settings' })).toBeVisible();
  await shoot(page, 'admin-menu');

  await menu.getByRole('list', { name: 'Core Operations' }).getByRole('link', { name: 'Pricing Model' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pricing model');
  await expect(page).toHaveTitle('Pricing model | Grain Growers Mutual');
  await menu.getByRole('list', { name: 'Core Operations' }).getByRole('link', { name: 'Alerts' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Alerts');
  // Where the SPEC lists it, too.
  await menu.getByRole('button', { name: 'User Analytics and Tracking' }).click();
  await expect(menu.getByRole('list', { name: 'User Analytics and Tracking' }).getByRole('link', { name: 'Alerts' })).toHaveAttribute('aria-current', 'page');

  // On a phone the folded menu keeps one group open at a time.
  await page.setViewportSize(PHONE);
  await page.goto('/admin/applications');
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(menu.getByRole('button', { name: 'Core Operations' })).toHaveAttribute('aria-expanded', 'true');
  await menu.getByRole('button', { name: 'Tools' }).click();
  await expect(menu.getByRole('button', { name: 'Core Operations' })).toHaveAttribute('aria-expanded', 'false');
  await expect(menu.getByRole('button', { name: 'Tools' })).toHaveAttribute('aria-expanded', 'true');
  await shoot(page, 'admin-menu');
  await context.close();
});

test('a member has one navigation on a laptop, and leaving the dashboard while its map zooms logs no error', async ({ browser, baseURL }) => {
  const { context, page } = await growerWithSubmittedQuote(browser, baseURL!, 'Nova', 'Navigator');
  const errors = collectErrors(page);
  // The page's timers run on a clock the test can move on, so "after the zoom's timer" is a step, not a wait.
  await page.clock.install();
  await page.setViewportSize(LAPTOP);
  await page.goto('/dashboard');
  await expect(page.getByRole('navigation', { name: 'Sections' })).toHaveCount(0);
  const menu = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(menu.getByRole('link')).toHaveText(['Dashboard', 'Protection', 'Claims', 'Payments', 'Your Farm', 'Reports', 'Settings']);

  // The grower zooms out to see the paddock's surroundings and moves on at once, inside the zoom's quarter second.
  const map = page.getByRole('region', { name: 'Map of your protected paddocks' });
  await expect(map.locator('path.leaflet-interactive')).toHaveCount(1);
  await shoot(page, 'member-dashboard');
  await map.getByRole('button', { name: 'Zoom out' }).click();
  await menu.getByRole('link', { name: 'Protection' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Protection');
  // Past Leaflet's zoom timer, which threw "reading '_leaflet_pos'" on the removed map.
  await page.clock.runFor(600);
  expect(errors).toEqual([]);

  // Back and forth by the menu, as a person clicks through.
  for (let round = 0; round < 3; round += 1) {
    await menu.getByRole('link', { name: 'Dashboard' }).click();
    await map.getByRole('button', { name: 'Zoom in' }).click();
    await menu.getByRole('link', { name: 'Protection' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Protection');
  }
  await page.clock.runFor(600);
  expect(errors).toEqual([]);
  await context.close();
});

test('with the keyboard, staff and growers skip the menu to the page, and a link followed from the menu lands them on the page it opened', async ({ browser, baseURL, administrator }) => {
  test.setTimeout(120_000);
  const staff = await signedInContext(browser, baseURL!, administrator.email, administrator.password);
  const page = await staff.newPage();
  const settled = () => expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  await page.setViewportSize(LAPTOP);
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Admin Dashboard');
  await settled();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);

  // The menu's link, followed from the keyboard: the page's heading has the focus, not the menu.
  const menu = page.getByRole('navigation', { name: 'Administration' });
  await menu.getByRole('button', { name: 'Core Operations' }).click();
  await menu.getByRole('link', { name: 'Applications' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeFocused();
  await expect(page).toHaveTitle('Applications | Grain Growers Mutual');
  await settled();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
  await staff.close();

  const grower = await growerWithSubmittedQuote(browser, baseURL!, 'Kit', 'Keyboard');
  await grower.page.setViewportSize(LAPTOP);
  await grower.page.goto('/dashboard');
  await expect(grower.page.getByRole('heading', { level: 1 })).toBeVisible();
  await grower.page.keyboard.press('Tab');
  await expect(grower.page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await grower.page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Claims' }).focus();
  await grower.page.keyboard.press('Enter');
  await expect(grower.page.getByRole('heading', { level: 1, name: 'Claims' })).toBeFocused();
  await grower.context.close();
});

test('a warning the size of a region shows the member’s paddock as its outline, not a dot', async ({ browser, baseURL, administrator }) => {
  const base = baseURL!;
  const { context, page } = await growerWithSubmittedQuote(browser, base, 'Olive', 'Outline');
  const admin = await signedInContext(browser, base, administrator.email, administrator.password);
  // 150 km across, over the Home Paddock (2 km square at 117.20–117.22 E, 31.58–31.60 S).
  const title = `Severe thunderstorm warning for large hail: Wheatbelt ${randomUUID().slice(0, 8)}`;
  await postHailWarning(admin.request, base, title, [
    [116.4, -32.3],
    [118.0, -32.3],
    [118.0, -30.9],
    [116.4, -30.9],
    [116.4, -32.3],
  ]);
  await admin.close();

  for (const size of [PHONE, LAPTOP]) {
    await page.setViewportSize(size);
    await page.goto('/dashboard/alerts');
    const alert = page.getByRole('article', { name: `Hail: ${title}` });
    const map = alert.getByRole('region', { name: 'Map of the event’s area and the 1 matched paddock outline' });
    await expect(map.locator('path.leaflet-interactive')).toHaveCount(2);
    // The paddock's outline (drawn last, over the event) is a shape a grower can recognise: over a hundred pixels a side.
    await expect
      .poll(async () => {
        const box = await map.locator('path.leaflet-interactive').last().boundingBox();
        return Math.min(box?.width ?? 0, box?.height ?? 0);
      })
      .toBeGreaterThan(100);
    await shoot(page, 'member-alert-map');
  }
  await context.close();
});
