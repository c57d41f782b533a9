/**
 * Renewing from last season (docs/seasons.md 'Renewing'). A grower protected this season follows
 * staff's reminder e-mail to "Renew for the … season" on their dashboard at 390 px; the renewal opens
 * the wizard with last season's paddocks, crops, yields, prices and hurdles; they change one
 * paddock's crop, read what changed beside last season's figures, and submit, and the new application
 * carries the rest unchanged and names the one it renews. A broker renews two clients from the list
 * of clients due on Your Clients. Runs last (the new-season project): the next season is opened once,
 * and from then on every quote is for it. Screenshots go to .tmp/screenshots/renewal/.
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { administratorContext, registerMember, signedInContext, type RegisteredMember } from './support/accounts';
import { outboxMails } from './support/outbox';
import { acceptAndPay, cunderdinQuote, submitQuote } from './support/quotes';
import { squareOutline } from '../shared/domain/geo/testing/square-outline';
import { shootAtWidths } from './support/screenshots';
import { protectionListSchema, type ProtectionView } from '../shared/contracts/dashboard';
import { seasonListSchema } from '../shared/contracts/seasons';
import { FIRE_RISK_QUESTIONS } from '../shared/contracts/fire-risk-survey';
import { formatCents, formatHectares } from '../shared/format';

const PADDOCKS = [
  { id: 'p1', name: 'Home Paddock', area: 400, crop: 'wheat', variety: 'Scepter', geometry: squareOutline(117.2, -31.6, 0.02) },
  { id: 'p2', name: 'Creek Flat', area: 150, crop: 'canola', geometry: squareOutline(117.23, -31.6, 0.015) },
];

test.describe.configure({ mode: 'serial' });

/** Protected this season: each person with the protection their renewal starts from. */
interface Protected {
  person: RegisteredMember;
  last: ProtectionView;
}
let grower: Protected;
let broker: RegisteredMember;
const clients: Protected[] = [];
/** The season open before, and the one staff open for these tests. */
let lastYear: number;
let year: number;

async function protectedThisSeason(browser: Browser, base: string, staff: APIRequestContext, firstName: string, lastName: string): Promise<Protected> {
  const setup = await browser.newContext({ baseURL: base });
  const person = await registerMember(setup.request, base, firstName, lastName);
  await setup.close();
  const context = await signedInContext(browser, base, person.email);
  const submitted = await submitQuote(context.request, base, cunderdinQuote(person, PADDOCKS));
  await acceptAndPay(staff, base, person.id, submitted.id);
  const { protections } = protectionListSchema.parse(await (await context.request.get('/api/dashboard/protections')).json());
  await context.close();
  return { person, last: protections.find((protection) => protection.id === submitted.id)! };
}

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const base = baseURL!;
  const staff = await administratorContext(browser, base, 'Renewals');
  const unique = randomUUID().slice(0, 6);
  grower = await protectedThisSeason(browser, base, staff.request, 'Rene', `Newal${unique}`);
  const setup = await browser.newContext({ baseURL: base });
  broker = await registerMember(setup.request, base, 'Bree', `Broker${unique}`);
  await setup.close();
  const roles = async (id: string, data: object) => expect((await staff.request.put(`/api/admin/users/${id}/roles`, { data, headers: { Origin: base } })).status()).toBe(200);
  await roles(broker.id, { isBroker: true });
  for (const lastName of [`Avery${unique}`, `Blake${unique}`]) {
    const client = await protectedThisSeason(browser, base, staff.request, 'Cal', lastName);
    await roles(client.person.id, { brokerId: broker.id });
    clients.push(client);
  }

  // Staff open the next season today (the seasons page itself is e2e/seasons.spec.ts).
  const { seasons } = seasonListSchema.parse(await (await staff.request.get('/api/admin/seasons')).json());
  lastYear = seasons.find((season) => season.standing === 'open')!.year;
  year = lastYear + 1;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Perth' }).format(new Date());
  const dates = { opensOn: today, coverEndsOn: `${year + 1}-03-31` };
  const opened = seasons.some((season) => season.year === year)
    ? await staff.request.put(`/api/admin/seasons/${year}`, { data: dates, headers: { Origin: base } })
    : await staff.request.post('/api/admin/seasons', { data: { year, ...dates }, headers: { Origin: base } });
  expect(opened.ok(), await opened.text()).toBe(true);
  await staff.close();
});

test('a grower follows the reminder at 390 px, changes one paddock’s crop, reads what changed beside last season and submits; the rest carries over', async ({ browser, baseURL, administrator }) => {
  test.setTimeout(120_000);
  const base = baseURL!;
  const { person: member, last } = grower;
  const staff = await signedInContext(browser, base, administrator.email, administrator.password);

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

  // The grower opens the reminder's link: the dashboard, at its renewal card.
  let link: string | undefined;
  await expect
    .poll(() => {
      const mail = outboxMails().find((text) => text.includes(`To: ${member.email}`) && text.includes(`The ${year} season is open`));
      link = mail && /https?:\/\/[^\s"<>]+\/dashboard#renewal/.exec(mail)?.[0];
      return link;
    })
    .toBeTruthy();
  const context = await signedInContext(browser, base, member.email);
  const page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  const { pathname, hash } = new URL(link!);
  await page.goto(`${pathname}${hash}`);
  const card = page.getByTestId('renewal');
  await expect(card.getByRole('heading')).toHaveText(`Renew for the ${year} season`);
  await expect(card).toContainText(`Start from your ${lastYear} protection (${last.reference}): its 2 paddocks come pre-filled`);
  await expect(card).toBeInViewport();
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

  // Beside the new estimate: what changed since last season, and last season's figures.
  const comparison = page.getByTestId('renewal-comparison');
  await expect(comparison.getByRole('heading')).toHaveText(`Since your ${lastYear} protection`);
  await expect(comparison).toContainText(`This quote renews ${last.reference}.`);
  await expect(comparison.getByTestId('renewal-changes').getByRole('listitem')).toHaveText([`Creek Flat is sown to Wheat this season (last season ${formatHectares(last.paddocks[1]!.areaHa)} of Canola).`]);
  const figures = comparison.getByRole('table');
  await expect(figures.getByRole('columnheader')).toHaveText([`${lastYear} protection`, 'This quote']);
  await expect(
    figures
      .getByRole('row', { name: /^Total payable/ })
      .getByRole('cell')
      .first(),
  ).toHaveText(formatCents(last.totalPayableCents));
  await expect(
    figures
      .getByRole('row', { name: /^Value protected/ })
      .getByRole('cell')
      .first(),
  ).toHaveText(formatCents(last.insuredValueCents));
  await shootAtWidths(page, 'renewal', 'comparison', { target: comparison });

  await page.getByLabel('Submit my application').check();
  await page.getByRole('button', { name: 'Continue to review' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Review and submit');
  // Each season's application is made on this season's disclosures: they are accepted again.
  const disclosures = page.getByTestId('submit-disclosures').getByRole('checkbox');
  for (const box of await disclosures.all()) await box.check();
  await page.getByRole('button', { name: 'Submit my application' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Quote submitted');
  await expect(page.getByTestId('application-reference')).toHaveText(new RegExp(`^APP-${year}-\\d{5}$`));

  // The new application: this season, Creek Flat now wheat, everything else as last season, and it names the one it renews.
  const { protections } = protectionListSchema.parse(await (await context.request.get('/api/dashboard/protections')).json());
  const renewed = protections.find((protection) => protection.season === String(year))!;
  expect(renewed.renewsApplicationId).toBe(last.id);
  expect(renewed.zoneCode).toBe(last.zoneCode);
  const carried = (protection: ProtectionView) =>
    protection.paddocks.map(({ name, areaHa, variety, expectedYield, pricePerTonne, hurdlePercentage, geometry }) => ({ name, areaHa, variety, expectedYield, pricePerTonne, hurdlePercentage, geometry }));
  expect(renewed.paddocks.map((paddock) => [paddock.name, paddock.crop])).toEqual([
    ['Home Paddock', 'wheat'],
    ['Creek Flat', 'wheat'],
  ]);
  expect(carried(renewed)[0]).toEqual(carried(last)[0]);
  expect(carried(renewed)[1]).toMatchObject({ name: 'Creek Flat', areaHa: last.paddocks[1]!.areaHa, geometry: last.paddocks[1]!.geometry, expectedYield: 2.5, pricePerTonne: 340, hurdlePercentage: 5 });

  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/G’day/);
  await expect(page.getByTestId('renewal')).toHaveCount(0);
  await page.goto('/dashboard/protection');
  await expect(page.getByTestId('protection-card').filter({ hasText: renewed.reference })).toContainText(`RenewsThe ${lastYear} protection (${last.reference})`);
  await staffPage.reload();
  await expect(row.getByRole('cell').nth(2)).toHaveText('Submitted');
  await Promise.all([staff.close(), context.close()]);
});

test('a broker renews two clients at 390 px from the clients due on Your Clients', async ({ browser, baseURL }) => {
  test.setTimeout(150_000);
  const context = await browser.newContext({ baseURL: baseURL! });
  const page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  // From the home page by its menus, folded at this width: sign in, then Your Clients.
  await page.goto('/');
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In', exact: true }).click();
  await page.getByLabel('E-mail address').fill(broker.email);
  await page.getByLabel('Password').fill(broker.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Your Clients', exact: true }).click();
  const due = page.getByTestId('clients-due');
  await expect(due.getByRole('heading')).toHaveText(`Due to renew for the ${year} season (2)`);
  await shootAtWidths(page, 'renewal', 'clients-due', { target: due });

  for (const [index, { person, last }] of clients.entries()) {
    await expect(due.getByRole('heading')).toHaveText(`Due to renew for the ${year} season (${2 - index})`);
    await expect(due.getByRole('row', { name: new RegExp(person.lastName) })).toContainText(`${lastYear} protection (${last.reference})`);
    await due.getByRole('button', { name: `Renew ${person.name}` }).click();

    // The wizard in the client's name, at their crops with last season's figures.
    await expect(page.getByTestId('client-banner')).toContainText(`Quoting for ${person.name}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Crops and protection');
    await expect(page.getByTestId('paddock-card')).toHaveCount(2);
    await page.getByRole('button', { name: 'See my estimate' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your estimate');
    await expect(page.getByTestId('renewal-comparison')).toContainText(`This quote renews ${last.reference}.`);
    await page.getByLabel('Submit my application').check();
    await page.getByRole('button', { name: 'Continue to review' }).click();
    await expect(page.getByRole('heading', { name: `Submit the application of ${person.name}` })).toBeVisible();
    for (const box of await page.getByTestId('submit-disclosures').getByRole('checkbox').all()) await box.check();
    await page.getByRole('button', { name: 'Submit my application' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Quote submitted');
    await expect(page.getByTestId('application-reference')).toHaveText(new RegExp(`^APP-${year}-\\d{5}$`));

    // Each client's new application renews their own, in their name.
    const { protections } = protectionListSchema.parse(await (await context.request.get(`/api/dashboard/protections?memberId=${person.id}`)).json());
    expect(protections.find((protection) => protection.season === String(year))).toMatchObject({ userId: person.id, renewsApplicationId: last.id });
    await page.goto('/dashboard/paddocks');
  }
  await expect(due).toHaveCount(0);
  await context.close();
});
