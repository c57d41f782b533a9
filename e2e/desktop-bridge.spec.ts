import { expect, type Page, test } from '@playwright/test';
import { type DesktopBridgeDouble, installDesktopBridge } from './desktop-bridge-double';
import { ADMIN, registerMember } from './support/accounts';


/** Signs in to the console; every API call of the page goes through the bridge. */
async function signInToConsole(page: Page) {
  await page.goto(`/auth/signin?callbackUrl=${encodeURIComponent('/admin/members')}`);
  await page.getByLabel('E-mail address').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin\/members$/);
  await expect(page.getByTestId('member-cache-status')).toContainText('Last synced');
}

let desktop: DesktopBridgeDouble;
test.beforeEach(async ({ context, baseURL }) => {
  desktop = await installDesktopBridge(context, baseURL!);
});
test.afterEach(() => desktop.dispose());

test('the console finds cached members while the server cannot be reached', async ({ page, request, baseURL }) => {
  const lastName = `Cacheton${Math.floor(Math.random() * 1e6)}`;
  const grower = await registerMember(request, baseURL!, 'Jo', lastName);
  await signInToConsole(page);
  await expect(page.getByRole('table', { name: 'Members, newest first' })).toContainText(grower.email);

  desktop.setOffline(true);
  await page.getByLabel('Name, e-mail or business').fill(lastName.toLowerCase());
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('alert')).toContainText('The console cannot reach the server');
  const cached = page.getByRole('table', { name: 'Cached members, newest first' });
  await expect(cached.getByRole('row')).toHaveCount(2);
  await expect(cached).toContainText(grower.name);
  await expect(cached).toContainText(grower.email);
  await expect(page.getByTestId('member-cache-status')).toContainText('Last synced');

  await page.getByLabel('Name, e-mail or business').fill('no grower has this name');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No cached member matches “no grower has this name”.')).toBeVisible();
});

test('support mode opens the customer’s quote in a session window, closed again on exit', async ({ page, request, baseURL }) => {
  const lastName = `Supportwin${Math.floor(Math.random() * 1e6)}`;
  const grower = await registerMember(request, baseURL!, 'Sam', lastName);
  await signInToConsole(page);
  await page.getByLabel('Name, e-mail or business').fill(lastName);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: `Enter support mode for ${grower.name}` }).click();
  await page.getByRole('button', { name: 'Open their quote in support mode' }).click();

  // The console stays on the members page; the customer's quote opens in its own window.
  await expect(page.getByRole('region', { name: 'Support mode' })).toContainText(grower.name);
  await expect(page).toHaveURL(/\/admin\/members$/);
  await expect.poll(() => desktop.supportWindows.length).toBe(1);
  const [window] = desktop.supportWindows;
  expect(window!.options.title).toBe(`Support: ${grower.name}`);
  await expect.poll(() => window!.page?.url()).toMatch(/\/quote\?support=true&customerId=[^&]+$/);
  await expect(window!.page!.getByTestId('support-banner')).toContainText(`working on the quote of ${grower.name}`);

  await page.getByRole('button', { name: 'Exit support mode' }).click();
  await expect(page.getByRole('region', { name: 'Support mode' })).toHaveCount(0);
  await expect.poll(() => window!.page!.isClosed()).toBe(true);
});
