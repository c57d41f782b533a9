import { expect, test } from './support/fixtures';
import { registerMember, signInThroughPage } from './support/accounts';
import { openPage } from './support/pages';
import { openSupportModeChooser } from './support/members';

test('the administrator finds their own sign-in in the security log', async ({ page, administrator }) => {
  await signInThroughPage(page, '/admin/security-logs', administrator);
  await expect(page.getByRole('heading', { name: 'Security Logs' })).toBeVisible();
  await page.getByLabel('Event', { exact: true }).selectOption({ label: 'Signed in' });
  await page.getByLabel('E-mail address').fill(administrator.email);
  const today = new Date().toLocaleDateString('en-CA');
  await page.getByLabel('From').fill(today);
  await page.getByRole('button', { name: 'Show events' }).click();
  await expect(page).toHaveURL(/type=sign_in_success/);
  // Their own address: the only sign-in listed is theirs.
  const rows = page.getByRole('table').getByRole('row').filter({ hasText: administrator.email });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Signed in');
  await expect(page.getByRole('navigation', { name: 'Pages of events' })).toContainText('1–1 of 1 event');

  // Everything this account did today, by its user rather than its address; then the whole log again.
  await rows.getByRole('button', { name: 'Only this user' }).click();
  await expect(page).toHaveURL(new RegExp(`userId=${administrator.id}`));
  await expect(page.getByLabel('E-mail address')).toHaveValue('');
  await page.getByLabel('Event', { exact: true }).selectOption({ label: 'All events' });
  await page.getByRole('button', { name: 'Show events' }).click();
  // Registered, granted the administrator role and signed in: no one else's row among them.
  await expect(page.getByRole('table').getByRole('row').filter({ hasText: 'Signed in' })).toHaveCount(1);
  await expect(page.getByRole('table').getByRole('row').filter({ hasText: '@' }).filter({ hasNotText: administrator.email })).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/admin\/security-logs$/);
  await expect(page.getByLabel('From')).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Clear filters' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Pages of events' })).not.toContainText('of 1 event');
});

test('the administrator grants a member the broker role, and cannot remove their own admin role', async ({ page, request, baseURL, administrator }) => {
  const member = await registerMember(request, baseURL!, 'Bron', 'Broker');
  await signInThroughPage(page, '/admin/user-management', administrator);
  await page.getByLabel('Name, e-mail or business').fill(member.email);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: `Change roles of ${member.name}` }).click();
  await page.getByLabel(/^Broker — /).check();
  await page.getByRole('button', { name: 'Save roles' }).click();
  await expect(page.getByRole('status')).toHaveText(`The roles of ${member.name} are saved.`);
  await expect(page.getByRole('row').filter({ hasText: member.email })).toContainText('Broker');

  await page.getByLabel('Name, e-mail or business').fill(administrator.email);
  await page.getByRole('button', { name: 'Search' }).click();
  // The list still shows the member until the new search answers: pick the administrator's own row.
  await page
    .getByRole('row')
    .filter({ hasText: administrator.email })
    .getByRole('button', { name: /^Change roles of / })
    .click();
  await page.getByLabel(/^Administrator — the admin console/).uncheck();
  await page.getByLabel(/^Administrator — the same as/).uncheck();
  await page.getByRole('button', { name: 'Save roles' }).click();
  await expect(page.getByRole('alert')).toHaveText('You cannot take away your own administrator role; ask another administrator.');
});

test('the administrator enters support mode for a member at read level, opens their quote from the bar, sees the wizard banner, and exits', async ({ page, request, baseURL, administrator }) => {
  const member = await registerMember(request, baseURL!, 'Casey', 'Cropper');
  await signInThroughPage(page, '/admin/members', administrator);
  await openSupportModeChooser(page, member.email, member.name);
  await expect(page.getByLabel(/^Read/)).toBeChecked();
  await page.getByRole('button', { name: 'Open their dashboard in support mode' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('region', { name: 'Support mode' }).getByRole('link', { name: 'Their quote' }).click();

  await expect(page).toHaveURL(/\/quote\?support=true&customerId=/);
  await expect(page.getByTestId('support-banner')).toContainText(`working on the quote of ${member.name}`);
  await expect(page.getByTestId('support-banner')).toContainText('read-only');

  await page.goBack();
  const bar = page.getByRole('region', { name: 'Support mode' });
  await expect(bar).toContainText(member.name);
  await bar.getByRole('button', { name: 'Exit support mode' }).click();
  await expect(bar).toBeHidden();
  await expect(page).toHaveURL(/\/admin\/members$/);

  await page.goto('/admin/security-logs');
  await page.getByLabel('Event', { exact: true }).selectOption({ label: 'Support mode exited' });
  await page.getByLabel('E-mail address').fill(administrator.email);
  await page.getByRole('button', { name: 'Show events' }).click();
  await expect(page.getByRole('table').getByRole('row').filter({ hasText: administrator.email })).toHaveCount(1);
});

test('a ?ref= code from the home page arrives prefilled in registration', async ({ page }) => {
  // The code is kept before the page is the app's, even when the code that keeps it is slow to come.
  await page.route(/\/assets\/referral-capture-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await openPage(page, '/?ref=wheatbelt-ag');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/auth/register');
  await expect(page.getByLabel('Referrer code (optional)')).toHaveValue('WHEATBELT-AG');
});
