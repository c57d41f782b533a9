/**
 * Support mode as a staff tool, on a phone: entering it opens the member's own dashboard
 * with their application; every page carries the bar (whose data, the level, since when, Exit), a
 * public page included; the staff header starts with the admin area and names the member's
 * sections; a reload keeps it; a read-only session does not block the staff member's own admin
 * work, and its pages leave out or switch off what would change the member's records; Exit from
 * the bar ends it and goes back to the members list. Screenshots at 390 and
 * 1366 px go to .tmp/shots/support-mode/.
 */
import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { signedInContext } from './support/accounts';
import { keepsFirstHeading, noteFirstHeading } from './support/pages';
import { growerWithSubmittedQuote } from './support/quotes';
import { shootAtWidths } from './support/screenshots';
import { openSupportModeChooser } from './support/members';

const shoot = (page: Page, name: string) => shootAtWidths(page, 'support-mode', name);

test('support mode opens the member’s dashboard, survives a reload, leaves staff work free, and exits from the bar', async ({ browser, baseURL, administrator }) => {
  const base = baseURL!;
  const grower = await growerWithSubmittedQuote(browser, base, 'Stella', `Staffview${Math.floor(Math.random() * 1e6)}`);
  await grower.context.close();
  const admin = await signedInContext(browser, base, administrator.email, administrator.password);
  const page = await admin.newPage();
  await page.setViewportSize({ width: 390, height: 844 });

  await page.goto('/admin/members');
  // The staff header is a wide-screen navigation; on a phone the Menu is the one navigation.
  const header = page.getByRole('navigation', { name: 'Sections' });
  await expect(header).toBeHidden();
  await page.setViewportSize({ width: 1366, height: 900 });
  await expect(header.getByRole('link')).toHaveText(['Admin Dashboard']);
  await page.setViewportSize({ width: 390, height: 844 });
  await openSupportModeChooser(page, grower.member.email, grower.member.name);
  await page.getByRole('button', { name: 'Open their dashboard in support mode' }).click();

  // Their dashboard, with their application as they see it.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(grower.member.name);
  await expect(page.getByTestId('applied-for')).toContainText('Applied for, not yet protected');
  const bar = page.getByRole('region', { name: 'Support mode' });
  await expect(bar).toContainText(new RegExp(`^Support mode: ${grower.member.name} · read only · since \\d{1,2}:\\d{2} [ap]m AWST`));
  await shoot(page, 'member-dashboard');
  // On a wide screen the header holds their sections beside staff's own.
  await page.setViewportSize({ width: 1366, height: 900 });
  await expect(header.getByRole('link')).toHaveText(['Admin Dashboard', 'Dashboard', 'Protection', 'Paddocks', 'Claims', 'Reports', 'Payments', 'Settings']);

  // Their pages, one after another, and after a reload.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Protection' }).click();
  await expect(page.getByText(/APP-\d{4}-\d+/).first()).toBeVisible();
  await page.reload();
  await expect(bar).toContainText(grower.member.name);
  await expect(page.getByText(/APP-\d{4}-\d+/).first()).toBeVisible();

  // At read level their records are shown without the controls that would change them.
  await expect(bar).toContainText('dashboard pages show their data, to look at but not change, until you exit');
  await page.goto('/dashboard/claims');
  await expect(page.getByRole('heading', { level: 1, name: 'Claims' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Lodge a claim' })).toHaveCount(0);
  await page.goto('/dashboard/paddocks');
  await expect(page.getByRole('button', { name: 'Save paddocks' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Add a paddock' })).toBeDisabled();
  await expect(page.getByLabel('Name of paddock 1')).toBeDisabled();
  // Applied for, not yet protected: the farm map says so in the legend's 'Awaiting acceptance' colour.
  await expect(page.locator('path.leaflet-interactive').first()).toHaveAttribute('fill', '#e8b43a');
  await expect(page.getByText('1 paddock', { exact: true })).toBeVisible();
  await shoot(page, 'paddocks-read-only');
  await page.setViewportSize({ width: 390, height: 844 });

  // A public page says so too (the session cache tells it to ask), and is still hydrated, not drawn again.
  await noteFirstHeading(page);
  await page.goto('/faq');
  await expect(bar).toContainText(grower.member.name);
  expect(await keepsFirstHeading(page)).toBe(true);

  // Staff work of their own goes on in a read-only session: the application moves to review.
  await page.goto('/admin/member-paddocks?status=submitted');
  const application = page.getByRole('article', { name: `Application of ${grower.member.name}` });
  await application.getByLabel('Move to').selectOption({ label: 'Under review' });
  await application.getByRole('button', { name: 'Change status' }).click();
  await expect(page.getByRole('article', { name: `Application of ${grower.member.name}` })).toHaveCount(0);
  await expect(bar).toContainText(grower.member.name);
  await shoot(page, 'admin-page');

  await page.setViewportSize({ width: 390, height: 844 });
  await bar.getByRole('button', { name: 'Exit support mode' }).click();
  await expect(page).toHaveURL(/\/admin\/members$/);
  await expect(bar).toHaveCount(0);
  await page.setViewportSize({ width: 1366, height: 900 });
  await expect(header.getByRole('link')).toHaveText(['Admin Dashboard']);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(grower.member.name);
  await admin.close();
});
