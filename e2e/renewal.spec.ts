/**
 * Renewing from last season (docs/seasons.md 'Renewing'). A grower protected this season sees, once
 * staff open the next season, "Renew for the … season" on their dashboard at 390 px; the renewal
 * opens the wizard with last season's paddocks, crops, yields, prices and hurdles; they change one
 * paddock's crop and submit, and the new application carries the rest unchanged. Runs last (the
 * new-season project): from here on every quote is for the new season. Screenshots go to
 * .tmp/screenshots/renewal/.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from './support/fixtures';
import { registerMember, signedInContext } from './support/accounts';
import { acceptAndPay, cunderdinQuote, square, submitQuote } from './support/quotes';
import { shootAtWidths } from './support/screenshots';
import { protectionListSchema } from '../shared/contracts/dashboard';
import { seasonListSchema } from '../shared/contracts/seasons';
import { FIRE_RISK_QUESTIONS } from '../shared/contracts/fire-risk-survey';

const PADDOCKS = [
  { id: 'p1', name: 'Home Paddock', area: 400, crop: 'wheat', variety: 'Scepter', geometry: square(117.2, -31.6, 0.02) },
  { id: 'p2', name: 'Creek Flat', area: 150, crop: 'canola', geometry: square(117.23, -31.6, 0.015) },
];

test('a grower protected this season renews at 390 px once the next season opens, changes one paddock’s crop and submits; the rest carries over', async ({ browser, baseURL, administrator }) => {
  test.setTimeout(120_000);
  const base = baseURL!;
  const staff = await signedInContext(browser, base, administrator.email, administrator.password);
  const setup = await browser.newContext({ baseURL: base });
  const member = await registerMember(setup.request, base, 'Rene', `Newal${randomUUID().slice(0, 6)}`);
  await setup.close();
  const context = await signedInContext(browser, base, member.email);
  const last = await submitQuote(context.request, base, cunderdinQuote(member, PADDOCKS));
  await acceptAndPay(staff.request, base, member.id, last.id);

  // Staff open the next season today (the seasons page itself is e2e/seasons.spec.ts).
  const { seasons } = seasonListSchema.parse(await (await staff.request.get('/api/admin/seasons')).json());
  const open = seasons.find((season) => season.standing === 'open')!;
  const year = open.year + 1;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Perth' }).format(new Date());
  const dates = { opensOn: today, coverEndsOn: `${year + 1}-03-31` };
  const opened = seasons.some((season) => season.year === year)
    ? await staff.request.put(`/api/admin/seasons/${year}`, { data: dates, headers: { Origin: base } })
    : await staff.request.post('/api/admin/seasons', { data: { year, ...dates }, headers: { Origin: base } });
  expect(opened.ok(), await opened.text()).toBe(true);

  // Staff find the grower due on the renewal pipeline and remind them.
  const staffPage = await staff.newPage();
  await staffPage.goto('/admin');
  const menu = staffPage.getByRole('navigation', { name: 'Administration' });
  await menu.getByRole('button', { name: 'Core Operations' }).click();
  await menu.getByRole('link', { name: 'Renewals', exact: true }).click();
  await expect(staffPage.getByRole('group', { name: 'Renewals by stage' }).getByRole('button', { name: /^Due: \d+$/ })).toBeVisible();
  await staffPage.getByLabel('Find a member').fill(member.lastName);
  const row = staffPage.getByRole('row', { name: new RegExp(member.lastName) });
  await expect(row.getByRole('cell').nth(2)).toHaveText('Due');
  await expect(row.getByRole('cell').nth(3)).toHaveText('—');
  await row.getByRole('button', { name: `Send Rene ${member.lastName} a reminder` }).click();
  await expect(row.getByRole('cell').nth(3)).not.toHaveText('—');
  await shootAtWidths(staffPage, 'renewal', 'pipeline');

  const page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/dashboard');
  const card = page.getByTestId('renewal');
  await expect(card.getByRole('heading')).toHaveText(`Renew for the ${year} season`);
  await expect(card).toContainText(`Start from your ${open.year} protection (${last.reference}): its 2 paddocks come pre-filled`);
  await shootAtWidths(page, 'renewal', 'dashboard-card', { target: card });
  await card.getByRole('button', { name: `Start my ${year} renewal` }).click();

  // Last season's paddocks, crops and figures, pre-filled; Creek Flat goes to wheat this year.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Crops and protection');
  const cards = page.getByTestId('paddock-card');
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0).getByLabel('Crop', { exact: true })).toHaveValue('wheat');
  await expect(cards.nth(1).getByLabel('Crop', { exact: true })).toHaveValue('canola');
  await cards.nth(1).getByLabel('Crop', { exact: true }).selectOption('wheat');
  const wheat = page.getByRole('group', { name: 'wheat' });
  await expect(wheat.getByLabel('Expected yield (t/ha)')).toHaveValue('2.5');
  await expect(wheat.getByLabel('Price ($/t)')).toHaveValue('340');
  await shootAtWidths(page, 'renewal', 'crops');

  await page.getByRole('button', { name: 'Answer the fire risk survey' }).click();
  const survey = page.getByTestId('modal-fireRiskSurvey');
  for (const question of FIRE_RISK_QUESTIONS) await survey.getByRole('group', { name: question.text }).getByLabel(question.options[0].label, { exact: true }).check();
  await survey.getByRole('button', { name: 'Send my answers' }).click();
  await expect(survey).toBeHidden();
  await page.getByRole('button', { name: 'See my estimate' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your estimate');
  await page.getByLabel('Submit my application').check();
  await page.getByRole('button', { name: 'Continue to review' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Review and submit');
  // Each season's application is made on this season's disclosures: they are accepted again.
  const disclosures = page.getByTestId('submit-disclosures').getByRole('checkbox');
  for (const box of await disclosures.all()) await box.check();
  await page.getByRole('button', { name: 'Submit my application' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Quote submitted');
  await expect(page.getByTestId('application-reference')).toHaveText(new RegExp(`^APP-${year}-\\d{5}$`));

  // The new application: this season, Creek Flat now wheat, everything else as last season.
  const { protections } = protectionListSchema.parse(await (await context.request.get('/api/dashboard/protections')).json());
  const renewed = protections.find((protection) => protection.season === String(year))!;
  const before = protections.find((protection) => protection.id === last.id)!;
  expect(renewed.zoneCode).toBe(before.zoneCode);
  const carried = (protection: typeof renewed) =>
    protection.paddocks.map(({ name, areaHa, variety, expectedYield, pricePerTonne, hurdlePercentage, geometry }) => ({ name, areaHa, variety, expectedYield, pricePerTonne, hurdlePercentage, geometry }));
  expect(renewed.paddocks.map((paddock) => [paddock.name, paddock.crop])).toEqual([
    ['Home Paddock', 'wheat'],
    ['Creek Flat', 'wheat'],
  ]);
  expect(carried(renewed)[0]).toEqual(carried(before)[0]);
  expect(carried(renewed)[1]).toMatchObject({ name: 'Creek Flat', areaHa: before.paddocks[1]!.areaHa, geometry: before.paddocks[1]!.geometry, expectedYield: 2.5, pricePerTonne: 340, hurdlePercentage: 5 });

  await page.goto('/dashboard');
  await expect(page.getByTestId('renewal')).toHaveCount(0);
  await staffPage.reload();
  await expect(row.getByRole('cell').nth(2)).toHaveText('Submitted');
  await Promise.all([staff.close(), context.close()]);
});
