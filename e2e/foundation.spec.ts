import { expect, test } from './support/fixtures';
import { registerMember } from './support/accounts';
import { openPage } from './support/pages';

test('the home page renders with the public layout', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('[data-layout="public"]')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Protection for your crop');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Get a Quote' })).toHaveAttribute('href', '/#quote');
});

test.describe('layout chosen by path (docs/behaviour.md §2)', () => {
  test.beforeEach(async ({ page, baseURL, administrator }) => {
    // An administrator, so that /dashboard and /admin open without a detour.
    const response = await page.request.post('/api/auth/signin', {
      data: { email: administrator.email, password: administrator.password },
      headers: { Origin: baseURL! },
    });
    expect(response.ok()).toBe(true);
  });

  for (const [path, layout] of [
    ['/dashboard', 'member'],
    ['/dashboard/claims', 'member'],
    ['/admin', 'admin'],
    ['/admin/form-submissions', 'admin'],
    ['/faq', 'public'],
    ['/quote', 'public'],
    ['/no-such-page', 'public'],
  ] as const) {
    test(`${path} uses the ${layout} layout`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator(`[data-layout="${layout}"]`)).toBeVisible();
    });
  }
});

test('on a phone the dashboard has one navigation, folded behind a Menu button, that reaches every section', async ({ page, baseURL }) => {
  const grower = await registerMember(page.request, baseURL!, 'Phoebe', 'Phone');
  expect((await page.request.post('/api/auth/signin', { data: { email: grower.email, password: grower.password }, headers: { Origin: baseURL! } })).status()).toBe(200);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/dashboard');
  const menu = page.getByRole('navigation', { name: 'Dashboard' });
  await expect(menu).toBeHidden();
  // No strip of sections in the header beside it (not a tab strip plus a different menu).
  await expect(page.getByRole('navigation', { name: 'Sections' })).toBeHidden();
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(menu.getByRole('link', { name: 'Claims' })).toBeVisible();
  await menu.getByRole('link', { name: 'Claims' }).click();
  await expect(page).toHaveURL(/\/dashboard\/claims$/);
  await expect(menu).toBeHidden();
  // The SPEC header's one section the SPEC menu lacks is in the menu too.
  await page.getByRole('button', { name: 'Menu' }).click();
  await menu.getByRole('link', { name: 'Reports' }).click();
  await expect(page).toHaveURL(/\/dashboard\/reports$/);

  // On a wide screen the same menu stands beside the page, and is still the one navigation.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(menu.getByRole('link', { name: 'Reports' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Sections' })).toHaveCount(0);
});

test('the full-screen loader appears while a route loads', async ({ page }) => {
  await openPage(page, '/');
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

test('a page opened at a guarded address asks who is signed in while the guard’s code is still on its way, and asks once', async ({ page, baseURL }) => {
  await registerMember(page.request, baseURL!, 'Early', 'Asker');
  const isSessionRead = (request: { url(): string; method(): string }) => request.method() === 'GET' && new URL(request.url()).pathname === '/api/auth/session';
  let sessionReads = 0;
  page.on('request', (request) => void (isSessionRead(request) && (sessionReads += 1)));
  // On a farm's connection the guard's code takes a while: here it is held until the session has been asked for.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/access-check-*.js', async (route) => {
    await held;
    await route.continue();
  });
  const asked = page.waitForRequest(isSessionRead, { timeout: 10_000 });
  await page.goto('/dashboard', { waitUntil: 'commit' });
  await asked;
  release();
  await expect(page.locator('[data-layout="member"]')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Early');
  expect(sessionReads).toBe(1);
});
