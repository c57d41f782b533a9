/**
 * A broker keeps the client (issue 'One lifecycle people can finish', point 6), in Chromium at 390
 * and 1366 px: after choosing "Showing records of: Jess Whitfield" the broker moves through every
 * page of the member area by the menu and by the pages' own links, reloads, and goes back, and each
 * page still shows Jess's records (her open claim among them) with ?member= in the address, but
 * Settings, which are the broker's own and say so; choosing "Your own account" takes it away. Set-up goes through the API: registration with the e-mailed
 * code, Jess's application, staff starting her cover and recording Bea as her broker, and Jess's
 * claim. Screenshots go to .tmp/screenshots/broker-client/.
 */
import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { registerMember, administratorContext, signedInContext, type RegisteredMember } from './support/accounts';
import { acceptWithCoverStarted, cunderdinQuote, submitQuote } from './support/quotes';
import { saveScreenshot } from './support/screenshots';

const SHOTS = '.tmp/screenshots/broker-client';

let broker: RegisteredMember;
let jess: RegisteredMember;
let claimReference: string;

test.beforeAll(async ({ browser, baseURL }) => {
  const base = baseURL!;
  const brokerSetup = await browser.newContext({ baseURL: base });
  broker = await registerMember(brokerSetup.request, base, 'Bea', 'Keeper');
  await brokerSetup.close();
  const setup = await browser.newContext({ baseURL: base });
  jess = await registerMember(setup.request, base, 'Jess', 'Whitfield');
  const application = await submitQuote(setup.request, base, cunderdinQuote(jess));

  const admin = await administratorContext(browser, base);
  await acceptWithCoverStarted(admin.request, base, application.id);
  const roles = async (id: string, data: object) => expect((await admin.request.put(`/api/admin/users/${id}/roles`, { data, headers: { Origin: base } })).status()).toBe(200);
  await roles(broker.id, { isBroker: true });
  await roles(jess.id, { brokerId: broker.id });
  await admin.close();

  const { protections } = (await (await setup.request.get('/api/dashboard/protections')).json()) as { protections: Array<{ paddocks: Array<{ id: string; priced: boolean }> }> };
  const lodged = await setup.request.post('/api/claims', {
    headers: { Origin: base },
    multipart: {
      applicationId: application.id,
      peril: 'hail',
      eventDate: new Date().toLocaleDateString('en-CA', { timeZone: 'Australia/Perth' }),
      affectedPaddockIds: protections[0]!.paddocks.find((paddock) => paddock.priced)!.id,
      estimatedLossDollars: '12000',
      description: 'Hail flattened the wheat along the creek line.',
    },
  });
  expect(lodged.status(), await lodged.text()).toBe(201);
  claimReference = ((await lodged.json()) as { claim: { reference: string } }).claim.reference;
  await setup.close();
});

/** 56rem at the browser's 16 px: below it the menu folds away behind the Menu button. */
const MENU_FOLDS_BELOW_PX = 896;

/** The menu's link, opened first behind the Menu button where the width folds it away. */
async function openFromMenu(page: Page, label: string) {
  const menu = page.getByRole('navigation', { name: 'Dashboard' });
  if ((page.viewportSize()?.width ?? 0) < MENU_FOLDS_BELOW_PX) {
    const toggle = page.getByRole('button', { name: 'Menu', exact: true });
    await toggle.click();
    await expect(toggle).toHaveCount(0);
  }
  await menu.getByRole('link', { name: label, exact: true }).click();
}

for (const width of [390, 1366]) {
  test(`at ${width} px a broker moves through every page with the client kept, and choosing their own account drops it`, async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const context = await signedInContext(browser, baseURL!, broker.email);
    const page = await context.newPage();
    await page.setViewportSize({ width, height: 900 });
    const keptInAddress = new RegExp(`[?&]member=${jess.id}(&|#|$)`);
    const showing = page.getByLabel('Showing records of');
    const expectJess = async () => {
      await expect(page).toHaveURL(keptInAddress);
      await expect(showing).toHaveValue(jess.id);
    };

    await page.goto('/dashboard');
    await showing.selectOption({ label: 'Jess Whitfield' });
    await expectJess();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jess Whitfield');

    // Every page of the menu, one after another: each still shows Jess's records.
    await openFromMenu(page, 'Claims');
    await expectJess();
    await expect(page.getByRole('heading', { level: 1, name: 'Claims' })).toBeVisible();
    await expect(page.getByText(claimReference).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No claims lodged' })).toHaveCount(0);
    await saveScreenshot(page, { path: `${SHOTS}/client-claims-${width}.png`, fullPage: true });

    await openFromMenu(page, 'Protection');
    await expectJess();
    await expect(page.getByTestId('protection-card')).toHaveCount(1);
    await openFromMenu(page, 'Payments');
    await expectJess();
    await expect(page.getByTestId('invoice-card').first()).toBeVisible();
    await openFromMenu(page, 'Your Clients');
    await expectJess();
    await expect(page.getByLabel('Name of paddock 1')).toHaveValue('Home Paddock');
    await openFromMenu(page, 'Reports');
    await expectJess();
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
    // Settings stay the broker's own account, and say so.
    await openFromMenu(page, 'Settings');
    await expect(page).toHaveURL(keptInAddress);
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByRole('note', { name: 'Whose settings' })).toHaveText('These settings are your own, not Jess Whitfield’s: the details, password, e-mails and sign-ins below are your account’s.');
    await expect(page.getByLabel('First name')).toHaveValue('Bea');
    await saveScreenshot(page, { path: `${SHOTS}/client-settings-${width}.png` });
    await openFromMenu(page, 'Dashboard');
    await expectJess();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jess Whitfield');

    // The dashboard's own links: the open claim, and the protection details.
    await page.getByRole('link', { name: claimReference }).click();
    await expectJess();
    await expect(page.getByText(claimReference).first()).toBeVisible();
    await page.goBack();
    await expectJess();
    await page.getByRole('link', { name: 'All protection details' }).click();
    await expectJess();
    await expect(page.getByTestId('protection-card')).toHaveCount(1);
    await page.goBack();
    await page.getByRole('link', { name: 'Follow your claims' }).click();
    await expectJess();

    // A reload keeps her: she is in the address.
    await page.reload();
    await expectJess();
    await expect(page.getByText(claimReference).first()).toBeVisible();

    // Back to the broker's own account: the address drops her, and so do the menu's links.
    await showing.selectOption({ label: 'Your own account' });
    await expect(page).not.toHaveURL(/member=/);
    await expect(page.getByRole('heading', { name: 'No claims lodged' })).toBeVisible();
    await openFromMenu(page, 'Your Clients');
    await expect(page).not.toHaveURL(/member=/);
    await expect(page.getByTestId('client-card').filter({ hasText: 'Jess Whitfield' })).toBeVisible();
    await saveScreenshot(page, { path: `${SHOTS}/own-clients-${width}.png`, fullPage: true });
    await context.close();
  });
}
