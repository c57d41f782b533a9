/**
 * One honest status: on a phone, a grower's dashboard says what their application is,
 * and says protected only once cover has started: submitted after submitting, invoiced once staff
 * accept, protected once the first payment is recorded. Screenshots at 390 px go to
 * .tmp/screenshots/lifecycle/.
 */
import { type BrowserContext, type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { invoiceListSchema } from '../shared/contracts/dashboard';
import { moneyBreakdown } from '../shared/domain/estimates';
import { formatMoney } from '../shared/format';
import { extractPdfText } from '../server/src/testing/pdf-text';
import { signedInContext } from './support/accounts';
import { outboxMails } from './support/outbox';
import { growerWithSubmittedQuote } from './support/quotes';
import { saveScreenshot } from './support/screenshots';

const SHOTS = '.tmp/screenshots/lifecycle';

type Stage = 'Submitted' | 'Invoiced' | 'Protected';
const STAGE_SENTENCES: Record<Stage, string> = {
  Submitted: 'You are not protected yet.',
  Invoiced: 'Protection starts when your first payment reaches us.',
  Protected: 'Your crop is protected for this season.',
};

/**
 * Every surface of one application says the same stage (the one rule, shared/domain/protection/lifecycle.ts):
 * the member's dashboard and Protection page, the protection summary PDF, the claim form, and staff's
 * applications list.
 */
async function everySurfaceSays(stage: Stage, member: { page: Page; context: BrowserContext }, staffPage: Page, reference: string) {
  const { page, context } = member;
  await page.goto('/dashboard');
  await expect(page.getByRole('cell', { name: new RegExp(`^(Status )?${stage}$`) })).toBeVisible();
  await page.goto('/dashboard/protection');
  const card = page.getByTestId('protection-card');
  await expect(card.getByTestId('status')).toHaveText(stage);
  await expect(card).toContainText(stage === 'Protected' ? 'Value protected' : 'Value applied for');
  const protections = (await (await context.request.get('/api/dashboard/protections')).json()) as { protections: Array<{ id: string }> };
  const summary = (await extractPdfText(await (await context.request.get(`/api/dashboard/protections/${protections.protections[0]!.id}/summary.pdf`)).body())).replace(/\s+/g, ' ');
  expect(summary).toContain(`Status: ${stage}`);
  expect(summary).toContain(STAGE_SENTENCES[stage]);
  await page.goto('/dashboard/claims');
  await page.getByRole('button', { name: 'Lodge a claim' }).click();
  if (stage === 'Protected') await expect(page.getByRole('heading', { name: 'Lodge a claim' })).toBeVisible();
  else await expect(page.getByTestId('claim-before-acceptance')).toBeVisible();
  await staffPage.goto('/admin/applications');
  await expect(staffPage.getByRole('listitem').filter({ hasText: reference }).getByTestId('application-stage')).toHaveText(stage);
}

test('a grower’s dashboard says submitted, then invoiced, and protected only once the first payment is in', async ({ browser, baseURL, administrator }) => {
  const base = baseURL!;
  const { context, page, application, member } = await growerWithSubmittedQuote(browser, base, 'Honest', 'Status');
  const admin = await signedInContext(browser, base, administrator.email, administrator.password);
  const staffPage = await admin.newPage();
  await everySurfaceSays('Submitted', { page, context }, staffPage, application.reference);

  await page.goto('/dashboard');
  const protectedStat = page.getByRole('region', { name: 'Protected this season' });
  await expect(protectedStat).toContainText('$0.00');
  await expect(protectedStat).toContainText('No cover has started yet');
  await expect(page.getByTestId('applied-for')).toContainText('Applied for, not yet protected: $340,000.00 (submitted)');
  await expect(page.getByRole('cell', { name: /^(Status )?Submitted$/ })).toBeVisible();
  await expect(page.getByTestId('status').filter({ hasText: 'Protected' })).toHaveCount(0);
  await saveScreenshot(page, { path: `${SHOTS}/submitted-390.png`, fullPage: true });
  await expect(page.getByTestId('contact-card').getByRole('link', { name: '(08) 9000 0000' })).toHaveAttribute('href', 'tel:+61890000000');

  // A claim has a path before acceptance too: the phone number first, and the application named.
  await page.goto('/dashboard/claims');
  await expect(page.getByTestId('claims-line').getByRole('link', { name: '(08) 9000 0000' })).toHaveAttribute('href', 'tel:+61890000000');
  await page.getByRole('button', { name: 'Lodge a claim' }).click();
  await expect(page.getByTestId('claim-before-acceptance')).toContainText(/Your application APP-\d{4}-\d{5} is still being checked/);
  await saveScreenshot(page, { path: `${SHOTS}/claims-before-acceptance-390.png`, fullPage: true });
  await page.goto('/dashboard');

  const headers = { Origin: base };
  expect((await admin.request.put(`/api/dashboard/protections/${application.id}/status`, { data: { status: 'accepted' }, headers })).status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId('applied-for')).toContainText('(invoiced)');
  await expect(page.getByRole('cell', { name: /^(Status )?Invoiced$/ })).toBeVisible();
  // The e-mail names the same stage.
  await expect.poll(() => outboxMails().some((mail) => mail.includes(`To: ${member.email}`) && /Subject: Your application APP-\d{4}-\d{5}: Invoiced/.test(mail))).toBe(true);
  await everySurfaceSays('Invoiced', { page, context }, staffPage, application.reference);
  await page.goto('/dashboard');

  const { invoices } = invoiceListSchema.parse(await (await context.request.get('/api/invoices')).json());
  // The invoices bill the estimate's lines: the contribution with its GST, the loading GST-free, the membership fee with its GST.
  const moneyLines = Object.fromEntries(moneyBreakdown(application.premium).map((line) => [line.key, formatMoney(line.amount)]));
  for (const [kind, amounts] of [
    ['contribution', [moneyLines['calculated'], moneyLines['contributionGst']]],
    ['contribution', [moneyLines['loading'], 'GST-free']],
    ['membership_fee', [moneyLines['membershipFee'], moneyLines['membershipGst']]],
  ] as const) {
    const invoice = invoices.find((item) => item.kind === kind)!;
    const text = (await extractPdfText(await (await context.request.get(invoice.pdfUrl)).body())).replace(/\s+/g, ' ');
    expect(text).toContain(amounts.join(' '));
    expect(text).toContain('How to pay');
  }
  const first = invoices[0]!;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Perth' }).format(new Date());
  const paid = await admin.request.post(`/api/invoices/${first.id}/payments`, { data: { amountDollars: first.totalCents / 100, receivedOn: today, method: 'eft' }, headers });
  expect(paid.status(), await paid.text()).toBe(201);

  await page.reload();
  await expect(protectedStat).toContainText('$340,000.00');
  await expect(protectedStat).toContainText('400 ha across 1 protection');
  await expect(page.getByTestId('applied-for')).toHaveCount(0);
  await expect(page.getByRole('cell', { name: /^(Status )?Protected$/ })).toBeVisible();
  await saveScreenshot(page, { path: `${SHOTS}/protected-390.png`, fullPage: true });
  await page.goto('/dashboard/protection');
  await expect(page.getByTestId('protection-card').getByTestId('status')).toHaveText('Protected');
  await expect(page.getByText('Your crop is protected for this season.')).toBeVisible();
  await everySurfaceSays('Protected', { page, context }, staffPage, application.reference);
  await admin.close();
  await context.close();
});
