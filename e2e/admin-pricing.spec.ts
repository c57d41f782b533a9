/**
 * The administrators' season pages in Chromium: a zone's hail rate changed on Zone Pricing
 * Management prices the very next quote (POST /api/pricing/calculate) at the new rate, a rate that
 * breaks the model is refused with the schema's sentence, and a claim's status changed on
 * /admin/claims is what the member then sees. Screenshots of each page at 375 and 1280 px go to
 * .tmp/screenshots/admin-pricing/.
 */
import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import sharp from 'sharp';
import { registerMember, administratorContext, signedInContext } from './support/accounts';
import { cunderdinQuote, submitQuote, acceptWithCoverStarted } from './support/quotes';
import { shootAtWidths } from './support/screenshots';

test.describe.configure({ mode: 'serial' });

const shoot = (page: Page, name: string) => shootAtWidths(page, 'admin-pricing', name);

let member: { id: string; email: string };
let claimReference: string;

test.beforeAll(async ({ browser, baseURL }) => {
  const base = baseURL!;
  const headers = { Origin: base };
  const setup = await browser.newContext({ baseURL: base });
  // A surname no other spec uses: the broker spec's Casey Cropper has paddocks of other names.
  member = await registerMember(setup.request, base, 'Casey', 'Ratewatch');
  const application = await submitQuote(setup.request, base, cunderdinQuote({ ...member, firstName: 'Casey', lastName: 'Ratewatch' }));

  const admin = await administratorContext(browser, base);
  await acceptWithCoverStarted(admin.request, base, application.id);
  await admin.close();

  const { protections } = (await (await setup.request.get('/api/dashboard/protections')).json()) as { protections: Array<{ id: string; paddocks: Array<{ id: string; priced: boolean }> }> };
  const paddock = protections[0]!.paddocks.find((item) => item.priced)!;
  const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Australia/Perth' });
  const lodged = await setup.request.post('/api/claims', {
    headers,
    multipart: {
      applicationId: application.id,
      peril: 'hail',
      eventDate: today,
      affectedPaddockIds: paddock.id,
      estimatedLossDollars: '15000',
      description: 'Hail stripped the heads along the northern fence line.',
      // A camera-sized photo with the time the camera wrote.
      photos: {
        name: 'northern-fence.jpg',
        mimeType: 'image/jpeg',
        buffer: await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 180, g: 150, b: 90 } } })
          .jpeg()
          .withExif({ IFD2: { DateTimeOriginal: '2026:11:20 15:42:00' } })
          .toBuffer(),
      },
    },
  });
  expect(lodged.status(), await lodged.text()).toBe(201);
  claimReference = ((await lodged.json()) as { claim: { reference: string } }).claim.reference;
  await setup.close();
});

test('a zone’s new hail rate prices the next quote at once; a rate that breaks the model is refused', async ({ browser, baseURL, administrator }) => {
  test.setTimeout(120_000);
  const base = baseURL!;
  const context = await signedInContext(browser, base, administrator.email, administrator.password);
  const page = await context.newPage();
  const quote = { coverageType: 'hail', zone: 'CWB', cropAllocations: [{ type: 'wheat', hectares: 400, expectedYield: 2.5, pricePerTonne: 340, hurdlePercentage: 0 }] };
  const zoneRate = async () => {
    const response = await context.request.post('/api/pricing/calculate', { data: quote, headers: { Origin: base } });
    expect(response.status()).toBe(200);
    return ((await response.json()) as { breakdown: Array<{ zoneRatePercent: number }> }).breakdown[0]!.zoneRatePercent;
  };
  const before = await zoneRate();

  await page.goto('/admin/agriculture-zones-comprehensive');
  const cwb = page.getByRole('form', { name: 'Rates of zone CWB' });
  await expect(cwb.getByLabel('Hail rate (%)')).toHaveValue(String(before));
  const newRate = Math.round((before + 0.15) * 100) / 100;
  await cwb.getByLabel('Hail rate (%)').fill(String(newRate));
  await cwb.getByRole('button', { name: 'Save' }).click();
  await expect(cwb.getByRole('status')).toHaveText('Saved. New quotes use it now.');
  expect(await zoneRate()).toBe(newRate);

  await cwb.getByLabel('Hail and fire rate (%)').fill('9');
  await cwb.getByRole('button', { name: 'Save' }).click();
  await expect(cwb.getByRole('alert')).toContainText('Zone CWB: the hail and fire package rate (9%) must be lower than hail');
  expect(await zoneRate()).toBe(newRate);
  await cwb.getByLabel('Hail and fire rate (%)').fill('2');
  await shoot(page, 'zone-pricing');

  await page.goto('/admin/agriculture-zones');
  await expect(page.getByRole('cell', { name: `${newRate}%` }).first()).toBeVisible();
  await expect(page.getByRole('img', { name: /Outline of Central Wheatbelt/ })).toBeVisible();
  await shoot(page, 'agriculture-zones');

  await page.goto('/admin/pricing');
  await expect(page.getByRole('heading', { name: 'Crop factors' })).toBeVisible();
  await shoot(page, 'pricing');

  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { name: /Premium written/ })).toBeVisible();
  await shoot(page, 'dashboard');

  await page.goto('/admin/applications');
  const application = page.getByRole('article', { name: 'Application of Casey Ratewatch' });
  await application.getByRole('button', { name: 'Show paddocks' }).click();
  await expect(application.getByRole('cell', { name: 'Home Paddock' })).toBeVisible();
  await shoot(page, 'applications');
  // Member Paddocks shows every application's paddocks from the start.
  await page.goto('/admin/member-paddocks');
  await expect(page.getByRole('article', { name: 'Application of Casey Ratewatch' }).getByRole('cell', { name: 'Home Paddock' })).toBeVisible();
  await shoot(page, 'member-paddocks');

  await page.goto('/admin/profile');
  await expect(page.getByLabel('E-mail address')).toHaveValue(administrator.email);
  await shoot(page, 'profile');
  await page.goto('/admin/change-password');
  await shoot(page, 'change-password');
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/admin\/user-management$/);
  await context.close();
});

test('staff change a claim’s status and the member sees it', async ({ browser, baseURL, administrator }) => {
  test.setTimeout(90_000);
  const base = baseURL!;
  const admin = await signedInContext(browser, base, administrator.email, administrator.password);
  const page = await admin.newPage();
  await page.goto('/admin/claims?status=lodged');
  await page.getByRole('button', { name: new RegExp(claimReference) }).click();
  const detail = page.getByRole('article', { name: `Claim ${claimReference}` });
  await expect(detail.getByText('Hail stripped the heads')).toBeVisible();
  // The photo as its 640-pixel copy, and the time the camera wrote (no zone: Perth's clock), labelled.
  const photo = detail.getByRole('img', { name: 'Damage photo northern-fence.jpg' });
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await photo.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).search)).toBe('?w=640&q=75');
  await expect(detail.getByText('Taken 20 Nov 2026, 3:42 pm AWST')).toBeVisible();
  await detail.getByLabel('New status').selectOption('under_assessment');
  await detail.getByLabel('Note to the member (optional)').fill('An assessor will call you this week to arrange a visit.');
  await detail.getByRole('button', { name: 'Change status' }).click();
  await expect(detail.getByRole('status')).toHaveText('The status is changed and the member has been e-mailed.');
  await expect(detail.getByText('An assessor will call you this week')).toBeVisible();
  await shoot(page, 'claims');
  await admin.close();

  const context = await signedInContext(browser, base, member.email);
  const memberPage = await context.newPage();
  await memberPage.goto('/dashboard/claims');
  const card = memberPage.getByTestId('claim-card');
  await expect(card.getByTestId('status').first()).toHaveText('Under assessment');
  await expect(card.getByText('An assessor will call you this week')).toBeVisible();
  await context.close();
});
