import { readFileSync } from 'node:fs';
import { type Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './support/fixtures';
import type { DesktopBridge } from '../electron/preload/bridge-types';
import { type DesktopBridgeDouble, installDesktopBridge } from './desktop-bridge-double';
import { type RegisteredMember, registerMember, signedInContext, signInThroughPage } from './support/accounts';
import { cunderdinQuote, submitQuote, acceptWithCoverStarted } from './support/quotes';
import { openSupportModeChooser } from './support/members';

/** Signs in to the console; every API call of the page goes through the bridge. */
async function signInToConsole(page: Page, administrator: RegisteredMember) {
  await page.goto(`/auth/signin?callbackUrl=${encodeURIComponent('/admin/members')}`);
  await page.getByLabel('E-mail address').fill(administrator.email);
  await page.getByLabel('Password').fill(administrator.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin\/members$/);
  await expect(page.getByTestId('member-cache-status')).toContainText('Last synced');
}

let desktop: DesktopBridgeDouble;
test.beforeEach(async ({ context, baseURL }) => {
  desktop = await installDesktopBridge(context, baseURL!);
});
test.afterEach(() => desktop.dispose());

test('the console finds cached members while the server cannot be reached', async ({ page, request, baseURL, administrator }) => {
  const lastName = `Cacheton${Math.floor(Math.random() * 1e6)}`;
  const grower = await registerMember(request, baseURL!, 'Jo', lastName);
  await signInToConsole(page, administrator);
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

test('without secure storage on the computer the console keeps no members, and says so', async ({ page, request, baseURL, administrator }) => {
  const grower = await registerMember(request, baseURL!, 'Kit', `Nokeyring${Math.floor(Math.random() * 1e6)}`);
  desktop.setSecureStorage(false);
  await signInThroughPage(page, '/admin/members', administrator);
  await expect(page.getByRole('table', { name: 'Members, newest first' })).toContainText(grower.email);
  await expect(page.getByTestId('member-cache-status')).toHaveText(
    'Members are not kept on this computer: it offers no secure storage to encrypt them, so the console cannot show members while the server is out of reach.',
  );
  desktop.setOffline(true);
  await page.getByLabel('Name, e-mail or business').fill(grower.lastName);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('alert')).toContainText('The console cannot reach the server');
  await expect(page.getByText('No members are cached on this computer.').or(page.getByText(`No cached member matches “${grower.lastName}”.`))).toBeVisible();
});

test('a frame inside the console cannot use the bridge; the console’s own window can', async ({ page }) => {
  await page.goto('/about');
  expect(await page.evaluate(() => (window as unknown as { desktop: DesktopBridge }).desktop.request({ method: 'GET', path: '/api/health' }).then((response) => response.status))).toBe(200);
  await page.evaluate(() => {
    const frame = document.createElement('iframe');
    frame.src = '/faq';
    document.body.append(frame);
  });
  const child = page.frames().find((frame) => frame !== page.mainFrame()) ?? (await page.waitForEvent('frameattached'));
  await child.waitForLoadState();
  const refusal = await child.evaluate(() =>
    (window as unknown as { desktop: DesktopBridge }).desktop.request({ method: 'GET', path: '/api/health' }).then(
      () => 'answered',
      (error: Error) => error.message,
    ),
  );
  expect(refusal).toContain("Refused: api:request was called from a frame that is not the console's own window.");
});

test('support mode opens the customer’s dashboard in a session window, closed again on exit', async ({ page, request, baseURL, administrator }) => {
  const lastName = `Supportwin${Math.floor(Math.random() * 1e6)}`;
  const grower = await registerMember(request, baseURL!, 'Sam', lastName);
  await signInToConsole(page, administrator);
  await openSupportModeChooser(page, lastName, grower.name);
  await page.getByRole('button', { name: 'Open their dashboard in support mode' }).click();

  // The console stays on the members page; the customer's dashboard opens in its own window.
  await expect(page.getByRole('region', { name: 'Support mode' })).toContainText(grower.name);
  await expect(page).toHaveURL(/\/admin\/members$/);
  await expect.poll(() => desktop.supportWindows.length).toBe(1);
  const [window] = desktop.supportWindows;
  expect(window!.options.title).toBe(`Support: ${grower.name}`);
  await expect.poll(() => window!.page?.url()).toMatch(/\/dashboard$/);
  await expect(window!.page!.getByRole('heading', { level: 1 })).toHaveText(grower.name);
  await window!.page!.getByRole('region', { name: 'Support mode' }).getByRole('link', { name: 'Their quote' }).click();
  await expect(window!.page!.getByTestId('support-banner')).toContainText(`working on the quote of ${grower.name}`);

  await page.getByRole('button', { name: 'Exit support mode' }).click();
  await expect(page.getByRole('region', { name: 'Support mode' })).toHaveCount(0);
  await expect.poll(() => window!.page!.isClosed()).toBe(true);
});

/** A real 1×1 JPEG. */
const PHOTO = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

test('claim photos upload and show, and PDFs and CSV download, all through the console’s transport', async ({ browser, page, request, baseURL, administrator }) => {
  const base = baseURL!;
  const grower = await registerMember(request, base, 'Hal', `Hailstone${Math.floor(Math.random() * 1e6)}`);
  const application = await submitQuote(request, base, cunderdinQuote(grower));
  const admin = await signedInContext(browser, base, administrator.email, administrator.password);
  await acceptWithCoverStarted(admin.request, base, application.id);
  await admin.close();

  await signInThroughPage(page, '/dashboard/claims', grower);

  // Upload: the claim and its photo go to the server as a multipart form through the bridge.
  await page.getByRole('button', { name: 'Lodge a claim' }).click();
  await page.getByLabel('Hail', { exact: true }).check();
  await page.getByLabel('Estimated loss ($)').fill('12000');
  await page.getByRole('checkbox', { name: /Home Paddock/ }).check();
  await page.getByLabel('What happened?').fill('Hail stripped the heads along the northern half.');
  await page.getByLabel('Photos of the damage').setInputFiles({ name: 'hail-damage.jpg', mimeType: 'image/jpeg', buffer: PHOTO });
  await page.getByRole('button', { name: 'Lodge claim' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Claim CLM-\d{4}-\d{5} is lodged/ })).toBeVisible();
  expect(desktop.calls).toContainEqual({ method: 'POST', path: '/api/claims', form: true, responseType: 'json' });
  // While it went, the main process told the page how much had gone of how much (the form's bar says so), to the end.
  const sent = desktop.progress.filter((progress) => 'sentBytes' in progress);
  expect(sent.length).toBeGreaterThan(0);
  expect(sent.at(-1)).toMatchObject({ sentBytes: sent.at(-1)!.totalBytes });
  expect(sent.at(-1)!.totalBytes).toBeGreaterThan(PHOTO.byteLength);

  // The photo shows, from a blob: URL filled through the bridge (the page itself reaches no /api/ URL).
  const photo = page.getByTestId('claim-card').getByRole('img', { name: 'Damage photo hail-damage.jpg' });
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  expect(await photo.getAttribute('src')).toMatch(/^blob:/);
  expect(desktop.calls).toContainEqual(expect.objectContaining({ method: 'GET', path: expect.stringMatching(/^\/api\/files\/[^/]+/), responseType: 'bytes' }));

  // A second photo (another picture: the same bytes again would be kept once) added to the lodged claim shows too.
  const secondPhoto = await sharp({ create: { width: 1, height: 1, channels: 3, background: { r: 138, g: 170, b: 102 } } })
    .jpeg()
    .toBuffer();
  await page.getByTestId('claim-card').locator('input[type="file"]').setInputFiles({ name: 'second-look.jpg', mimeType: 'image/jpeg', buffer: secondPhoto });
  const second = page.getByTestId('claim-card').getByRole('img', { name: 'Damage photo second-look.jpg' });
  await expect.poll(() => second.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

  // The tax invoice PDF downloads through the bridge, under the server's name for it.
  await page.goto('/dashboard/payments');
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Tax invoice (PDF)' }).first().click()]);
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  expect(
    readFileSync(await pdf.path())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');
  expect(desktop.calls).toContainEqual(expect.objectContaining({ method: 'GET', path: expect.stringMatching(/^\/api\/invoices\/[^/]+\/pdf$/), responseType: 'bytes' }));

  // The season report CSV downloads through the bridge.
  await page.goto('/dashboard/reports');
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
  expect(csv.suggestedFilename()).toMatch(new RegExp(`^season-report-${grower.lastName.toLowerCase()}-.+\\.csv$`));
  expect(readFileSync(await csv.path(), 'utf8')).toContain('Home Paddock');
  expect(desktop.calls).toContainEqual(expect.objectContaining({ method: 'GET', path: expect.stringMatching(/^\/api\/reports\/season\.csv(\?|$)/), responseType: 'bytes' }));
  // While it came, the main process told the page how much had come (the link says so), to the last byte.
  expect(desktop.progress.at(-1)).toMatchObject({ receivedBytes: readFileSync(await csv.path()).byteLength });
});
