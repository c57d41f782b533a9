/**
 * Seasons as records (docs/seasons.md): staff find Seasons in the admin menu, see the season open
 * today, and open the next with the dates offered; its dates move while it has not opened. The new
 * season opens on a later day, so no other test's quotes change season. Screenshots at 390 and
 * 1366 px go to .tmp/screenshots/seasons/.
 */
import { expect, test } from './support/fixtures';
import { signedInContext } from './support/accounts';
import { shootAtWidths } from './support/screenshots';

test('staff open the next season from the admin menu with the dates offered, and move its opening day', async ({ browser, baseURL, administrator }) => {
  const context = await signedInContext(browser, baseURL!, administrator.email, administrator.password);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/admin');
  const menu = page.getByRole('navigation', { name: 'Administration' });
  await menu.getByRole('button', { name: 'Core Operations' }).click();
  await menu.getByRole('link', { name: 'Seasons', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/seasons$/);
  const seasons = page.getByRole('list', { name: 'Seasons, newest first' });
  await expect(seasons.getByText('Open: new quotes are for it')).toHaveCount(1);

  const openButton = page.getByRole('button', { name: /^Open the \d{4} season$/ });
  const year = Number(/\d{4}/.exec((await openButton.textContent())!)![0]);
  await openButton.click();
  const form = page.getByRole('form', { name: 'Open a season' });
  await expect(form.getByLabel('Season (the crop’s year)')).toHaveValue(String(year));
  await expect(form.getByLabel('Cover ends on')).toHaveValue(`${year + 1}-03-31`);
  await shootAtWidths(page, 'seasons', 'open-form');
  // Cover that ends before the harvest is over is refused beside its field.
  await form.getByLabel('Cover ends on').fill(`${year}-12-31`);
  await form.getByRole('button', { name: 'Open the season' }).click();
  await expect(form.getByText(`Cover of the ${year} season runs through its harvest: it ends in ${year + 1} or later.`)).toBeVisible();
  await form.getByLabel('Cover ends on').fill(`${year + 1}-03-31`);
  await form.getByRole('button', { name: 'Open the season' }).click();

  const card = page.getByRole('article', { name: `The ${year} season` });
  await expect(card.getByText('Opens later')).toBeVisible();
  await expect(card).toContainText(`31 March ${year + 1}`);
  await card.getByRole('button', { name: `Change the dates of ${year}` }).click();
  await card.getByLabel('Opens on').fill(`${year}-02-01`);
  await card.getByRole('button', { name: 'Save the dates' }).click();
  await expect(card).toContainText(`1 February ${year}`);
  await shootAtWidths(page, 'seasons', 'list');
  await context.close();
});
