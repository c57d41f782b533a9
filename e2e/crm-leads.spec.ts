import { expect, test } from './support/fixtures';
import { signInThroughPage } from './support/accounts';
import { codeFromOutbox } from './support/outbox';
import { cunderdinQuote, submitQuote } from './support/quotes';

/** A Perth calendar day a week from now, YYYY-MM-DD. */
const nextWeek = () => new Date(Date.now() + 8 * 60 * 60 * 1000 + 7 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

test('staff follow a register-interest sign-up through the pipeline until it is won by the application', async ({ page, request, baseURL, administrator }) => {
  // A sign-up, an account, an application and five saves through the page: slow on a loaded machine.
  test.setTimeout(180_000);
  const unique = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const name = `Rhea Wyalkatchem ${unique}`;
  const email = `rhea-${unique}@example.com`;

  // The person registers interest on the public site.
  await page.goto('/register');
  const form = page.getByTestId('register-form');
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('District or nearest town').fill('Wyalkatchem');
  await form.getByLabel('Hail').check();
  await form.getByRole('button', { name: 'Register Interest' }).click();
  await expect(page.getByRole('status')).toContainText('Thank you, you are registered.');

  // Staff find the lead and open it.
  await page.context().clearCookies();
  await signInThroughPage(page, '/admin/crm/leads', administrator);
  await expect(page.getByRole('heading', { level: 1, name: 'CRM Leads' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'By source' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Person' }).fill(unique);
  await page.getByRole('button', { name: 'Search' }).click();
  const item = page.getByRole('list', { name: 'Leads, newest first' }).getByRole('button');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(name);
  await expect(item).toContainText('Register interest');
  await expect(item).toContainText('New');
  await item.click();
  const detail = page.getByRole('article');
  await expect(detail.getByRole('heading', { name })).toBeVisible();
  await expect(detail.getByRole('list').last()).toContainText('District or nearest town: Wyalkatchem');

  // Contacted, with an owner, a follow-up date and a note.
  await detail.getByLabel('Stage').selectOption('contacted');
  await detail.getByLabel('Owner').selectOption({ index: 1 });
  await detail.getByLabel('Next follow-up').fill(nextWeek());
  await detail.getByLabel('Note (optional)').fill('Rang her: 900 ha of wheat, wants a hail quote.');
  await detail.getByRole('button', { name: 'Save' }).click();
  await expect(detail.getByRole('status')).toHaveText('The lead is saved.');
  await expect(detail.getByText('Rang her: 900 ha of wheat, wants a hail quote.')).toBeVisible();
  await expect(detail.getByText('Moved from new to contacted')).toBeVisible();
  await expect(item).toContainText('Contacted');
  await expect(item).toContainText('follow up');

  // Lost needs its reason; then quoted.
  await detail.getByLabel('Stage').selectOption('lost');
  await detail.getByRole('button', { name: 'Save' }).click();
  await expect(detail.getByText('Say why the lead was lost.')).toBeVisible();
  await detail.getByLabel('Stage').selectOption('quoted');
  await detail.getByRole('button', { name: 'Save' }).click();
  await expect(detail.getByText('Moved from contacted to quoted')).toBeVisible();
  await expect(item).toContainText('Quoted');

  // The person opens an account with the same address and submits an application.
  const headers = { Origin: baseURL! };
  expect((await request.post('/api/auth/email-verification/send', { headers, data: { email, firstName: 'Rhea', lastName: 'Wyalkatchem' } })).ok()).toBe(true);
  const verified = await request.post('/api/auth/email-verification/verify', { headers, data: { email, code: await codeFromOutbox(email) } });
  const { verificationToken } = (await verified.json()) as { verificationToken: string };
  const registered = await request.post('/api/auth/register', {
    headers,
    data: { firstName: 'Rhea', lastName: 'Wyalkatchem', email, phone: '0412 345 678', password: 'stubble burning after harvest', verificationToken },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { user } = (await registered.json()) as { user: { id: string } };
  await submitQuote(request, baseURL!, cunderdinQuote({ id: user.id, email, firstName: 'Rhea', lastName: 'Wyalkatchem' }));

  // Staff see it won, by itself.
  await page.reload();
  await expect(item).toContainText('Won', { timeout: 30_000 });
  await expect(detail.getByText('Submitted an application: won (was quoted)')).toBeVisible();
  await expect(detail.getByLabel('Stage')).toHaveCount(0);
});
