/**
 * The mail relay down, as a visitor meets it from the home page: a contact message is acknowledged
 * and reaches staff once the relay is back; asking for a sign-up code says plainly that it could not
 * go, and asking again once the relay is back sends it; a new code asked for while the relay is down
 * again cannot go either, and the code already received still verifies the address. Staff sending a
 * member a password reset meanwhile are told it could not go, and it goes once the relay is back. A
 * server of its own (the release build, on its own SQLite database) sends through an SMTP server
 * this test stops and starts. Screenshots at 390 and 1366 px go to .tmp/screenshots/mail-outage/.
 */
import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { startSmtpServer } from '../server/src/testing/services';
import { decodeQuotedPrintable, verificationCodeIn } from '../server/src/testing/mail-text';
import { type OwnServer, startOwnServer } from './support/own-server';
import { fillPersonalDetails } from './support/wizard';
import { shootAtWidths } from './support/screenshots';
import { RESEND_CODE_AFTER_SECONDS } from '../shared/constants';

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: OwnServer;
let baseUrl: string;

/** The site's danger and success colours (--color-danger, --color-success) as the browser reports them. */
const DANGER = 'rgb(164, 22, 26)';
const SUCCESS = 'rgb(29, 107, 52)';
const STAFF = { email: 'mail-outage.admin@example.com', password: 'a-long-admin-password-for-the-mail-outage' };

// The two tests stop and start the one relay, so they run one after the other, on one server.
test.describe.configure({ mode: 'default' });

test.beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startOwnServer('mail-outage', { SMTP_URL: smtp.url, ADMIN_EMAIL: STAFF.email, ADMIN_PASSWORD: STAFF.password });
  baseUrl = server.baseUrl;
});

test.afterAll(async () => {
  await server.stop();
  await smtp.dispose();
});

const shoot = (page: Page, name: string) => shootAtWidths(page, 'mail-outage', name, { fullPage: false });

test('with the mail relay down, a contact message is kept and arrives after; a sign-up code says it could not go and goes when asked again; a new code that cannot go leaves the one received working', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The page's clock runs as usual, and is moved on past the wait before a new code may be asked for.
  await page.clock.install();
  await smtp.stop();

  await page.goto(baseUrl);
  await page.locator('#contact').scrollIntoViewIfNeeded();
  const form = page.getByTestId('contact-form');
  await form.getByLabel('Name').fill('Relay Down');
  await form.getByLabel('Email').fill('relay.down@farm.example');
  await form.getByLabel('Message').fill('Sent while the mail relay was down.');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByText('Message Sent!').first()).toBeVisible();

  // The header's Get a Quote brings the home page's quote section into view; its button opens the wizard.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Get a Quote' }).click();
  await page.locator('#quote').getByRole('link', { name: 'Get a Quote' }).click();
  await fillPersonalDetails(page, 'waiting@farm.example', { firstName: 'Wai', lastName: 'Ting' });
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'We could not send the code just now; try again in a minute.' })).toBeVisible();
  await shoot(page, 'code-not-sent');

  await smtp.start();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('6-digit code')).toBeVisible();
  const codeMail = smtp.received.find((mail) => mail.to.includes('waiting@farm.example'));
  const code = verificationCodeIn(decodeQuotedPrintable(codeMail?.raw ?? ''));
  expect(code).toMatch(/^\d{6}$/);

  // The relay goes down again before the code is entered, and the grower asks for a new one: it cannot go, and the code they have still works.
  await smtp.stop();
  await page.clock.fastForward(RESEND_CODE_AFTER_SECONDS * 1000);
  await page.getByRole('button', { name: 'Send a new code' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'We could not send the code just now; try again in a minute. The code we sent you before still works.' })).toBeVisible();
  await shoot(page, 'new-code-not-sent');
  await smtp.start();
  await page.getByLabel('6-digit code').fill(code!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();

  // Staff's copy of the contact message, tried again after the relay came back: once.
  await expect.poll(() => smtp.received.filter((mail) => mail.raw.includes('Subject: Contact message: Relay Down')).length, { timeout: 60_000 }).toBe(1);
  expect(smtp.received.filter((mail) => mail.to.includes('waiting@farm.example'))).toHaveLength(1);
});

test('with the mail relay down, staff sending a password reset from the person page are told it could not go; it goes once the relay is back', async ({ page }) => {
  await page.goto(baseUrl);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' }).click();
  await page.getByLabel('E-mail address').fill(STAFF.email);
  await page.getByLabel('Password').fill(STAFF.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  // The person page is reached from User Lookup's search; here it is the administrator's own.
  const { user } = (await (await page.request.get(`${baseUrl}/api/auth/session`)).json()) as { user: { id: string } };
  await page.goto(`${baseUrl}/admin/user-lookup/${user.id}`);
  const actions = page.getByRole('group', { name: 'Actions' });

  await smtp.stop();
  await actions.getByRole('button', { name: 'Send password reset' }).click();
  const refused = page.getByRole('alert').filter({ hasText: 'We could not send the reset e-mail just now; try again in a minute.' });
  await expect(refused).toBeVisible();
  // In the colours of a failure (it once came in a success's green).
  await expect(refused).toHaveCSS('border-left-color', DANGER);
  await shoot(page, 'staff-reset-not-sent');

  await smtp.start();
  await actions.getByRole('button', { name: 'Send password reset' }).click();
  const sent = page.getByRole('status').filter({ hasText: `A password reset link has gone to ${STAFF.email}. It works once, within 60 minutes.` });
  await expect(sent).toBeVisible();
  await expect(sent).toHaveCSS('border-left-color', SUCCESS);
  const resets = () => smtp.received.filter((mail) => mail.raw.includes('Subject: Reset your Grain Growers Mutual password'));
  await expect.poll(() => resets().length, { timeout: 30_000 }).toBe(1);
});
