import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { codeFromOutbox } from './support/outbox';
import { fillPersonalDetails } from './support/wizard';
import { shootAtWidths } from './support/screenshots';

/**
 * Inputs side by side keep one height and one top edge, whether a neighbour carries a
 * hint or an error (a hint used to sit above its input and stretch the row for every grower).
 */
async function expectLinedUp(left: Locator, right: Locator) {
  // Both boxes read in one task of the page: read one call apart, a scroll in between (the form
  // bringing its first error into view) moved one of them and failed the check once in CI.
  const [a, b] = await left.evaluate(
    (leftInput, rightInput) => [leftInput, rightInput!].map((input) => input.getBoundingClientRect()).map(({ x, y, height }) => ({ x, y, height })),
    await right.elementHandle(),
  );
  // Side by side, not stacked: the check is about a row.
  expect(Math.abs(a!.x - b!.x)).toBeGreaterThan(50);
  expect(a!.height).toBe(b!.height);
  expect(a!.y).toBe(b!.y);
}

const screenshots = (page: Page, name: string, target?: Locator) => shootAtWidths(page, 'form-alignment', name, { target });

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
});

test('personal details: inputs in a row line up with a hint beside them and with an error on one of them', async ({ page }) => {
  await page.goto('/quote');
  const email = page.getByLabel('E-mail address');
  const phone = page.getByLabel('Phone');
  const abn = page.getByLabel('ABN (optional)');
  const business = page.getByLabel('Business name (optional)');
  const firstName = page.getByLabel('First name');
  const lastName = page.getByLabel('Last name');
  await expect(page.getByText('We send a 6-digit code here to check it is yours.')).toBeVisible();

  await expectLinedUp(firstName, lastName);
  await expectLinedUp(email, phone);
  await expectLinedUp(business, abn);

  // One field of each row in error: the last name missing, a phone and an ABN that are not valid.
  await firstName.fill('Jo');
  await email.fill(`grower-${Date.now()}@example.com`);
  await phone.fill('12');
  await abn.fill('51 824 753 557');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Enter your last name')).toBeVisible();
  await expect(page.getByText('Enter a valid 11-digit ABN')).toBeVisible();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');

  await expectLinedUp(firstName, lastName);
  await expectLinedUp(email, phone);
  await expectLinedUp(business, abn);
  await screenshots(page, 'personal-details');
});

test('password creation: the password with its hint and the repeat line up, also when the repeat is wrong', async ({ page }) => {
  const address = `grower-${Date.now()}@example.com`;
  await page.goto('/quote');
  await fillPersonalDetails(page, address);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('6-digit code').fill(await codeFromOutbox(address));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/step=password-creation/);

  const password = page.getByLabel('Password', { exact: true });
  const again = page.getByLabel('Type the password again');
  await expectLinedUp(password, again);

  await password.fill('paddocks and fences in the wheatbelt');
  await again.fill('paddocks and fences');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('The two passwords are not the same.')).toBeVisible();
  await expectLinedUp(password, again);
  await screenshots(page, 'password-creation');
});

test('screenshots: the sign-in page and the contact form', async ({ page }) => {
  await page.goto('/auth/signin');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Enter your password.')).toBeVisible();
  await screenshots(page, 'sign-in');
  await page.goto('/');
  const form = page.getByTestId('contact-form');
  await form.getByLabel('Name').fill('Alex Growers');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByText('Please enter a message.')).toBeVisible();
  await expectLinedUp(form.getByLabel('Name'), form.getByLabel('Email'));
  await screenshots(page, 'contact-form', form);
});
