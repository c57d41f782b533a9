/**
 * The member and broker dashboard in Chromium: a member who submitted a quote sees it under
 * Protection, lodges a claim with a photo and sees it listed with its status; a broker sees their
 * clients and no one else's. Set-up goes through the API (registration with the e-mailed code, the
 * submission, staff accepting it and setting the broker of record). Screenshots of every page at
 * phone and desktop width are written to .tmp/screenshots/dashboard/.
 */
import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import sharp from 'sharp';
import { registerMember, administratorContext, signedInContext, type RegisteredMember } from './support/accounts';
import { cunderdinQuote, submitQuote, acceptWithCoverStarted } from './support/quotes';
import { shootAtWidths } from './support/screenshots';
import { loseNextAnswer, slowUploads } from './support/pages';
import { squareOutline } from '../shared/domain/geo/testing/square-outline';

/** A camera-sized photo: 2000 × 1500 pixels of wheat-stubble colour. */
const cameraPhoto = () =>
  sharp({ create: { width: 2000, height: 1500, channels: 3, background: { r: 196, g: 164, b: 96 } } })
    .jpeg({ quality: 90 })
    .toBuffer();

test.describe.configure({ mode: 'serial' });

const shoot = (page: Page, name: string) => shootAtWidths(page, 'dashboard', name);

let member: RegisteredMember;
let broker: RegisteredMember;
let neighbour: RegisteredMember;

test.beforeAll(async ({ browser, baseURL }) => {
  const base = baseURL!;
  const setup = await browser.newContext({ baseURL: base });
  member = await registerMember(setup.request, base, 'Robin', 'Wheatley');
  await setup.close();
  const brokerSetup = await browser.newContext({ baseURL: base });
  broker = await registerMember(brokerSetup.request, base, 'Bea', 'Broker');
  await brokerSetup.close();
  const neighbourSetup = await browser.newContext({ baseURL: base });
  neighbour = await registerMember(neighbourSetup.request, base, 'Nell', 'Neighbour');
  await neighbourSetup.close();

  const admin = await administratorContext(browser, base);
  const roles = async (id: string, data: object) => expect((await admin.request.put(`/api/admin/users/${id}/roles`, { data, headers: { Origin: base } })).status()).toBe(200);
  // Bea is Robin's broker; the administrator (also a broker here) is the neighbour's: another broker's client.
  await roles(broker.id, { isBroker: true });
  await roles((await (await admin.request.get('/api/user')).json()).user.id, { isBroker: true });
  await roles(member.id, { brokerId: broker.id });
  await roles(neighbour.id, { brokerId: (await (await admin.request.get('/api/user')).json()).user.id });
  await admin.close();
});

test('a member sees their submitted quote under Protection, lodges a claim with a photo seeing how far it has gone, adds another and sees its status', async ({ browser, baseURL, administrator }) => {
  // Seven pages, each photographed at two widths.
  test.setTimeout(180_000);
  const base = baseURL!;
  const context = await signedInContext(browser, base, member.email);
  const page = await context.newPage();

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'No protection for this season yet' })).toBeVisible();
  await shoot(page, 'empty-dashboard');
  await page.goto('/dashboard/claims');
  await expect(page.getByRole('heading', { name: 'No claims lodged' })).toBeVisible();
  await shoot(page, 'empty-claims');

  const application = await submitQuote(
    context.request,
    base,
    cunderdinQuote(member, [
      { id: 'p1', name: 'Home Paddock', area: 400, crop: 'wheat', variety: 'Scepter', geometry: squareOutline(117.2, -31.6, 0.02) },
      { id: 'p2', name: 'Creek Flat', area: 160, userDefinedArea: 150, crop: 'canola', geometry: squareOutline(117.23, -31.6, 0.015) },
    ]),
  );

  await page.goto('/dashboard/protection');
  const card = page.getByTestId('protection-card');
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('heading')).toContainText('Hail, Fire & Lightning');
  await expect(card.getByTestId('status')).toHaveText('Submitted');

  // Staff accept the application and start its cover; invoices follow acceptance, claims the cover.
  const admin = await signedInContext(browser, base, administrator.email, administrator.password);
  await acceptWithCoverStarted(admin.request, base, application.id);
  await admin.close();

  await page.reload();
  await expect(card.getByTestId('status')).toHaveText('Protected');
  await card.getByText(/Paddocks, crops and hurdles/).click();
  await expect(card.getByRole('cell', { name: 'Home Paddock' })).toBeVisible();
  await shoot(page, 'protection');

  // To Claims by the dashboard's menu, as a grower goes after a storm.
  await page.getByRole('navigation').getByRole('link', { name: 'Claims', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/claims$/);
  await page.getByRole('button', { name: 'Lodge a claim' }).click();
  await page.getByLabel('Hail', { exact: true }).check();
  await page.getByLabel('Estimated loss ($)').fill('12000');
  await page.getByRole('checkbox', { name: /Home Paddock/ }).check();
  await expect(page.getByText('How your hurdle applies')).toBeVisible();
  await page.getByLabel('What happened?').fill('A hail front came through at 4 pm and stripped heads along the northern half.');
  await page.getByLabel('Photos of the damage').setInputFiles({ name: 'hail-damage.jpg', mimeType: 'image/jpeg', buffer: await cameraPhoto() });
  await shoot(page, 'lodge-claim');
  // The claim reaches us but the answer is lost on the way back (a farm's connection dropping): the
  // form says so and keeps everything; sent again, the claim is kept once (the form's Idempotency-Key).
  const lodging = await loseNextAnswer(page, 'POST', '/api/claims');
  await page.getByRole('button', { name: 'Lodge claim' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Network error. Please check your connection and try again.' })).toBeVisible();
  expect(await lodging.lostStatus).toBe(201);
  await expect(page.getByText('hail-damage.jpg (17 KB)')).toBeVisible();
  // On a farm's mobile connection the photos take a while: the form says how far they have gone.
  const farmConnection = await slowUploads(page, 4 * 1024);
  await page.getByRole('button', { name: 'Lodge claim' }).click();
  const sending = page.getByRole('progressbar', { name: 'Sending the claim and its photos' });
  await expect(sending).toBeVisible();
  await expect(page.getByText(/^\d+ (B|KB) of \d+ KB sent$/)).toBeVisible();
  await shoot(page, 'lodge-claim-sending');
  await farmConnection.restore();

  await expect(page.getByRole('status').filter({ hasText: /Claim CLM-\d{4}-\d{5} is lodged/ })).toBeVisible();
  await expect(sending).toHaveCount(0);
  const claim = page.getByTestId('claim-card');
  await expect(claim).toHaveCount(1);
  await expect(claim.getByTestId('status').first()).toHaveText('Lodged');
  await expect(claim.getByRole('img', { name: 'Damage photo hail-damage.jpg' })).toBeVisible();
  // The thumbnail is the 640-pixel copy (docs/behaviour.md §9's smallest width), not the camera's 2000 pixels.
  const thumbnail = claim.getByRole('img', { name: 'Damage photo hail-damage.jpg' });
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await thumbnail.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).search)).toBe('?w=640&q=75');
  await shoot(page, 'claims');

  // The claim is listed again after a reload, from the server.
  await page.reload();
  await expect(page.getByTestId('claim-card').getByTestId('status').first()).toHaveText('Lodged');

  // More photos on the open claim, a camera's own file (server/src/modules/files/fixtures/published/SOURCES.md), at a farm's speed.
  const farmConnectionAgain = await slowUploads(page, 32 * 1024);
  await page.getByTestId('claim-card').locator('input[type="file"]').setInputFiles('server/src/modules/files/fixtures/published/nikon-coolpix-gps-DSCN0010.jpg');
  const sendingMore = page.getByRole('progressbar', { name: 'Sending the photos' });
  await expect(sendingMore).toBeVisible();
  await shoot(page, 'adding-photos');
  await farmConnectionAgain.restore();
  await expect(page.getByTestId('claim-card').getByRole('img', { name: 'Damage photo nikon-coolpix-gps-DSCN0010.jpg' })).toBeVisible();
  await expect(sendingMore).toHaveCount(0);

  // A message whose answer is lost on the way back (the server kept it): pressed again, it is there once.
  const message = await loseNextAnswer(page, 'POST', '/messages');
  const claimCard = page.getByTestId('claim-card');
  await claimCard.getByLabel('Write to the claims team').fill('The assessor can reach the paddock by the east gate.');
  await claimCard.getByRole('button', { name: 'Send message' }).click();
  await expect(claimCard.getByRole('alert').filter({ hasText: 'Network error. Please check your connection and try again.' })).toBeVisible();
  expect(await message.lostStatus).toBe(201);
  await claimCard.getByRole('button', { name: 'Send message' }).click();
  await expect(claimCard.getByLabel('Write to the claims team')).toHaveValue('');
  await page.reload();
  await expect(page.getByTestId('claim-card').getByText('The assessor can reach the paddock by the east gate.')).toHaveCount(1);

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Protection by paddock' })).toBeVisible();
  await shoot(page, 'dashboard');
  await page.goto('/dashboard/payments');
  await expect(page.getByTestId('invoice-card')).toHaveCount(2);
  await shoot(page, 'payments');
  await page.goto('/dashboard/paddocks');
  await expect(page.getByRole('heading', { name: 'Your Farm' })).toBeVisible();
  await expect(page.getByLabel('Name of paddock 1')).toHaveValue('Home Paddock');
  await shoot(page, 'farm');
  await page.goto('/dashboard/reports');
  await expect(page.getByRole('heading', { name: 'By crop' })).toBeVisible();
  await shoot(page, 'reports');
  await page.goto('/dashboard/settings');
  await expect(page.getByLabel('First name')).toHaveValue('Robin');
  await expect(page.getByTestId('sessions-list')).toContainText('This device');
  await shoot(page, 'settings');
  await context.close();
});

test('a broker sees their clients and no one else’s', async ({ browser, baseURL }) => {
  const context = await signedInContext(browser, baseURL!, broker.email);
  const page = await context.newPage();
  await page.goto('/dashboard/paddocks');
  await expect(page.getByRole('heading', { name: 'Your Clients', level: 1 })).toBeVisible();
  const clients = page.getByTestId('client-card');
  await expect(clients).toHaveCount(1);
  await expect(clients.first().getByRole('heading')).toHaveText('Robin Wheatley');
  await expect(page.getByText('Nell Neighbour')).toHaveCount(0);
  await shoot(page, 'broker-clients');

  // The broker opens the client's claims through the client bar.
  await page.goto('/dashboard/claims');
  await page.getByLabel('Showing records of').selectOption({ label: 'Robin Wheatley' });
  await expect(page.getByTestId('claim-card').getByTestId('status').first()).toHaveText('Lodged');
  await shoot(page, 'broker-client-claims');

  // Someone else's client is refused by the server.
  const refused = await context.request.get(`/api/claims?memberId=${neighbour.id}`);
  expect(refused.status()).toBe(403);
  await context.close();
});

test('a page shows its error state when the server fails, and Try again recovers', async ({ browser, baseURL }) => {
  // A member of its own, so the test stands without the invoices of the tests before it.
  const setup = await browser.newContext({ baseURL: baseURL! });
  const newcomer = await registerMember(setup.request, baseURL!, 'Erin', 'Newcomer');
  await setup.close();
  const context = await signedInContext(browser, baseURL!, newcomer.email);
  const page = await context.newPage();
  let fail = true;
  await page.route('**/api/invoices', (route) =>
    fail ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: 'unavailable', message: 'The server is busy. Please try again in a moment.' }) }) : route.continue(),
  );
  await page.goto('/dashboard/payments');
  const alert = page.getByRole('alert');
  await expect(alert.getByRole('heading', { name: 'Invoices could not be loaded' })).toBeVisible();
  await expect(alert).toContainText('The server is busy. Please try again in a moment.');
  await shoot(page, 'error-payments');
  fail = false;
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Nothing to pay yet' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await context.close();
});
