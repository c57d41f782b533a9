/**
 * A part of a page whose code loads on demand, on a connection that drops it (a country line): the
 * page still opens, the part's place says to refresh (docs/behaviour.md §8's display error), and
 * Refresh Page brings the part once the connection is back. The support bar's case is in
 * support-mode-bar.spec.ts.
 */
import { type BrowserContext, type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { shootAtWidths } from './support/screenshots';
import { visitorToFarmStep } from './support/wizard';

const displayError = (page: Page) => page.getByRole('alert').filter({ hasText: 'Display Error' });

/** The build's chunk of that name refused, as a dropped connection refuses it, until `restore` is called. */
async function dropChunk(context: BrowserContext, name: string) {
  const chunk = new RegExp(`/assets/${name}-[\\w-]+\\.js$`);
  await context.route(chunk, (route) => route.abort('connectionreset'));
  return { restore: () => context.unroute(chunk) };
}

test('the contact form’s code dropped: the home page opens, the form’s place says to refresh, and Refresh Page brings the form', async ({ page, context }) => {
  const dropped = await dropChunk(context, 'contact-form');
  await page.goto('/#contact');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('footer #contact').getByRole('alert')).toContainText('There was an issue displaying some data. Please refresh the page.');
  await shootAtWidths(page, 'dropped-code', 'contact-form', { target: page.locator('footer #contact') });
  await dropped.restore();
  await page.getByRole('button', { name: 'Refresh Page' }).click();
  await expect(page.getByTestId('contact-form')).toBeVisible();
  await expect(displayError(page)).toHaveCount(0);
});

test('a referral link whose capture code is dropped still opens the home page, says to refresh, and keeps the code after Refresh Page', async ({ page, context }) => {
  const dropped = await dropChunk(context, 'referral-capture');
  await page.goto('/?ref=wheatbelt-ag');
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(displayError(page)).toContainText('There was an issue displaying some data. Please refresh the page.');
  await shootAtWidths(page, 'dropped-code', 'referral-link', { fullPage: false });
  await dropped.restore();
  await page.getByRole('button', { name: 'Refresh Page' }).click();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(displayError(page)).toHaveCount(0);
  await page.goto('/auth/register');
  await expect(page.getByLabel('Referrer code (optional)')).toHaveValue('WHEATBELT-AG');
});

test('the farm map’s code dropped: the quote’s farm step says to refresh in the map’s place and keeps its buttons, and Refresh Page brings the map', async ({ page, context }) => {
  test.setTimeout(90_000);
  const dropped = await dropChunk(context, 'farm-mapping-panel');
  await visitorToFarmStep(page, `dropped-map-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@farm.example`);
  await expect(displayError(page)).toContainText('There was an issue displaying some data. Please refresh the page.');
  await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
  await shootAtWidths(page, 'dropped-code', 'farm-step');
  await dropped.restore();
  await page.getByRole('button', { name: 'Refresh Page' }).click();
  await expect(page.getByTestId('farm-mapping')).toBeVisible();
  await expect(page.locator('.leaflet-container')).toBeVisible();
});
