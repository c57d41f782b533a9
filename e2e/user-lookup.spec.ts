import { expect, test } from './support/fixtures';
import { signedInContext } from './support/accounts';
import { shootAtWidths } from './support/screenshots';
import { cunderdinQuote, submitQuote } from './support/quotes';
import { visitorToFarmMapping } from './support/wizard';

test('a member of staff finds a person, opens their timeline and sees the quote they just made', async ({ browser, baseURL, administrator }) => {
  // The wizard's account steps, a submission and three admin pages on a shared machine.
  test.setTimeout(300_000);
  // A visitor starts a quote in the wizard, registers on the way, and submits their quote.
  const visitor = await browser.newContext({ baseURL });
  await visitor.route(/tile\.openstreetmap\.org|arcgisonline\.com/, (route) => route.abort());
  const visitorPage = await visitor.newPage();
  const email = `jo-lookup-${Date.now()}@example.com`;
  await visitorToFarmMapping(visitorPage, email);
  const session = (await (await visitor.request.get('/api/auth/session')).json()) as { user: { id: string } };
  const person = { id: session.user.id, email, firstName: 'Jo', lastName: 'Wheatley' };
  // A farm road of Jo's own, so the search by farm address finds Jo alone among the suite's other Cunderdin quotes.
  const farmRoad = `McAlinden-${Date.now()} Road`;
  // And a postal road of Jo's own, as the application gives it.
  const postalRoad = `McDermott-${Date.now()} Road`;
  const quote = cunderdinQuote(person);
  const application = await submitQuote(visitor.request, baseURL!, {
    ...quote,
    personalDetails: { ...quote.personalDetails, address: `RMB 410 ${postalRoad}, Doodlakine WA` },
    farmData: { ...quote.farmData, address: `Lot 4 ${farmRoad}, Cunderdin WA` },
  });

  // Staff start at the home page, sign in by its link and open User Lookup from the menu.
  const staff = await browser.newContext({ baseURL });
  const page = await staff.newPage();
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign In' }).click();
  await page.getByLabel('E-mail address').fill(administrator.email);
  await page.getByLabel('Password').fill(administrator.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const menu = page.getByRole('navigation', { name: 'Administration' });
  await menu.getByRole('button', { name: 'User Analytics and Tracking' }).click();
  await menu.getByRole('list', { name: 'User Analytics and Tracking' }).getByRole('link', { name: 'User Lookup' }).click();
  await expect(page.getByRole('heading', { name: 'User Lookup', level: 1 })).toBeVisible();

  // They find Jo by e-mail address and open their page.
  await page.getByLabel('Search for a person').fill(email);
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByText('Read as an e-mail address. 1 person found.')).toBeVisible();
  await page.getByRole('link', { name: 'Jo Wheatley' }).click();
  await expect(page.getByRole('heading', { name: 'Jo Wheatley', level: 1 })).toBeVisible();
  const applications = page.getByRole('region', { name: 'Applications' });
  await expect(applications.getByRole('row')).toHaveCount(2);
  await expect(applications).toContainText(`Lot 4 ${farmRoad}, Cunderdin WA`);
  await expect(applications).toContainText('Home Paddock');
  await expect(applications).toContainText(application.reference);
  await expect(applications).not.toContainText(application.id);

  // So does the farm's address, typed in lower case as a caller reads it off a letter.
  await page.goto('/admin/user-lookup');
  await page.getByLabel('Search for a person').fill(`${farmRoad.toLowerCase()}, cunderdin`);
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByText('Read as words: name, business, postal or farm address, or paddock name. 1 person found.')).toBeVisible();
  await expect(page.getByRole('row', { name: /Jo Wheatley/ })).toContainText('farm address');
  await shootAtWidths(page, 'user-lookup', 'found-by-farm-address');

  // And the postal address the application gave, in lower case too.
  await page.getByLabel('Search for a person').fill(postalRoad.toLowerCase());
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByText('Read as words: name, business, postal or farm address, or paddock name. 1 person found.')).toBeVisible();
  await expect(page.getByRole('row', { name: /Jo Wheatley/ })).toContainText('postal address');
  await shootAtWidths(page, 'user-lookup', 'found-by-postal-address');

  // The application number, typed as a person would, finds them too.
  await page.goto('/admin/user-lookup');
  await page.getByLabel('Search for a person').fill(application.reference.toLowerCase().replace(/-/g, ' '));
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByText('Read as an application number. 1 person found.')).toBeVisible();
  await page.getByRole('link', { name: 'Jo Wheatley' }).click();

  // Their timeline has the submission (the farm's address masked) and the wizard steps they were shown.
  await page.getByRole('link', { name: 'Open timeline' }).click();
  await expect(page.getByRole('heading', { name: 'Timeline: Jo Wheatley' })).toBeVisible();
  const timeline = page.getByRole('list', { name: 'Timeline, newest first' });
  await expect(timeline.getByText(/^Application submitted: both cover, season \d{4}$/)).toBeVisible();
  await expect(timeline).toContainText('farm at Lot …, Cunderdin WA');
  await expect(timeline).not.toContainText(farmRoad);
  // Wizard steps reach the server in batches a few seconds apart.
  await expect(async () => {
    await page.reload();
    await expect(timeline.getByText('Wizard step shown: personal-details')).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 60_000 });

  // Only submissions, by the kind filter.
  await page.getByLabel('Kind', { exact: true }).selectOption('submission');
  await page.getByRole('button', { name: 'Show entries' }).click();
  await expect(timeline.getByRole('listitem')).toHaveCount(1);
  await expect(page).toHaveURL(/kind=submission/);
  await visitor.close();
  await staff.close();
});

test('a link to a person who is not there (deleted since, or mistyped) keeps the page its heading and title and says so', async ({ browser, baseURL, administrator }) => {
  const staff = await signedInContext(browser, baseURL!, administrator.email, administrator.password);
  const page = await staff.newPage();
  await page.goto('/admin/user-lookup/no-such-person');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Person');
  await expect(page).toHaveTitle('Person | Grain Growers Mutual');
  await expect(page.getByText('There is no account with that id.')).toBeVisible();
  await expect(page.getByRole('link', { name: '← Back to the search' })).toBeVisible();
  await staff.close();
});
