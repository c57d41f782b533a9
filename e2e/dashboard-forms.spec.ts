/**
 * The member dashboard's forms in Chromium: each shows the shared schema's message on
 * its own field before anything is sent, shows the server's refusal where it belongs, and saves.
 * The pages are read again from the server afterwards, so what the cache shows is what was kept.
 * Screenshots at 1366 and 390 px are written to .tmp/screenshots/dashboard-forms/.
 */
import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { registerMember, administratorContext, signedInContext, type RegisteredMember } from './support/accounts';
import { cunderdinQuote, submitQuote, acceptWithCoverStarted } from './support/quotes';
import { shootAtWidths } from './support/screenshots';

test.describe.configure({ mode: 'serial' });

const shoot = (page: Page, name: string) => shootAtWidths(page, 'dashboard-forms', name);

/** The text tied to an input through aria-describedby: its hint and its error. */
const describedBy = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).evaluate((input) =>
    (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' | '),
  );

let member: RegisteredMember;

test.beforeAll(async ({ browser, baseURL }) => {
  const base = baseURL!;
  const setup = await browser.newContext({ baseURL: base });
  member = await registerMember(setup.request, base, 'Mereana', 'Ngāti');
  const application = await submitQuote(
    setup.request,
    base,
    cunderdinQuote(member, [
      { id: 'p1', name: 'Home Paddock', area: 400, crop: 'wheat' },
      { id: 'p2', name: 'Creek Flat', area: 150, crop: 'canola' },
    ]),
  );
  await setup.close();
  const admin = await administratorContext(browser, base);
  await acceptWithCoverStarted(admin.request, base, application.id);
  await admin.close();
});

test('lodging a claim: the schema’s messages land on their fields; a message to the claims team is kept', async ({ browser, baseURL }) => {
  const context = await signedInContext(browser, baseURL!, member.email);
  const page = await context.newPage();
  await page.goto('/dashboard/claims');
  // From the keyboard: the button gives its place to the form, which takes the focus (not the page's start).
  await page.getByRole('button', { name: 'Lodge a claim' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('form', { name: 'Lodge a claim' })).toBeFocused();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('form')?.getAttribute('aria-labelledby'))).toBe('lodge-title');
  await page.getByLabel('What happened?').fill('Hail');
  await page.getByRole('button', { name: 'Lodge claim' }).click();
  await expect(page.getByRole('group', { name: 'Affected paddocks' })).toContainText('Choose at least one affected paddock');
  expect(await describedBy(page, 'What happened?')).toContain('Describe what happened in a sentence or two (at least 10 characters)');
  await expect(page.getByLabel('What happened?')).toHaveAttribute('aria-invalid', 'true');
  await shoot(page, 'lodge-claim-errors');

  await page.getByRole('checkbox', { name: /Creek Flat/ }).check();
  await expect(page.getByRole('group', { name: 'Affected paddocks' })).not.toContainText('Choose at least one affected paddock');
  await page.getByLabel('Estimated loss ($)').fill('8000');
  await page.getByLabel('What happened?').fill('A fire came through from the road reserve and burnt the eastern strip.');
  await page.getByLabel('Fire & Lightning').check();
  await page.getByRole('button', { name: 'Lodge claim' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Claim CLM-\d{4}-\d{5} is lodged/ })).toBeVisible();
  // The form gone, focus is back on the button that opened it, not at the page's start.
  await expect(page.getByRole('button', { name: 'Lodge a claim' })).toBeFocused();
  const claim = page.getByTestId('claim-card');
  await expect(claim.getByRole('heading', { level: 2 })).toContainText('Fire & Lightning');

  await claim.getByRole('button', { name: 'Send message' }).click();
  await expect(claim.getByLabel('Write to the claims team')).toHaveAttribute('aria-invalid', 'true');
  await expect(claim).toContainText('Write a message');
  await claim.getByLabel('Write to the claims team').fill('The fire brigade report is attached to my e-mail of today.');
  await claim.getByRole('button', { name: 'Send message' }).click();
  await expect(claim.getByLabel('Write to the claims team')).toHaveValue('');
  await page.reload();
  await expect(page.getByTestId('claim-card')).toContainText('The fire brigade report is attached to my e-mail of today.');
  await shoot(page, 'claims');
  await context.close();
});

test('Your Farm: a cell shows its own error, the server’s refusal is said in the form, and a save is kept', async ({ browser, baseURL }) => {
  const context = await signedInContext(browser, baseURL!, member.email);
  const page = await context.newPage();
  await page.goto('/dashboard/paddocks');
  await expect(page.getByLabel('Name of paddock 1')).toHaveValue('Home Paddock');

  await page.getByLabel('Area of Home Paddock in hectares').fill('');
  await page.getByRole('button', { name: 'Save paddocks' }).click();
  await expect(page.getByLabel('Area of Home Paddock in hectares')).toHaveAttribute('aria-invalid', 'true');
  expect(await describedBy(page, 'Area of Home Paddock in hectares')).toBe('Enter the area in hectares');

  // Two paddocks of one name: the server refuses, and the form says why.
  await page.getByLabel('Area of Home Paddock in hectares').fill('410');
  await page.getByLabel('Name of paddock 2').fill('Home Paddock');
  await page.getByRole('button', { name: 'Save paddocks' }).click();
  await expect(page.getByRole('alert')).toHaveText('Two paddocks are named “Home Paddock”; give each its own name.');

  await page.getByLabel('Name of paddock 2').fill('Creek Flat East');
  await page.getByRole('button', { name: 'Save paddocks' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your paddocks are saved.' })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Area of Home Paddock in hectares')).toHaveValue('410');
  await expect(page.getByLabel('Name of paddock 2')).toHaveValue('Creek Flat East');
  await context.close();
});

test('Payments and Settings: a payment option, the profile, the password and the e-mail preferences', async ({ browser, baseURL }) => {
  const context = await signedInContext(browser, baseURL!, member.email);
  const page = await context.newPage();
  await page.goto('/dashboard/payments');
  const invoice = page.getByTestId('invoice-card').filter({ hasText: 'Contribution' });
  await expect(invoice.getByRole('button', { name: 'Save how I pay' })).toHaveCount(0);
  await invoice.getByLabel('Three monthly instalments').check();
  await shoot(page, 'payment-option');
  await invoice.getByRole('button', { name: 'Save how I pay' }).click();
  await expect(invoice.getByRole('status')).toHaveText('Saved: three monthly instalments.');
  await expect(invoice.getByRole('listitem').filter({ hasText: / due / })).toHaveCount(3);
  await page.reload();
  await expect(page.getByTestId('invoice-card').filter({ hasText: 'Contribution' }).getByLabel('Three monthly instalments')).toBeChecked();

  await page.goto('/dashboard/settings');
  await expect(page.getByLabel('First name')).toHaveValue('Mereana');
  await page.getByLabel('Phone').fill('call me');
  await page.getByLabel('First name').fill('');
  await page.getByRole('button', { name: 'Save details' }).click();
  expect(await describedBy(page, 'Phone')).toBe('Enter a phone number of 8 to 20 digits, like 0412 345 678 or +61 8 9123 4567.');
  expect(await describedBy(page, 'First name')).toBe('First name is required.');

  await page.getByLabel('Current password').fill('not my password');
  await page.getByLabel('New password', { exact: true }).fill('wattle creek harvest');
  await page.getByLabel('New password again').fill('wattle creek harvest');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
  expect(await describedBy(page, 'Current password')).toBe('Your current password is not right.');
  await shoot(page, 'settings-errors');

  await page.getByLabel('First name').fill('Mereana');
  await page.getByLabel('Phone').fill('0412 345 678');
  await page.getByLabel('Business name').fill('Ngāti Downs');
  await page.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your details are saved.' })).toBeVisible();

  await page.getByLabel('Payment reminders').uncheck();
  await page.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your e-mail preferences are saved.' })).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Business name')).toHaveValue('Ngāti Downs');
  await expect(page.getByLabel('Payment reminders')).not.toBeChecked();
  await expect(page.getByLabel('Claim updates')).toBeChecked();
  await context.close();
});
