/**
 * A certificate a bank will take (docs/certificates.md). A grower whose cover has started downloads
 * their certificate of protection on a phone; a lender, arriving from the home page's footer, types
 * its code and is told it is genuine and current, with the holder and totals only; a wrong code,
 * another member's code and a certificate staff withdrew are answered as they should be.
 * Screenshots at 390 and 1366 px go to .tmp/screenshots/certificate/.
 */
import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { signedInContext } from './support/accounts';
import { acceptAndPay, growerWithSubmittedQuote } from './support/quotes';
import { shootAtWidths } from './support/screenshots';
import { CERTIFICATE_NOT_FOUND_MESSAGE } from '../shared/domain/protection/certificate';
import { extractPdfText } from '../server/src/testing/pdf-text';

/** The certificate's code, from the PDF the Protection page links to. */
async function downloadCertificate(page: Page): Promise<{ code: string; text: string }> {
  const link = page.getByRole('link', { name: 'Certificate of protection (PDF)' });
  await expect(link).toBeVisible();
  const pdf = await page.request.get((await link.getAttribute('href'))!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const text = (await extractPdfText(await pdf.body())).replace(/\s+/g, ' ');
  const code = /by typing its code: ([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})/.exec(text)?.[1];
  expect(code, text).toBeDefined();
  return { code: code!, text };
}

test('a lender confirms a grower’s certificate at the address printed on it; wrong, another member’s and withdrawn codes are answered as they should be', async ({ browser, baseURL, administrator }) => {
  test.setTimeout(90_000);
  const base = baseURL!;
  const staff = await signedInContext(browser, base, administrator.email, administrator.password);
  const grower = await growerWithSubmittedQuote(browser, base, 'Certa', `Holder${Date.now() % 100_000}`);
  const neighbour = await growerWithSubmittedQuote(browser, base, 'Nico', `Neighbour${Date.now() % 100_000}`);
  await acceptAndPay(staff.request, base, grower.member.id, grower.application.id);
  await acceptAndPay(staff.request, base, neighbour.member.id, neighbour.application.id);

  // The grower, on their phone, from the dashboard's menu.
  const { page } = grower;
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Protection', exact: true }).click();
  const { code, text } = await downloadCertificate(page);
  expect(text).toContain(`certifies that Certa ${grower.member.lastName} is a member of the mutual`);
  expect(text).toContain('Home Paddock Wheat');
  expect(text).toContain(`${new URL(base).origin}/certificate`);
  await shootAtWidths(page, 'certificate', 'protection-page');
  await neighbour.page.goto('/dashboard/protection');
  const theirs = await downloadCertificate(neighbour.page);

  // A lender with no account, from the home page's footer.
  const lenderContext = await browser.newContext({ baseURL: base });
  const home = await lenderContext.newPage();
  await home.setViewportSize({ width: 390, height: 844 });
  await home.goto('/');
  // The footer's documents open in a tab of their own.
  const [lender] = await Promise.all([
    lenderContext.waitForEvent('page'),
    home
      .getByRole('contentinfo')
      .getByRole('link', { name: /^Check a Certificate/ })
      .click(),
  ]);
  await lender.setViewportSize({ width: 390, height: 844 });
  await expect(lender).toHaveURL(/\/certificate$/);
  await expect(lender.getByRole('heading', { level: 1 })).toHaveText('Check a Certificate of Protection');
  const codeField = lender.getByLabel('Certificate code');
  const checkButton = lender.getByRole('button', { name: 'Check', exact: true });

  await codeField.fill('K7QM-4XPD-9TWB');
  await checkButton.click();
  await expect(lender.getByRole('alert')).toContainText(CERTIFICATE_NOT_FOUND_MESSAGE);

  // Typed as read out over the phone: small letters, spaces.
  await codeField.fill(code.toLowerCase().replace(/-/g, ' '));
  await checkButton.click();
  const answer = lender.getByTestId('certificate-check');
  await expect(answer.getByRole('status')).toHaveText(/^Genuine and current: .+ issued this certificate and the protection it describes is in force until 31 March \d{4}\.$/);
  await expect(answer).toContainText(`Certa ${grower.member.lastName}`);
  await expect(answer).toContainText('Hail, Fire & Lightning');
  await expect(answer).toContainText('1 paddock, 400 ha');
  await expect(answer).not.toContainText('Home Paddock');
  await expect(answer).not.toContainText(grower.member.email);
  await shootAtWidths(lender, 'certificate', 'check-current');

  await codeField.fill(theirs.code);
  await checkButton.click();
  await expect(answer).toContainText(`Nico ${neighbour.member.lastName}`);
  await expect(answer).not.toContainText('Certa');

  // Staff withdraw the grower's certificate from the applications list.
  const staffPage = await staff.newPage();
  await staffPage.goto('/admin/applications');
  const card = staffPage.getByRole('article', { name: `Application of Certa ${grower.member.lastName}` });
  await card.getByRole('button', { name: 'Certificates' }).click();
  await card.getByRole('button', { name: `Withdraw ${code}` }).click();
  await card.getByLabel('Why is it withdrawn? (the member is told)').fill('Issued before the paddock list was corrected.');
  await shootAtWidths(staffPage, 'certificate', 'staff-withdraw', { target: card });
  await card.getByRole('button', { name: 'Withdraw the certificate' }).click();
  await expect(card.getByText('Withdrawn', { exact: true })).toBeVisible();

  await codeField.fill(code);
  await checkButton.click();
  await expect(answer.getByRole('status')).toHaveText(/^Withdrawn: .+ issued this certificate but has withdrawn it, and it no longer stands\. Ask the member for their current certificate\.$/);
  await shootAtWidths(lender, 'certificate', 'check-withdrawn');

  // The grower's next download is a new certificate that stands.
  await page.reload();
  const renewed = await downloadCertificate(page);
  expect(renewed.code).not.toBe(code);
  await codeField.fill(renewed.code);
  await checkButton.click();
  await expect(answer.getByRole('status')).toContainText('Genuine and current');

  await Promise.all([lenderContext.close(), staff.close(), grower.context.close(), neighbour.context.close()]);
});
