import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { registerMember, signedInContext } from './support/accounts';
import { codeFromOutbox } from './support/outbox';
import { keepsFirstHeading, noteFirstHeading } from './support/pages';
import { fillPersonalDetails } from './support/wizard';

/** As most visitors come: the steps glide to the top (playwright.config.ts asks for less motion elsewhere). */
test.use({ reducedMotion: 'no-preference' });

const PASSWORD = 'wheatbelt harvest season twenty';

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test('a new visitor goes from personal details to get-started, resumes after a reload, and Back moves one step', async ({ page, browser, baseURL }) => {
  // A whole journey (register, verify, map, reload, a second browser): more than one page's time budget.
  test.setTimeout(150_000);
  const email = `grower-${Date.now()}@example.com`;
  await page.goto('/quote');
  await expect(page).toHaveURL(/step=personal-details/);
  await expect(heading(page)).toHaveText('Your details');

  // A blocked move: the person is told why and the address is put back.
  await page.goto('/quote?step=password-creation');
  await expect(page.getByTestId('wizard-notice')).toHaveText('Personal details must be completed before email verification');
  await expect(page).toHaveURL(/step=personal-details/);

  await fillPersonalDetails(page, email, { lastName: 'Grower', postalAddress: '12 Great Eastern Hwy, Merredin WA 6415' });
  await page.getByLabel('ABN (optional)').fill('51 824 753 557');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Enter a valid 11-digit ABN')).toBeVisible();
  await page.getByLabel('ABN (optional)').fill('51 824 753 556');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/step=email-verification/);
  await expect(page.getByRole('button', { name: /Send a new code in \d+ s/ })).toBeDisabled();
  await page.getByLabel('6-digit code').fill(await codeFromOutbox(email));
  await page.getByRole('button', { name: 'Verify' }).click();

  await expect(page).toHaveURL(/step=password-creation/);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Type the password again').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/step=product-disclosure/);
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  for (const box of await page.getByRole('checkbox').all()) await box.check();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/step=get-started/);
  await expect(heading(page)).toHaveText('Get started');
  await expect(page.getByRole('heading', { name: 'What happens next' })).toBeVisible();
  await page.getByLabel('Farm address or nearest town').fill('Lot 4, Merredin');
  await expect(page.getByTestId('auto-save-indicator')).toHaveText('Progress saved');

  await page.reload();
  await expect(page).toHaveURL(/step=get-started/);
  await expect(heading(page)).toHaveText('Get started');

  // The local quote draft (kept while signed in) brings the farm address back.
  await expect(page.getByLabel('Farm address or nearest town')).toHaveValue('Lot 4, Merredin');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/step=farm-mapping/);
  await page.getByLabel('Paddock name').fill('North Paddock');
  await page.getByLabel('Area (hectares)').fill('120');
  await page.getByRole('button', { name: 'Add paddock' }).click();
  await expect(page.getByRole('button', { name: 'Delete North Paddock' })).toBeVisible();
  await expect(page.getByTestId('auto-save-indicator')).toHaveText('Progress saved');

  // The browser's Back button moves one step back.
  await page.goBack();
  await expect(page).toHaveURL(/step=get-started/);
  await expect(heading(page)).toHaveText('Get started');
  // Leaving a step saves the step moved to; the reload waits for that save, as a person's next
  // visit would come after it (a reload at once can leave the draft at the step before).
  const stepSaved = page.waitForResponse(
    (response) => response.url().endsWith('/api/quotes/draft') && response.request().method() === 'POST' && (response.request().postData() ?? '').includes('"step":"farm-mapping"'),
  );
  await page.goForward();
  await expect(page).toHaveURL(/step=farm-mapping/);
  await expect(heading(page)).toHaveText('Your paddocks');
  await stepSaved;

  await page.reload();
  await expect(page).toHaveURL(/step=farm-mapping/);
  await expect(page.getByRole('button', { name: 'Delete North Paddock' })).toBeVisible();

  // A second browser signed in as the same member sees the draft and can resume it.
  const other = await browser.newContext({ baseURL });
  const signIn = await other.request.post('/api/auth/signin', { data: { email, password: PASSWORD }, headers: { Origin: baseURL ?? '' } });
  expect(signIn.status()).toBe(200);
  const second = await other.newPage();
  await second.goto('/quote');
  // A member's quote starts where everyone's does (docs/behaviour.md §2), with what we know filled in and their drafts to carry on with.
  await expect(second).toHaveURL(/step=personal-details/);
  await expect(second.getByLabel('First name')).toHaveValue('Jo');
  await expect(second.getByLabel('E-mail address')).toHaveValue(email);
  await expect(second.getByRole('heading', { name: 'Carry on where you left off' })).toBeVisible();
  // The account steps they have been through are passed over, forward and back.
  await second.getByRole('button', { name: 'Continue' }).click();
  await expect(second).toHaveURL(/step=product-disclosure/);
  await second.getByRole('button', { name: 'Back' }).click();
  await expect(second).toHaveURL(/step=personal-details/);
  await second.getByTestId('draft-item').first().getByRole('button', { name: 'Resume' }).click();
  await expect(second).toHaveURL(/step=farm-mapping/);
  await expect(second.getByRole('button', { name: 'Delete North Paddock' })).toBeVisible();
  await other.close();
});

test('checking the quote’s first form breaks none of the site’s Content Security Policy', async ({ page }) => {
  // A violation is reported even when the blocked code's error is caught (zod's compile probe was one).
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective}: ${event.blockedURI}`));
  });
  await page.goto('/quote');
  await fillPersonalDetails(page, 'jo@example.com', { lastName: 'Grower', postalAddress: '12 Great Eastern Hwy, Merredin WA 6415' });
  await page.getByLabel('ABN (optional)').fill('51 824 753 557');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Enter a valid 11-digit ABN')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
});

test('a visitor at /quote is sent the first step drawn: readable before the wizard’s code arrives, kept when the app takes over, with no session to ask for', async ({ page }) => {
  const sessionAsks: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/auth/session') sessionAsks.push(request.url());
  });
  let releaseWizard = () => {};
  const wizardHeld = new Promise<void>((resolve) => (releaseWizard = resolve));
  await page.route(/\/assets\/quote-page-[^/]+\.js$/, async (route) => {
    await wizardHeld;
    await route.continue();
  });
  await noteFirstHeading(page);
  await page.goto('/quote');
  // The wizard's code has not arrived, and the first step is there to read.
  await expect(heading(page)).toHaveText('Your details');
  await expect(page.getByLabel('First name')).toBeVisible();
  await expect(page.locator('[data-prerendered]')).toHaveCount(1);
  releaseWizard();
  await expect(page.locator('[data-prerendered]')).toHaveCount(0);
  expect(await keepsFirstHeading(page)).toBe(true);
  await expect(page).toHaveURL(/step=personal-details/);
  await fillPersonalDetails(page, `drawn-${Date.now()}@example.com`, { lastName: 'Grower', postalAddress: '12 Great Eastern Hwy, Merredin WA 6415' });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page)).toHaveText('Verify your e-mail');
  expect(sessionAsks).toEqual([]);
});

test('opening a quote the app draws (an address with a query) asks for the session once, before the wizard’s code has finished arriving', async ({ page }) => {
  const order: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path === '/api/auth/session') order.push('session asked');
  });
  page.on('requestfinished', (request) => {
    if (/\/assets\/quote-page-[^/]+\.js$/.test(new URL(request.url()).pathname)) order.push('wizard code arrived');
  });
  // The wizard's code is held back a moment, as on a slow connection.
  await page.route(/\/assets\/quote-page-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await page.goto('/quote?step=personal-details');
  await expect(heading(page)).toHaveText('Your details');
  expect(order).toEqual(['session asked', 'wizard code arrived']);
});

test('from the keyboard, a step reached by Continue or Back has the focus at its heading; the first step opened with the page does not take it', async ({ page }) => {
  await page.goto('/quote');
  await expect(heading(page)).toHaveText('Your details');
  await expect(heading(page)).not.toBeFocused();
  await fillPersonalDetails(page, `keys-${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Continue' }).focus();
  await page.keyboard.press('Enter');
  await expect(heading(page)).toHaveText('Verify your e-mail');
  await expect(heading(page)).toBeFocused();
  await page.getByRole('button', { name: 'Back' }).focus();
  await page.keyboard.press('Enter');
  await expect(heading(page)).toHaveText('Your details');
  await expect(heading(page)).toBeFocused();
  // Tab goes on from the heading into the step's own fields.
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('First name')).toBeFocused();
});

test('a renewal’s link to a draft that is gone says so, in the words of the server, and opens the quote without it', async ({ browser, request, baseURL }) => {
  const member = await registerMember(request, baseURL!, 'Dora', 'Gone');
  const context = await signedInContext(browser, baseURL!, member.email, member.password);
  const page = await context.newPage();
  await page.goto('/quote?step=protection-calculator&draft=no-such-draft');
  const notice = page.getByTestId('wizard-notice');
  await expect(notice).toContainText('Failed to load draft');
  await expect(notice).toContainText('Draft not found.');
  await expect(heading(page)).toBeVisible();
  await context.close();
});
