/**
 * The SPEC's last rows, as a person meets them in the built app: every public page's Get a Quote
 * button leads to the wizard (docs/behaviour.md §2 in the configured quote mode, 'quote' (docs/behaviour.md §9): the header's
 * button is the home page's #quote section, whose button opens /quote; docs/public-site.md), the sidebar is 64 units wide (docs/behaviour.md §9),
 * and the interface preferences kept in local storage are applied when the app loads (docs/behaviour.md §2
 * interface flags, §3 local storage).
 */
import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { SITEMAP_PATHS } from '../shared/site-pages';

import { openPage } from './support/pages';

/** The addresses of the sitemap's pages that a page links to (hash and query dropped). */
async function sitemapLinksOn(page: Page): Promise<string[]> {
  const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
  const origin = new URL(page.url()).origin;
  const paths = hrefs
    .map((href) => new URL(href))
    .filter((url) => url.origin === origin)
    .map((url) => url.pathname.replace(/(.)\/$/, '$1'));
  return [...new Set(paths.filter((path) => (SITEMAP_PATHS as readonly string[]).includes(path)))];
}

const quoteButtons = (page: Page) => page.getByRole('link', { name: /^get a quote$/i });

/** The wizard's first step, as a visitor sees it. */
async function expectWizardStart(page: Page, where: string) {
  await expect(page, where).toHaveURL(/\/quote(\?step=personal-details)?$/);
  await expect(page.getByRole('heading', { level: 1 }), where).toHaveText('Your details');
  await expect(page.getByLabel('First name'), where).toBeVisible();
}

test('every public page reached from the home page by its links has a Get a Quote button, and each one leads to the wizard', async ({ page }) => {
  test.setTimeout(240_000);
  // Walk the site from the home page by its links, as far as they reach within the sitemap.
  const reached: string[] = [];
  const queue = ['/'];
  while (queue.length > 0) {
    const path = queue.shift()!;
    if (reached.includes(path)) continue;
    reached.push(path);
    await openPage(page, path);
    for (const next of await sitemapLinksOn(page)) if (!reached.includes(next) && !queue.includes(next)) queue.push(next);
  }
  // /register is the quote button's page in register mode only; in quote mode nothing leads there, so it is opened by its address.
  expect(reached.toSorted()).toEqual(SITEMAP_PATHS.filter((path) => path !== '/register').sort());

  const followed: string[] = [];
  for (const path of [...reached, '/register']) {
    await openPage(page, path);
    const count = await quoteButtons(page).count();
    // The header's button at least, on every page.
    expect(count, `${path} shows a Get a Quote button`).toBeGreaterThan(0);
    for (let index = 0; index < count; index += 1) {
      if (index > 0) await openPage(page, path);
      const button = quoteButtons(page).nth(index);
      const href = await button.getAttribute('href');
      const where = `${path} #${index + 1} (${href})`;
      expect(['/quote', '/#quote'], where).toContain(href);
      await button.click();
      if (href === '/#quote') {
        // Quote mode's header button: the home page's quote section, whose button opens the wizard.
        await expect(page, where).toHaveURL(/\/#quote$/);
        const section = page.locator('section#quote');
        await expect(section, where).toBeInViewport();
        await section.getByRole('link', { name: 'Get a Quote' }).click();
      }
      await expectWizardStart(page, where);
      followed.push(where);
    }
  }
  // Every page's header button, the home page's two page buttons, and the quote links in the pages' text.
  expect(followed.length).toBeGreaterThanOrEqual(SITEMAP_PATHS.length + 2);
  expect(followed.filter((where) => where.startsWith('/ '))).toEqual(['/ #1 (/#quote)', '/ #2 (/quote)', '/ #3 (/quote)']);
});

test.describe('sidebar width (docs/behaviour.md §9: 64 units)', () => {
  test.beforeEach(async ({ page, baseURL, administrator }) => {
    const response = await page.request.post('/api/auth/signin', { data: { email: administrator.email, password: administrator.password }, headers: { Origin: baseURL! } });
    expect(response.ok()).toBe(true);
  });

  for (const [path, menu] of [
    ['/admin/dashboard', 'Administration'],
    ['/dashboard', 'Dashboard'],
  ] as const) {
    test(`beside the page at ${path}, the ${menu} sidebar is 64 units (of a quarter rem) wide`, async ({ page }) => {
      await page.setViewportSize({ width: 1366, height: 900 });
      await page.goto(path);
      const sidebar = page.getByRole('navigation', { name: menu, exact: true });
      await expect(sidebar).toBeVisible();
      const rem = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
      const box = (await sidebar.boundingBox())!;
      expect(box.width).toBe(64 * (rem / 4));
      // The page starts where the sidebar ends.
      const main = (await page.locator('main#main').boundingBox())!;
      expect(main.x).toBe(box.x + box.width);
    });
  }
});

test.describe('interface preferences kept in local storage are applied on load (docs/behaviour.md §2 interface flags, §3)', () => {
  const continueBar = (page: Page) => page.getByRole('button', { name: 'Continue' }).locator('xpath=..');
  const positionOf = (page: Page) => continueBar(page).evaluate((bar) => getComputedStyle(bar).position);

  test('with nothing stored: the progress indicator shows and Back and Continue stick to the bottom of the screen', async ({ page }) => {
    await openPage(page, '/quote');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your details');
    await expect(page.getByRole('progressbar', { name: 'Quote progress' })).toBeVisible();
    expect(await positionOf(page)).toBe('sticky');
  });

  test('progress indicator and sticky buttons switched off in the stored preferences: the quote opens without either', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.addInitScript(() => {
      const flags = { stickyButtons: false, enhancedValidation: true, progressIndicator: false, sidebarCollapsed: false };
      localStorage.setItem('ui-preferences', JSON.stringify({ state: { theme: 'system', preferredUnits: 'hectares', flags }, version: 1 }));
    });
    await openPage(page, '/quote');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your details');
    await expect(page.getByLabel('First name')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Quote progress' })).toHaveCount(0);
    await expect(page.getByText(/% complete$/)).toHaveCount(0);
    expect(await positionOf(page)).toBe('static');
    expect(errors).toEqual([]);
  });
});
