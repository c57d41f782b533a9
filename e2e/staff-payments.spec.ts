/**
 * One lifecycle people can finish (docs/dashboard.md 'Recording and reversing payments'): at 390 and
 * 1366 px, a grower's application is accepted, a member of staff records the full payment of each
 * invoice from the person page (by the form's labels) and sees the balance $0.00; the grower's
 * dashboard then says protected, the receipt PDF is there, and the e-mail says protected from the day
 * it arrived. Staff then reverse the membership fee's payment from the application's card, and the
 * grower's Payments page says so. A reversal above the threshold waits for a second administrator,
 * whose e-mail and bell lead them to it. Screenshots go to .tmp/screenshots/staff-payments/.
 */
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { perthToday } from '../shared/perth-time';
import { formatLongDate } from '../shared/format';
import { staffInvoiceListSchema } from '../shared/contracts/dashboard';
import { PAYMENT_REVERSAL_APPROVAL_THRESHOLD_CENTS } from '../shared/domain/billing/payments';
import { extractPdfText } from '../server/src/testing/pdf-text';
import { adminGrantedLastMonth, registerAdministrator, signedInContext } from './support/accounts';
import { outboxMails } from './support/outbox';
import { growerWithSubmittedQuote } from './support/quotes';
import { saveScreenshot } from './support/screenshots';

const SHOTS = '.tmp/screenshots/staff-payments';

async function shoot(page: Page, name: string, width: number) {
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  await saveScreenshot(page, { path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
}

/** Records the whole balance of one invoice through its "Record a payment" form, as a person fills it in. */
async function recordFullPayment(invoice: Locator, reference: string) {
  const balance = (await invoice.getByText(/^Balance \$/).textContent())!.replace('Balance ', '');
  await invoice.getByRole('button', { name: 'Record a payment' }).click();
  const form = invoice.getByRole('form', { name: /^Record a payment on INV-/ });
  await form.getByLabel('Amount ($)').fill(balance);
  await form.getByLabel('Date received').fill(perthToday());
  await form.getByLabel('Method').selectOption({ label: 'EFT (bank transfer)' });
  await form.getByLabel('Reference (optional)').fill(reference);
  return { form, balance };
}

for (const width of [390, 1366]) {
  test(`at ${width} px staff record a payment, and the member’s dashboard, receipt and e-mail say protected`, async ({ browser, baseURL, administrator }) => {
    test.setTimeout(180_000);
    const base = baseURL!;
    const { context, page, application, member } = await growerWithSubmittedQuote(browser, base, 'Penny', `Payer${width}`);
    await page.setViewportSize({ width, height: 900 });

    // The board accepts the application (as the lifecycle spec does, through the API): it is invoiced, not protected.
    const staff = await signedInContext(browser, base, administrator.email, administrator.password);
    const accepted = await staff.request.put(`/api/dashboard/protections/${application.id}/status`, { data: { status: 'accepted' }, headers: { Origin: base } });
    expect(accepted.status(), await accepted.text()).toBe(200);

    // The person page: each invoice with its balance, and "Record a payment".
    const staffPage = await staff.newPage();
    await staffPage.setViewportSize({ width, height: 900 });
    await staffPage.goto(`/admin/user-lookup/${member.id}`);
    await expect(staffPage.getByRole('heading', { name: member.name, level: 1 })).toBeVisible();
    const billing = staffPage.getByRole('region', { name: 'Invoices and payments' });
    const invoices = billing.getByRole('article', { name: /^Invoice INV-/ });
    await expect(invoices).toHaveCount(2);
    await shoot(staffPage, 'person-invoiced', width);

    // A mistake the form catches: a day after today.
    const first = invoices.first();
    const { form } = await recordFullPayment(first, `EFT ${width}-1`);
    await form.getByLabel('Date received').fill('2999-01-01');
    await form.getByRole('button', { name: 'Record the payment' }).click();
    await expect(form.getByText('The day the money arrived cannot be after today')).toBeVisible();
    await shoot(staffPage, 'record-payment-form', width);
    await form.getByLabel('Date received').fill(perthToday());
    await form.getByRole('button', { name: 'Record the payment' }).click();
    await expect(first.getByRole('status')).toContainText('The balance is now $0.00, and the member is e-mailed their receipt.');
    await expect(first.getByText('Balance $0.00')).toBeVisible();

    const second = invoices.nth(1);
    const { form: secondForm } = await recordFullPayment(second, `EFT ${width}-2`);
    await secondForm.getByRole('button', { name: 'Record the payment' }).click();
    await expect(second.getByRole('status')).toContainText('The balance is now $0.00');
    await expect(second.getByText('Balance $0.00')).toBeVisible();
    for (const invoice of [first, second]) {
      await expect(invoice.getByText(/^Paid \$[\d,]+\.\d{2}$/)).toBeVisible();
      await expect(invoice.getByRole('link', { name: /^RCT-\d{4}-\d{5} \(PDF\)$/ })).toBeVisible();
    }
    await shoot(staffPage, 'person-paid', width);

    // The member's dashboard says protected.
    await page.goto('/dashboard');
    await expect(page.getByRole('region', { name: 'Protected this season' })).toContainText('$340,000.00');
    await expect(page.getByRole('cell', { name: /^(Status )?Protected$/ })).toBeVisible();
    await shoot(page, 'member-dashboard', width);

    // The receipts are on the Payments page, as PDFs that say what was paid and that nothing is left.
    await page.goto('/dashboard/payments');
    const receipts = page.getByRole('link', { name: /^Receipt RCT-\d{4}-\d{5} \(PDF\)$/ });
    await expect(receipts).toHaveCount(2);
    const receiptNumbers = (await receipts.allTextContents()).map((text) => /RCT-\d{4}-\d{5}/.exec(text)![0]);
    const receipt = (await extractPdfText(await (await context.request.get((await receipts.first().getAttribute('href'))!)).body())).replace(/\s+/g, ' ');
    expect(receipt).toContain(`Receipt ${receiptNumbers[0]}`);
    expect(receipt).toContain('Method: EFT (bank transfer)');
    expect(receipt).toContain('Balance of the invoice after this payment $0.00');
    await shoot(page, 'member-payments', width);

    // The e-mail says protected, from today to the end of the season.
    await expect.poll(() => outboxMails().filter((mail) => mail.includes(`To: ${member.email}`) && /Subject: Payment received: \$[\d,.]+, receipt RCT-/.test(mail)).length).toBe(2);
    const mail = outboxMails().find((item) => item.includes(`To: ${member.email}`) && item.includes(`receipt ${receiptNumbers[0]}`))!;
    expect(mail).toContain('Where it is up to: Protected');
    expect(mail).toContain(`You are protected from ${formatLongDate(perthToday())} to `);

    // Undoing a mistaken payment from the application's card (under the $5,000 one person may reverse alone).
    await staffPage.goto('/admin/member-paddocks?status=accepted');
    const card = staffPage.getByRole('article', { name: `Application of ${member.name}` });
    await expect(card.getByText('Protected', { exact: true })).toBeVisible();
    await card.getByRole('button', { name: 'Payments', exact: true }).click();
    const fee = card.getByRole('article', { name: /^Invoice INV-/ }).filter({ hasText: 'Membership fee' });
    await fee.getByRole('button', { name: /^Reverse RCT-/ }).click();
    const reversal = fee.getByRole('form', { name: /^Reverse RCT-/ });
    await reversal.getByLabel('Why is it reversed? (the member is told)').fill('Recorded twice by mistake');
    await reversal.getByRole('button', { name: 'Reverse the payment' }).click();
    await expect(fee.getByRole('status')).toContainText('is reversed and no longer counts');
    await expect(fee.getByText('Balance $550.00')).toBeVisible();
    await expect(fee.getByText('Reversed', { exact: true })).toBeVisible();
    await shoot(staffPage, 'application-reversed', width);

    await page.reload();
    await expect(page.getByText(`Reversed on`).first()).toContainText('Recorded twice by mistake');
    await shoot(page, 'member-payments-reversed', width);
    await expect
      .poll(() => outboxMails().some((item) => item.includes(`To: ${member.email}`) && /Subject: Payment reversed: receipt RCT-/.test(item) && item.includes('Why: Recorded twice by mistake')))
      .toBe(true);
    await staff.close();
    await context.close();
  });
}

test('a reversal above the threshold waits for a second person, whose e-mail and bell lead them to it', async ({ browser, baseURL, administrator }) => {
  test.setTimeout(180_000);
  const base = baseURL!;
  const headers = { Origin: base };
  const { context, application, member } = await growerWithSubmittedQuote(browser, base, 'Reva', 'Reversal');
  await context.close();
  // The second person, an administrator for more than the maker-checker window.
  const checkerAccount = await registerAdministrator(base, 'Colin', 'Checker');
  adminGrantedLastMonth(base, checkerAccount.id);

  // One member of staff accepts it, records the contribution (more than $5,000) and asks for its reversal.
  const maker = await signedInContext(browser, base, administrator.email, administrator.password);
  expect((await maker.request.put(`/api/dashboard/protections/${application.id}/status`, { data: { status: 'accepted' }, headers })).status()).toBe(200);
  const { invoices } = staffInvoiceListSchema.parse(await (await maker.request.get(`/api/admin/invoices?memberId=${member.id}`)).json());
  const contribution = invoices.find((invoice) => invoice.applicationId === application.id && invoice.kind === 'contribution')!;
  expect(contribution.totalCents).toBeGreaterThan(PAYMENT_REVERSAL_APPROVAL_THRESHOLD_CENTS);
  const paid = await maker.request.post(`/api/invoices/${contribution.id}/payments`, { data: { amountDollars: contribution.totalCents / 100, receivedOn: perthToday(), method: 'cheque' }, headers });
  expect(paid.status(), await paid.text()).toBe(201);
  const payment = ((await paid.json()) as { invoice: { payments: Array<{ id: string }> } }).invoice.payments[0]!;
  const asked = await maker.request.post(`/api/invoices/${contribution.id}/payments/${payment.id}/reversal`, { data: { reason: 'Cheque dishonoured by the bank' }, headers });
  expect(asked.status(), await asked.text()).toBe(202);
  await maker.close();

  // The other administrator is e-mailed what waits for them, with the link the bell's line has.
  let asking = '';
  await expect.poll(() => (asking = outboxMails().find((mail) => mail.includes(`To: ${checkerAccount.email}`) && mail.includes('asked for reversing receipt')) ?? ''), { timeout: 15_000 }).not.toBe('');
  const link = /(http\S+\/admin\/applications\?awaiting=3Dreversal_approval)/.exec(asking)?.[1]?.replace('=3D', '=');
  expect(asking).toContain('Cheque dishonoured by the bank');
  expect(link).toBe(`${base}/admin/applications?awaiting=reversal_approval`);

  // Their bell says so too, and its line leads to the same list.
  const checker = await signedInContext(browser, base, checkerAccount.email, checkerAccount.password);
  const page = await checker.newPage();
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/admin/dashboard');
  await page.getByRole('button', { name: /^Notifications, \d+ new$/ }).click();
  await page
    .getByRole('region', { name: 'Notifications' })
    .getByRole('link', { name: /^\d+ payment reversals? waiting for a second person$/ })
    .click();
  await expect(page).toHaveURL(link!);
  await expect(page.getByLabel('Waiting for')).toHaveValue('reversal_approval');
  const card = page.getByRole('article', { name: `Application of ${member.name}` });
  await expect(card.getByText('Awaiting a second person')).toBeVisible();
  await expect(card).toContainText('Cheque dishonoured by the bank');
  await shoot(page, 'reversal-waiting', 1366);
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, 'reversal-waiting', 390);

  await card.getByRole('button', { name: 'Approve the reversal' }).click();
  // The decided reversal leaves the list with its card; the list says what happened.
  await expect(page.getByText('No payment reversal waits for a second person.')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Approved: receipt RCT-\S+ \(\$7,752\.00\) is reversed and no longer counts towards INV-/ })).toBeVisible();
  await shoot(page, 'reversal-approved', 390);
  const after = staffInvoiceListSchema.parse(await (await checker.request.get(`/api/admin/invoices?memberId=${member.id}`)).json());
  expect(after.invoices.find((invoice) => invoice.id === contribution.id)!.payments[0]!.reversal).toMatchObject({ reason: 'Cheque dishonoured by the bank', by: checkerAccount.name });
  await checker.close();
});
