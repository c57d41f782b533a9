/**
 * The administrators' errors, analytics and corporate documents pages: reports and events sent
 * the way the browser sends them show up grouped and counted, and an uploaded PDF is published.
 */
import { randomBytes } from 'node:crypto';
import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { registerMember, signInThroughPage } from './support/accounts';
import { shootAtWidths } from './support/screenshots';
import { slowUploads } from './support/pages';

/** A PDF with a comment line of 20 KB, so that its upload at a slow connection's speed takes a moment. */
const PDF = Buffer.from(`%PDF-1.4\n%${'padding '.repeat(2_500)}\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);

test.describe.configure({ mode: 'serial' });

/** The page at a phone's width and a desktop's, saved to look at. */
const screenshots = (page: Page, name: string) => shootAtWidths(page, 'admin-insights', name);

test('the administrator sees a reported error grouped with its count, and its reports', async ({ page, request, baseURL, administrator }) => {
  const fingerprint = `custom-${randomBytes(8).toString('hex')}`;
  const message = `Paddock ${fingerprint} failed to draw`;
  const now = Date.now();
  const errors = [0, 1, 2].map((index) => ({
    id: `e2e-${fingerprint}-${index}`,
    type: 'custom',
    message,
    stack: `Error: ${message}\n    at drawPaddock (https://site/assets/farm-map.js:1:200)`,
    url: `${baseURL}/quote?step=farm-mapping`,
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1',
    timestamp: new Date(now - (2 - index) * 60_000).toISOString(),
    severity: 'high',
    metadata: { paddocks: index },
    fingerprint,
  }));
  const sent = await request.post('/api/errors/track', { data: { errors }, headers: { Origin: baseURL! } });
  expect(sent.status()).toBe(202);

  await signInThroughPage(page, '/admin/errors', administrator);
  await expect(page.getByRole('heading', { level: 1, name: 'Errors' })).toBeVisible();
  await page.getByLabel('Type').selectOption('custom');
  await page.getByLabel('Severity').selectOption('high');
  await page.getByRole('button', { name: 'Show errors' }).click();
  await expect(page).toHaveURL(/type=custom&severity=high/);
  const group = page.getByTestId('error-group').filter({ hasText: message });
  await expect(group).toHaveCount(1);
  await expect(group.getByLabel('3 reports')).toBeVisible();
  await expect(group).toContainText('iPhone');
  await group.getByText('Sample stack').click();
  await expect(group.getByText('at drawPaddock')).toBeVisible();
  await screenshots(page, 'errors');

  await group.getByRole('link', { name: /View the reports/ }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/errors/${fingerprint}$`));
  await expect(page.getByTestId('error-report')).toHaveCount(3);
  await expect(page.getByText('3 reports', { exact: true })).toBeVisible();
  await screenshots(page, 'error-group');
});

test('staff follow an error a member met to who they are: the report’s Session opens the member’s timeline', async ({ browser, baseURL, page, administrator }) => {
  // A member's tab: the home page's visit is sent signed in, then a fault of the page is reported with the tab's session.
  const member = await browser.newContext({ baseURL });
  const { firstName, lastName } = await registerMember(member.request, baseURL!, 'Erin', 'Errant');
  const memberPage = await member.newPage();
  await memberPage.clock.install();
  await memberPage.goto('/');
  const eventsSent = memberPage.waitForResponse((response) => response.url().endsWith('/api/analytics/events'));
  await memberPage.clock.runFor(6_000);
  expect((await eventsSent).status()).toBe(202);
  const message = `Paddock ${randomBytes(6).toString('hex')} failed to draw`;
  await memberPage.evaluate(
    (text) =>
      queueMicrotask(() => {
        throw new Error(text);
      }),
    message,
  );
  const reported = memberPage.waitForResponse((response) => response.url().endsWith('/api/errors/track'));
  await memberPage.clock.runFor(31_000);
  expect((await reported).status()).toBe(202);
  const sessionId = await memberPage.evaluate(() => sessionStorage.getItem('gm:tab-session'));
  await member.close();

  await signInThroughPage(page, '/admin/errors', administrator);
  await page.getByLabel('Type').selectOption('javascript');
  await page.getByRole('button', { name: 'Show errors' }).click();
  await page
    .getByTestId('error-group')
    .filter({ hasText: message })
    .getByRole('link', { name: /View the report/ })
    .click();
  const report = page.getByTestId('error-report');
  await expect(report).toContainText(sessionId!);
  await screenshots(page, 'error-report-session');
  await report.getByRole('link', { name: 'Look up this visitor' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'User Tracking' })).toBeVisible();
  await expect(page.getByLabel('Visitor session id')).toHaveValue(sessionId!);
  await page.getByRole('button', { name: 'Open their timeline' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Timeline: ${firstName} ${lastName}` })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Opened from visitor session' })).toContainText(sessionId!);
  await screenshots(page, 'timeline-from-error');
});

test('the administrator sees the events the site sent, per day and among the top events', async ({ page, request, baseURL, administrator }) => {
  const name = `e2e_insights.${randomBytes(4).toString('hex')}`;
  const events = [0, 1, 2].map((index) => ({ event: name, timestamp: new Date(Date.now() - index * 1000).toISOString(), properties: { index } }));
  const sent = await request.post('/api/analytics/events', { data: { events }, headers: { Origin: baseURL! } });
  expect(sent.status()).toBe(202);

  await signInThroughPage(page, '/admin/analytics', administrator);
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  const top = page.getByRole('list', { name: /Top events/ });
  await expect(top.getByRole('listitem').filter({ hasText: name })).toContainText('3');

  await page.getByLabel('Event', { exact: true }).selectOption(name);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(new RegExp(`event=${name.replace('.', '\\.')}`));
  await expect(page.getByRole('heading', { level: 2, name: `${name} per day` })).toBeVisible();
  await expect(page.getByText(/^3 events from/)).toBeVisible();
  await expect(page.getByRole('img', { name: new RegExp(`${name.replace('.', '\\.')} per day`) })).toBeVisible();
  await page.getByText('Show the counts as a table').click();
  const today = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Australia/Perth' }).format(new Date());
  await expect(page.getByRole('row', { name: today })).toContainText('3');
  await screenshots(page, 'analytics');
});

test('the administrator uploads a PDF that the public Corporate Documents page then lists, and deletes it', async ({ page, administrator }) => {
  const title = `Seeding Guide ${randomBytes(3).toString('hex')}`;
  await signInThroughPage(page, '/admin/blob-management', administrator);
  await expect(page.getByRole('heading', { level: 1, name: 'Blob Management' })).toBeVisible();
  await expect(page.getByTestId('corporate-document').first()).toBeVisible();

  await page.getByLabel('Title').fill(title);
  await page.getByLabel('PDF file').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a pdf') });
  await page.getByRole('button', { name: 'Upload and publish' }).click();
  await expect(page.getByRole('alert')).toContainText('Only PDF documents can be published; “notes.txt” is not a PDF.');

  await page.getByLabel('Description (optional)').fill('When to sow canola and barley in the Wheatbelt.');
  await page.getByLabel('PDF file').setInputFiles({ name: 'seeding guide.pdf', mimeType: 'application/pdf', buffer: PDF });
  const slowConnection = await slowUploads(page, 4 * 1024);
  await page.getByRole('button', { name: 'Upload and publish' }).click();
  const sending = page.getByRole('progressbar', { name: 'Sending the document' });
  await expect(sending).toBeVisible();
  await expect(page.getByText(/^\d+ (B|KB) of \d+ KB sent$/)).toBeVisible();
  await screenshots(page, 'publishing');
  await slowConnection.restore();
  await expect(page.getByRole('status')).toContainText(`“${title}” is published.`);
  await expect(sending).toHaveCount(0);
  const card = page.getByTestId('corporate-document').filter({ hasText: title });
  await expect(card).toContainText('seeding-guide.pdf');
  await card.getByRole('button', { name: `Move ${title} up` }).click();
  await expect(page.getByRole('status')).toContainText(`“${title}” moved up.`);
  await screenshots(page, 'blob-management');

  await page.goto('/corporate-documents');
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(page.getByText('When to sow canola and barley in the Wheatbelt.')).toBeVisible();

  await page.goto('/admin/blob-management');
  const published = page.getByTestId('corporate-document').filter({ hasText: title });
  // From the keyboard: the question takes the focus on Keep it, and Escape gives it back to Delete.
  await published.getByRole('button', { name: `Delete ${title}` }).press('Enter');
  const question = published.getByRole('alertdialog', { name: `Delete “${title}”?` });
  await expect(question).toContainText('It disappears from the public Corporate Documents page at once.');
  await expect(question.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await screenshots(page, 'blob-delete-asks');
  await page.keyboard.press('Escape');
  await expect(question).toHaveCount(0);
  await expect(published.getByRole('button', { name: `Delete ${title}` })).toBeFocused();
  await page.keyboard.press('Enter');
  await question.getByRole('button', { name: 'Yes, delete it' }).click();
  await expect(page.getByRole('status')).toContainText(`“${title}” was deleted.`);
  await page.goto('/corporate-documents');
  await expect(page.getByRole('heading', { level: 2, name: 'Constitution' }).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: title })).toHaveCount(0);
});
