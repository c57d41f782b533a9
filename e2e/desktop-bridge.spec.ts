import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { e2eOutboxDir } from '../playwright.config';
import { type DesktopBridgeDouble, installDesktopBridge } from './desktop-bridge-double';

const ADMIN = { email: 'admin@grainmutual.example', password: 'e2e-admin-password-long' };

/** The 6-digit code of the newest e-mail to this address in the server's outbox. */
async function codeFromOutbox(address: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(() => {
      for (const file of existsSync(e2eOutboxDir) ? readdirSync(e2eOutboxDir).sort().reverse() : []) {
        const text = readFileSync(join(e2eOutboxDir, file), 'utf8').replace(/=\r?\n/g, '');
        if (text.includes(`To: ${address}`)) code = /code to verify this e-mail address is (\d{6})/.exec(text)?.[1];
        if (code) return code;
      }
      return undefined;
    })
    .toMatch(/^\d{6}$/);
  return code!;
}

/** A grower registered through the API, as through the forms (same-origin proof by Origin). */
async function registerMember(request: APIRequestContext, baseURL: string, firstName: string, lastName: string) {
  const email = `${firstName.toLowerCase()}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const headers = { Origin: baseURL };
  await request.post('/api/auth/email-verification/send', { headers, data: { email, firstName, lastName } });
  const verified = await request.post('/api/auth/email-verification/verify', { headers, data: { email, code: await codeFromOutbox(email) } });
  const { verificationToken } = (await verified.json()) as { verificationToken: string };
  const registered = await request.post('/api/auth/register', { headers, data: { firstName, lastName, email, phone: '0412 345 678', password: 'header paddock stubble season', verificationToken } });
  expect(registered.ok(), await registered.text()).toBe(true);
  return { email, name: `${firstName} ${lastName}` };
}

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
