import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

import { registerMember, signInThroughPage } from './support/accounts';
import { codeFromOutbox, outboxMails } from './support/outbox';
import { shootAtWidths } from './support/screenshots';
import { decodeQuotedPrintable, resetLinkIn } from '../server/src/testing/mail-text';

const ACCESS_DENIED = "You don't have permission to access the admin dashboard.";

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a visitor registers with an e-mailed code, signs out and signs in again', async ({ page }) => {
  const email = `grower-${Date.now()}@example.com`;
  const password = 'wheat paddock after rain';
  await page.goto('/auth/register');
  await page.getByLabel('First name').fill('Robin');
  await page.getByLabel('Last name').fill('Wheatley');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Phone').fill('0412 345 678');
  await page.getByRole('button', { name: 'Send my code' }).click();
  await expect(page.getByRole('status').filter({ hasText: `We sent a 6-digit code to ${email}` })).toBeVisible();

  await page.getByLabel('6-digit code').fill(await codeFromOutbox(email));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Create my account' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.locator('[data-layout="member"]')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Your Farm' })).toBeVisible();

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => fetch('/api/auth/session').then((response) => response.json()))).toEqual({});

  await page.goto('/auth/signin');
  await signIn(page, email, 'not my password at all');
  await expect(page.getByRole('alert')).toHaveText('The e-mail address or password is not right. Check them and try again.');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a grower who has forgotten the password asks from the home page, follows the e-mailed link and signs in with the new one', async ({ page, baseURL, request }) => {
  const grower = await registerMember(request, baseURL!, 'Frankie', 'Forgot');
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In', exact: true }).click();
  await page.getByRole('link', { name: 'Forgotten your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('E-mail address').fill(grower.email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('status')).toHaveText(`If an account exists for ${grower.email}, we have sent it a link to reset the password. The link works once, within an hour.`);
  await shootAtWidths(page, 'accounts', 'forgot-password-sent');

  // The link is made and mailed by a job after the answer (docs/background-jobs.md 'password-reset.mail').
  let resetMail = '';
  await expect.poll(() => (resetMail = outboxMails().find((mail) => mail.includes(`To: ${grower.email}`) && mail.includes('/auth/reset-password?token')) ?? '')).not.toBe('');
  const link = resetLinkIn(decodeQuotedPrintable(resetMail));
  expect(link).toBeDefined();
  await page.goto(link!);
  await shootAtWidths(page, 'accounts', 'reset-password');
  await page.getByRole('textbox', { name: 'New password' }).fill('a new passphrase for seeding');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByRole('status')).toHaveText('Your password has been changed. You can sign in with it now.');
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await signIn(page, grower.email, grower.password);
  await expect(page.getByRole('alert')).toHaveText('The e-mail address or password is not right. Check them and try again.');
  await page.getByLabel('Password').fill('a new passphrase for seeding');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link works once.
  await page.goto(link!);
  await page.getByRole('textbox', { name: 'New password' }).fill('yet another passphrase here');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByRole('alert')).toHaveText('This reset link has expired or has been used already. Ask for a new one on the sign-in page.');
});

test('a member moves the account to a new address with the code sent there, and changes the password, from the dashboard’s Settings', async ({ page, baseURL, request }) => {
  const member = await registerMember(request, baseURL!, 'Morgan', 'Mover');
  const newEmail = `moved-${Date.now()}@farm.example`;
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In', exact: true }).click();
  await signIn(page, member.email, member.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Settings' }).click();

  const profile = page.getByRole('form', { name: 'Profile' });
  await profile.getByLabel('E-mail', { exact: true }).fill(newEmail);
  await profile.getByLabel('Current password').fill(member.password);
  await profile.getByRole('button', { name: 'Save details' }).click();
  await expect(page.getByRole('status').filter({ hasText: `We sent a 6-digit code to ${newEmail}. Your address changes once you enter it (within 10 minutes).` })).toBeVisible();
  // The address the account has now is told of the change.
  await expect.poll(() => outboxMails().some((mail) => mail.includes(`To: ${member.email}`) && mail.includes('Subject: Your Grain Growers Mutual e-mail address is being changed'))).toBe(true);
  await page.getByLabel(`Code sent to ${newEmail}`).fill(await codeFromOutbox(newEmail));
  await page.getByRole('button', { name: 'Confirm new e-mail' }).click();
  await expect(page.getByLabel(`Code sent to ${newEmail}`)).toHaveCount(0);
  await expect(profile.getByRole('status')).toHaveText(`Your e-mail address is now ${newEmail}.`);
  // The form holds the new address, so saving other details asks for no password.
  await expect(profile.getByLabel('Current password')).toHaveCount(0);
  await expect(profile.getByLabel('E-mail', { exact: true })).toHaveValue(newEmail);
  await shootAtWidths(page, 'accounts', 'settings-after-moving');

  const password = page.getByRole('form', { name: 'Password' });
  await password.getByLabel('Current password').fill(member.password);
  await password.getByLabel('New password', { exact: true }).fill('harvest moon over the bins');
  await password.getByLabel('New password again').fill('harvest moon over the bins');
  await password.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your password has been changed. Other devices have been signed out.' })).toBeVisible();
  // The session the member registered with elsewhere has ended, and the list says so.
  await expect(page.getByTestId('sessions-list').getByText('You are not signed in anywhere else.')).toBeVisible();
  await expect(page.getByTestId('sessions-list').getByText('Another device or browser')).toHaveCount(0);

  // Signed out, the member signs in with the new address and the new password; the old ones are refused.
  await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In', exact: true }).click();
  await signIn(page, member.email, 'harvest moon over the bins');
  await expect(page.getByRole('alert')).toHaveText('The e-mail address or password is not right. Check them and try again.');
  await signIn(page, newEmail, member.password);
  await expect(page.getByRole('alert')).toHaveText('The e-mail address or password is not right. Check them and try again.');
  await signIn(page, newEmail, 'harvest moon over the bins');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a member signs out, from Settings, a browser they no longer use, which is then asked to sign in', async ({ page, browser, baseURL, request }) => {
  const member = await registerMember(request, baseURL!, 'Sasha', 'Shared');
  // The farm office's computer, signed in last week and left so.
  const office = await (await browser.newContext()).newPage();
  await office.goto('/auth/signin');
  await signIn(office, member.email, member.password);
  await expect(office).toHaveURL(/\/dashboard$/);

  await page.goto('/auth/signin');
  await signIn(page, member.email, member.password);
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Settings' }).click();
  const sessions = page.getByTestId('sessions-list');
  // The office and the registration's own session besides this one.
  await expect(sessions.getByText('Another device or browser')).toHaveCount(2);
  await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(sessions.getByText('You are not signed in anywhere else.')).toBeVisible();
  await expect(sessions.getByText('This device')).toBeVisible();

  await office.reload();
  await expect(office).toHaveURL(/\/auth\/signin\?error=SessionRequired/);
  await expect(office.getByText('Please sign in to see that page.')).toBeVisible();
  // This device carries on.
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Claims' }).click();
  await expect(page).toHaveURL(/\/dashboard\/claims$/);
});

test('an administrator moves their own account to a new address and changes the password from the admin menu', async ({ page, browser, administrator }) => {
  const newEmail = `moved-staff-${Date.now()}@grainmutual.example`;
  await signInThroughPage(page, '/admin/dashboard', administrator);
  const menu = page.getByRole('navigation', { name: 'Administration' });
  await menu.getByRole('link', { name: 'Edit Profile' }).click();
  await page.getByLabel('E-mail address').fill(newEmail);
  await page.getByLabel('Current password').fill(administrator.password);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByRole('status')).toHaveText(`We sent a 6-digit code to ${newEmail}. Your address changes once you enter it (within 10 minutes).`);
  await page.getByLabel('6-digit code from the e-mail').fill(await codeFromOutbox(newEmail));
  await page.getByRole('button', { name: 'Confirm the new address' }).click();
  await expect(page.getByRole('status')).toHaveText(`Your e-mail address is now ${newEmail}.`);
  await expect(page.getByLabel('E-mail address')).toHaveValue(newEmail);
  await expect(page.getByLabel('Current password')).toHaveCount(0);

  await menu.getByRole('link', { name: 'Change Password' }).click();
  await page.getByLabel('Current password').fill(administrator.password);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('salt lake and samphire flats');
  await page.getByLabel('New password again').fill('salt lake and samphire flats');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status')).toHaveText('Your password has been changed. Other devices have been signed out.');
  // This device stays signed in.
  await menu.getByRole('link', { name: 'Admin Dashboard' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  const again = await (await browser.newContext()).newPage();
  await signInThroughPage(again, '/admin/dashboard', { email: newEmail, password: 'salt lake and samphire flats' });
});

test('an address already registered is answered like any other; its owner is told by e-mail how to sign in', async ({ page, administrator }) => {
  await page.goto('/auth/register');
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Admin');
  await page.getByLabel('E-mail address').fill(administrator.email);
  await page.getByLabel('Phone').fill('0412 345 678');
  await page.getByRole('button', { name: 'Send my code' }).click();
  await expect(page.getByRole('status').filter({ hasText: `We sent a 6-digit code to ${administrator.email}` })).toContainText('If that address already has an account, we e-mailed it how to sign in instead.');
  await expect.poll(() => outboxMails().some((mail) => mail.includes(`To: ${administrator.email}`) && mail.includes('It already belongs to your account'))).toBe(true);
});

test('a page that needs a session sends the visitor to sign-in and back', async ({ page, administrator }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth\/signin\?error=SessionRequired&callbackUrl=%2Fdashboard$/);
  await expect(page.getByRole('alert')).toHaveText('Please sign in to see that page.');
  await signIn(page, administrator.email, administrator.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  // Administrators see the admin-only items in the member menu.
  await expect(page.getByRole('list', { name: 'Administration' }).getByRole('link', { name: 'Zone Pricing Management' })).toBeVisible();
});

test('a sign-in made while the page is still asking who is signed in is kept when that older answer arrives', async ({ page, administrator }) => {
  // On a slow line the page's first read of the session (sent before the sign-in, so it finds
  // nobody) can be answered after the sign-in: that older answer must not sign the page out again
  // (it did: the page went on to the callback, was sent back to sign-in and stayed there).
  const signInAnswered = page.waitForResponse('**/api/auth/signin');
  let reads = 0;
  await page.route('**/api/auth/session', async (route) => {
    reads += 1;
    const response = await route.fetch();
    if (reads === 1) await signInAnswered;
    await route.fulfill({ response });
  });
  await page.goto(`/auth/signin?callbackUrl=${encodeURIComponent('/admin/crm/leads')}`);
  await signIn(page, administrator.email, administrator.password);
  await expect(page).toHaveURL(/\/admin\/crm\/leads$/);
  await expect(page.getByRole('heading', { level: 1, name: 'CRM Leads' })).toBeVisible();
});

test('a member opening /admin sees Access Denied; an administrator sees the console', async ({ page, browser, administrator }) => {
  const email = `member-${Date.now()}@example.com`;
  await page.goto('/auth/register');
  await page.getByLabel('First name').fill('Mel');
  await page.getByLabel('Last name').fill('Member');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Phone').fill('0412 345 678');
  await page.getByRole('button', { name: 'Send my code' }).click();
  await page.getByLabel('6-digit code').fill(await codeFromOutbox(email));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByLabel('Password').fill('stubble burning season');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText(ACCESS_DENIED)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await page.getByRole('button', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  const adminPage = await (await browser.newContext()).newPage();
  await adminPage.goto('/admin');
  await expect(adminPage).toHaveURL(/\/auth\/signin\?error=SessionRequired&callbackUrl=%2Fadmin$/);
  await signIn(adminPage, administrator.email, administrator.password);
  await expect(adminPage).toHaveURL(/\/admin$/);
  await expect(adminPage.getByRole('navigation', { name: 'Administration' })).toBeVisible();
});

test('the referrer sign-in page explains a member account cannot sign in there', async ({ page, administrator }) => {
  await page.goto('/auth/referrer-signin');
  await expect(page.getByRole('heading', { name: 'Referrer Login' })).toBeVisible();
  await signIn(page, administrator.email, administrator.password);
  await expect(page.getByRole('alert')).toHaveText('That account is not a referrer account. Members sign in on the main sign-in page.');
});

test('a referrer the mutual sets up chooses a password from the e-mail, signs in where the e-mail says (or finds their referrals from the dashboard) and sees the grower who came by their link', async ({
  page,
  browser,
  administrator,
}) => {
  const stamp = Date.now().toString(36).toUpperCase();
  const code = `PARTNER-${stamp}`;
  const partner = { email: `partner.${stamp.toLowerCase()}@agronomy.example`, password: 'york gum and salmon gum' };
  await signInThroughPage(page, '/admin/dashboard', administrator);
  const menu = page.getByRole('navigation', { name: 'Administration' });
  await menu.getByRole('button', { name: 'Security and Admin' }).click();
  await menu.getByRole('link', { name: 'Referrers' }).click();
  await page.getByLabel('First name').fill('Pat');
  await page.getByLabel('Last name').fill('Partner');
  await page.getByLabel('E-mail address').fill(partner.email);
  await page.getByLabel('Organisation').fill(`Avon Agronomy ${stamp}`);
  await page.getByLabel('Referrer code').fill(code);
  await page.getByRole('button', { name: 'Create referrer and e-mail the link' }).click();
  await expect(page.getByRole('status')).toHaveText(`Avon Agronomy ${stamp} can now refer growers with the code ${code}. A link to choose a password was e-mailed to ${partner.email}; it is valid for 7 days.`);

  // The partner, on their own browser, from the e-mail's link.
  let welcome = '';
  await expect.poll(() => (welcome = outboxMails().find((mail) => mail.includes(`To: ${partner.email}`) && mail.includes('Subject: Your Grain Growers Mutual referrer account')) ?? '')).not.toBe('');
  expect(welcome).toContain('then sign in on the Referrer Login page');
  const link = resetLinkIn(decodeQuotedPrintable(welcome));
  expect(link).toBeDefined();
  const partnerPage = await (await browser.newContext()).newPage();
  await partnerPage.goto(link!);
  await partnerPage.getByRole('textbox', { name: 'New password' }).fill(partner.password);
  await partnerPage.getByRole('button', { name: 'Save the new password' }).click();
  await expect(partnerPage.getByRole('status')).toHaveText('Your password has been changed. You can sign in with it now.');
  await partnerPage.getByRole('link', { name: 'Sign in', exact: true }).click();
  await expect(partnerPage).toHaveURL(/\/auth\/referrer-signin$/);
  await signIn(partnerPage, partner.email, partner.password);
  await expect(partnerPage).toHaveURL(/\/referrer\/leads$/);
  await expect(partnerPage.getByRole('heading', { name: 'Your referrals' })).toBeVisible();
  await expect(partnerPage.getByText(`Avon Agronomy ${stamp} · referrer code ${code}`)).toBeVisible();
  await expect(partnerPage.getByText('No one has signed up with your code yet.', { exact: false })).toBeVisible();

  // A grower opens the partner's link and makes an account from the home page.
  const grower = { email: `grower.${stamp.toLowerCase()}@farm.example`, password: 'canola after the break' };
  const growerPage = await (await browser.newContext()).newPage();
  await growerPage.goto(`/?ref=${code}`);
  await growerPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In', exact: true }).click();
  await growerPage.getByRole('link', { name: 'Create an account' }).click();
  await growerPage.getByLabel('First name').fill('Rory');
  await growerPage.getByLabel('Last name').fill('Referred');
  await growerPage.getByLabel('E-mail address').fill(grower.email);
  await growerPage.getByLabel('Phone').fill('0412 345 678');
  await growerPage.getByRole('button', { name: 'Send my code' }).click();
  await growerPage.getByLabel('6-digit code').fill(await codeFromOutbox(grower.email));
  await growerPage.getByRole('button', { name: 'Verify' }).click();
  await growerPage.getByLabel('Password').fill(grower.password);
  await growerPage.getByRole('button', { name: 'Create my account' }).click();
  await expect(growerPage).toHaveURL(/\/dashboard$/);

  // The partner sees how far the grower has got, not who they are beyond a first name and initial (docs/security.md).
  await partnerPage.reload();
  const referred = partnerPage
    .getByRole('table', { name: `Growers referred by Avon Agronomy ${stamp}` })
    .getByRole('row')
    .filter({ hasText: 'Rory R.' });
  await expect(referred).toContainText('Registered');
  await expect(referred).not.toContainText('Referred');

  // Signed in on the members' page instead, the partner finds their referrals in the dashboard's menu.
  await partnerPage.getByRole('button', { name: 'Sign Out' }).click();
  await expect(partnerPage).toHaveURL(/\/$/);
  await partnerPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In', exact: true }).click();
  await signIn(partnerPage, partner.email, partner.password);
  await expect(partnerPage).toHaveURL(/\/dashboard$/);
  await partnerPage.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Your referrals' }).click();
  await expect(partnerPage).toHaveURL(/\/referrer\/leads$/);
  await expect(referred).toContainText('Registered');
});
