import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { registerMember, signInThroughPage } from './support/accounts';
import { openSupportModeChooser } from './support/members';

const ACCESS_DENIED = "You don't have permission to access the admin dashboard.";

/** From the members list: find the member, enter support mode at read level (their dashboard opens), and come back to the list. */
async function enterSupportModeFor(page: Page, member: { email: string; name: string }) {
  await openSupportModeChooser(page, member.email, member.name);
  await page.getByRole('button', { name: 'Open their dashboard in support mode' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(member.name);
  await page.goto('/admin/members');
}

test('support mode survives a reload and a new tab, and ends everywhere on exit', async ({ page, request, baseURL, administrator }) => {
  const member = await registerMember(request, baseURL!, 'Reese', 'Reload');
  await signInThroughPage(page, '/admin/members', administrator);
  await enterSupportModeFor(page, member);
  const bar = page.getByRole('region', { name: 'Support mode' });
  await expect(bar).toContainText(member.name);

  await page.reload();
  await expect(bar).toContainText(`Support mode: ${member.name} · read only`);
  await expect(bar.getByRole('button', { name: 'Exit support mode' })).toBeVisible();

  const otherTab = await page.context().newPage();
  await otherTab.goto('/admin/members');
  await expect(otherTab.getByRole('region', { name: 'Support mode' })).toContainText(member.name);

  await bar.getByRole('button', { name: 'Exit support mode' }).click();
  await expect(bar).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Members' })).toBeVisible();
  await expect(bar).toBeHidden();
  // The other tab learns it when it is next looked at.
  await otherTab.bringToFront();
  await otherTab.evaluate(() => window.dispatchEvent(new Event('focus')));
  await expect(otherTab.getByRole('region', { name: 'Support mode' })).toBeHidden();
});

test('a customer_support member of staff without admin reaches the members list and works in support mode', async ({ page, request, playwright, baseURL, administrator }) => {
  const member = await registerMember(request, baseURL!, 'Carey', 'Customer');
  const staffRequest = await playwright.request.newContext({ baseURL });
  const staff = await registerMember(staffRequest, baseURL!, 'Sasha', 'Support');
  await staffRequest.dispose();
  const adminRequest = await playwright.request.newContext({ baseURL });
  const signedIn = await adminRequest.post('/api/auth/signin', { data: { email: administrator.email, password: administrator.password }, headers: { Origin: baseURL! } });
  expect(signedIn.status()).toBe(200);
  const granted = await adminRequest.put(`/api/admin/users/${staff.id}/roles`, { data: { permissions: ['customer_support'] }, headers: { Origin: baseURL! } });
  expect(granted.status(), await granted.text()).toBe(200);
  await adminRequest.dispose();

  await signInThroughPage(page, '/dashboard', { email: staff.email, password: staff.password });
  await page.getByRole('list', { name: 'Customer support' }).getByRole('link', { name: 'Members (support mode)' }).click();
  await expect(page).toHaveURL(/\/admin\/members$/);
  const menu = page.getByRole('navigation', { name: 'Administration' });
  await expect(menu.getByRole('link', { name: 'Members' })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Security and Admin' })).toHaveCount(0);

  await enterSupportModeFor(page, member);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Support mode' })).toContainText(member.name);

  // The rest of the admin area stays the administrators'.
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText(ACCESS_DENIED)).toBeVisible();
});
