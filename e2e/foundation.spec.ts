import { expect, test } from '@playwright/test';

test('the home page renders with the public layout', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('[data-layout="public"]')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Protection for your crop');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Get a Quote' })).toHaveAttribute('href', '/quote');
});

test.describe('layout chosen by path (SPEC §2)', () => {
  // /dashboard and /admin need a session; e2e/accounts.spec.ts covers their layouts after sign-in.
  for (const [path, layout] of [
    ['/faq', 'public'],
    ['/no-such-page', 'public'],
  ] as const) {
    test(`${path} uses the ${layout} layout`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator(`[data-layout="${layout}"]`)).toBeVisible();
    });
  }
});

test('the full-screen loader appears while a route loads', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('[data-layout="public"]')).toBeVisible();
  // Hold back the next page's code so the route change is visibly in progress.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/not-found-page-*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.evaluate(() => {
    window.history.pushState({}, '', '/somewhere-else');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByTestId('route-loader')).toBeVisible();
  await expect(page.getByTestId('route-loader').locator('img')).toHaveAttribute('src', '/loader-animation.svg');
  release();
  await expect(page.getByRole('heading', { name: "We can't find that page" })).toBeVisible();
  await expect(page.getByTestId('route-loader')).toHaveCount(0);
});
