/**
 * A broker quotes in a client's name (docs/behaviour.md §6) in Chromium: from Your Clients the
 * broker opens the wizard for the client (banner 'Quoting for …', the client's details, the account
 * steps skipped), types a paddock, gets an estimate and submits; the client then signs in and finds
 * the application under Protection. Someone who is not the client's broker is told so. Set-up goes
 * through the API: registration with the e-mailed code, and the administrator making the broker a
 * broker and recording them as the client's broker of record. The banner is shot at 375 and 1280 px
 * into .tmp/screenshots/broker-quote/.
 */
import { expect, test } from './support/fixtures';
import { registerMember, administratorContext, signedInContext, type RegisteredMember } from './support/accounts';
import { saveScreenshot, shootAtWidths } from './support/screenshots';

const SHOTS = '.tmp/screenshots/broker-quote';

test.describe.configure({ mode: 'serial' });

let broker: RegisteredMember;
let client: RegisteredMember;
let stranger: RegisteredMember;

test.beforeAll(async ({ browser, baseURL }) => {
  const base = baseURL!;
  for (const [first, last, assign] of [
    ['Bea', 'Broker', (person: RegisteredMember) => (broker = person)],
    ['Casey', 'Cropper', (person: RegisteredMember) => (client = person)],
    ['Sam', 'Stranger', (person: RegisteredMember) => (stranger = person)],
  ] as const) {
    const setup = await browser.newContext({ baseURL: base });
    assign(await registerMember(setup.request, base, first, last));
    await setup.close();
  }
  const admin = await administratorContext(browser, base);
  const roles = async (id: string, data: object) => expect((await admin.request.put(`/api/admin/users/${id}/roles`, { data, headers: { Origin: base } })).status()).toBe(200);
  await roles(broker.id, { isBroker: true });
  await roles(client.id, { brokerId: broker.id });
  await admin.close();
});

test('a broker quotes for a client from Your Clients and the client finds the application under Protection', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const context = await signedInContext(browser, baseURL!, broker.email);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard/paddocks');
  const card = page.getByTestId('client-card').filter({ hasText: 'Casey Cropper' });
  await card.getByRole('link', { name: 'Start a quote' }).click();

  // The wizard acts for the client: their banner, their details, straight to get-started.
  await expect(page).toHaveURL(new RegExp(`/quote\\?customerId=${client.id}.*step=get-started`));
  const banner = page.getByTestId('client-banner');
  await expect(banner).toContainText('Quoting for Casey Cropper');
  await expect(page.getByTestId('support-banner')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/get started/i);
  await expect(page.getByText('You are quoting for Casey Cropper.')).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await saveScreenshot(page, { path: `${SHOTS}/banner-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByLabel('Farm address or nearest town').fill('Merredin');
  await page.getByRole('button', { name: 'Continue' }).click();

  // A typed paddock on the found farm.
  await expect(page.getByTestId('farm-mapping')).toBeVisible();
  await page.getByRole('combobox', { name: 'Find your farm' }).fill('merred');
  await page.getByRole('option', { name: /Merredin WA 6415/ }).click();
  await expect(page.getByTestId('risk-zone')).toContainText('Your risk zone:');
  await page.getByRole('group', { name: 'Add a paddock without drawing' }).getByLabel('Paddock name').fill('Back 40');
  await page.getByLabel('Area (hectares)').fill('40');
  await page.getByLabel('Area (hectares)').press('Enter');
  await expect(page.getByTestId('paddock-item')).toHaveCount(1);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Crops and protection');
  await page.getByTestId('paddock-card').first().getByLabel('Crop', { exact: true }).selectOption('wheat');
  const wheat = page.getByRole('group', { name: 'wheat' });
  await wheat.getByLabel('Expected yield (t/ha)').fill('2.5');
  await wheat.getByLabel('Price ($/t)').fill('340');
  await expect(page.getByTestId('crop-completion')).toContainText('1 of 1 paddock sections (100%)');
  await page.getByRole('button', { name: 'See my estimate' }).click();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your estimate');
  await expect(page.getByTestId('estimate-details')).toBeVisible();
  const total = (await page.getByTestId('coverage-both-total').innerText()).trim();
  await page.getByLabel('Submit my application').check();
  await page.getByRole('button', { name: 'Continue to review' }).click();

  // The review: the client's statements confirmed by the broker, then the submission in the client's name.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Review and submit');
  await expect(page.getByRole('heading', { name: 'Submit the application of Casey Cropper' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Submit my application' });
  await expect(submit).toBeDisabled();
  for (const box of await page.getByTestId('submit-disclosures').getByRole('checkbox').all()) await box.check();
  await submit.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Quote submitted');
  const reference = (await page.getByTestId('application-reference').innerText()).trim();
  expect(reference).toMatch(/^APP-\d{4}-\d{5}$/);
  await expect(page.getByTestId('success-total')).toHaveText(total);
  await page.getByRole('link', { name: 'See their protection' }).click();
  await expect(page.getByTestId('protection-card')).toHaveCount(1);
  // Where it stands, said to the broker of their client.
  await expect(page.getByTestId('protection-card')).toContainText('We have your client’s application and will review it within five business days. Your client is not protected yet.');
  await shootAtWidths(page, 'broker-quote', 'client-protection');
  // The client's claims, from the menu: a claim cannot be lodged yet, and the notice says so to the broker.
  await page.getByRole('navigation').getByRole('link', { name: 'Claims', exact: true }).first().click();
  await expect(page.getByTestId('claims-line')).toContainText('Hail or fire on your client’s paddocks? Call us on (08) 9000 0000');
  await page.getByRole('button', { name: 'Lodge a claim' }).click();
  const notice = page.getByTestId('claim-before-acceptance');
  await expect(notice).toContainText(`Your client’s application ${reference} is still being checked, and your client is not protected yet, so a claim on it cannot be lodged.`);
  await expect(notice).toContainText('If your client has had a loss, call us now on (08) 9000 0000 and we will talk it through with you both.');
  await shootAtWidths(page, 'broker-quote', 'client-claim-notice');
  // The wizard saved its drafts under the client's id, and finished the one it submitted.
  const drafts = (await (await context.request.get(`/api/user/drafts?userId=${client.id}`)).json()) as { drafts: Array<{ userId: string; status: string }> };
  expect(drafts.drafts.length).toBeGreaterThan(0);
  expect(drafts.drafts.every((draft) => draft.userId === client.id)).toBe(true);
  await expect.poll(async () => ((await (await context.request.get(`/api/user/drafts?userId=${client.id}`)).json()) as typeof drafts).drafts.some((draft) => draft.status === 'COMPLETED')).toBe(true);
  await context.close();

  // The client signs in and finds it under Protection.
  const own = await signedInContext(browser, baseURL!, client.email);
  const clientPage = await own.newPage();
  await clientPage.goto('/dashboard/protection');
  const protection = clientPage.getByTestId('protection-card');
  await expect(protection).toHaveCount(1);
  await expect(protection.getByTestId('status')).toHaveText('Submitted');
  const mine = (await (await own.request.get('/api/protection')).json()) as { applications: Array<{ reference: string; userId: string }> };
  expect(mine.applications.map((application) => [application.reference, application.userId])).toEqual([[reference, client.id]]);
  await expect(protection).toContainText(reference);
  await own.close();
});

test('someone who is not the client’s broker is told so, not given a broken wizard', async ({ browser, baseURL }) => {
  const context = await signedInContext(browser, baseURL!, stranger.email);
  const page = await context.newPage();
  await page.goto(`/quote?customerId=${client.id}`);
  const refused = page.getByTestId('wizard-refused');
  await expect(refused).toContainText('Only a member’s broker can start a quote in their name');
  await expect(refused.getByRole('link', { name: 'Start your own quote' })).toBeVisible();
  await expect(page.getByTestId('client-banner')).toHaveCount(0);
  await context.close();
});
