/**
 * The administrators' registration and quote analytics pages: events sent the way the browser
 * sends them are counted per tab and step, and a member registered through the API shows up in the
 * registrations and the verification funnel.
 */
import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { registerMember, signInThroughPage } from './support/accounts';
import { shootAtWidths } from './support/screenshots';
import { resolveRange } from '../shared/domain/reporting/insights';

test.describe.configure({ mode: 'serial' });

const screenshots = (page: Page, name: string) => shootAtWidths(page, 'admin-analytics', name);

test('the quote funnel counts the tabs that reached each step, the drop-off and the median time on a step', async ({ page, request, baseURL, administrator }) => {
  // A day of this year no other test sends events for, different on each run.
  const day = new Date(Date.UTC(2026, 0, 5) + Math.floor(Math.random() * 200) * 86_400_000).toISOString().slice(0, 10);
  const start = Date.parse(`${day}T01:00:00Z`);
  const tab = `e2e-${Date.now()}`;
  const view = (session: string, step: string, seconds: number) => ({ event: 'quote_step.viewed', timestamp: new Date(start + seconds * 1000).toISOString(), properties: { step }, sessionId: session });
  const events = [
    view(`${tab}-a`, 'personal-details', 0),
    view(`${tab}-a`, 'email-verification', 60),
    view(`${tab}-a`, 'password-creation', 90),
    view(`${tab}-b`, 'personal-details', 0),
    view(`${tab}-b`, 'email-verification', 120),
    view(`${tab}-c`, 'personal-details', 0),
  ];
  const sent = await request.post('/api/analytics/events', { data: { events }, headers: { Origin: baseURL! } });
  expect(sent.status()).toBe(202);

  await signInThroughPage(page, '/admin/quote-analytics', administrator);
  await expect(page.getByRole('heading', { level: 1, name: 'Quote Analytics' })).toBeVisible();
  // Opened without a period, From and To show the one the server chose.
  const chosen = resolveRange({}, new Date());
  await expect(page.getByRole('textbox', { name: 'From' })).toHaveValue(chosen.from);
  await expect(page.getByRole('textbox', { name: 'To' })).toHaveValue(chosen.to);
  await page.getByRole('textbox', { name: 'From' }).fill(day);
  await page.getByRole('textbox', { name: 'To' }).fill(day);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${day}&to=${day}`));

  const table = page.getByRole('table', { name: /Quote funnel/ });
  await expect(table.getByRole('row', { name: /Personal details/ })).toHaveText(/Personal details\s*3\s*1 \(33\.3%\)\s*1 min 30 s/);
  await expect(table.getByRole('row', { name: /E-mail verification/ })).toHaveText(/E-mail verification\s*2\s*1 \(50%\)\s*30 s/);
  await expect(table.getByRole('row', { name: /Password creation/ })).toHaveText(/Password creation\s*1\s*1 \(100%\)\s*—/);
  await expect(page.getByRole('img', { name: /Quote funnel/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', `/api/admin/analytics/quote-funnel.csv?from=${day}&to=${day}`);
  await expect(page.getByText('No applications were submitted in this period.')).toBeVisible();
  await screenshots(page, 'quote-analytics');

  // A period in the wrong order is refused beside the field, before anything is asked of the server.
  await page.getByRole('textbox', { name: 'From' }).fill('2026-02-10');
  await page.getByRole('textbox', { name: 'To' }).fill('2026-02-01');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByText('must be on or before to; swap the two dates')).toBeVisible();
});

test('a member registered today is in the registrations of the week and the verification funnel', async ({ page, request, baseURL, administrator }) => {
  await registerMember(request, baseURL!, 'Analytics', 'Grower');
  await signInThroughPage(page, '/admin/registration-analytics', administrator);
  await expect(page.getByRole('heading', { level: 1, name: 'Registration Analytics' })).toBeVisible();
  await page.getByLabel('Count per').selectOption('week');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/bucket=week/);
  await expect(page.getByRole('heading', { level: 2, name: 'Registrations per week' })).toBeVisible();

  const registrations = page.getByRole('table', { name: /Registrations per week/ });
  const lastWeek = registrations.getByRole('row').last();
  await expect(lastWeek.getByRole('cell')).not.toHaveText('0');
  const funnel = page.getByRole('table', { name: /Verification funnel/ });
  for (const step of ['Code sent', 'E-mail verified', 'Password created', 'First quote']) await expect(funnel.getByRole('rowheader', { name: step })).toBeVisible();
  await expect(page.getByRole('table', { name: /Registrations by source/ }).getByRole('rowheader', { name: 'Direct (the quote wizard)' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', /\/api\/admin\/analytics\/registrations\.csv\?.*bucket=week/);
  await screenshots(page, 'registration-analytics');
});
