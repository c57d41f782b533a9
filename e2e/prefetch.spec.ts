/**
 * docs/behaviour.md §9, link prefetch, as people meet it: a link's page code is fetched while the
 * visitor reads the page that links to it, so following the link downloads none of it; and a
 * browser whose person saves data fetches nothing ahead, and loads the page when the link is followed.
 */
import { type Page } from '@playwright/test';
import { contextFetchingAhead, expect, test } from './support/fixtures';

/** The quote page's scripts, from the map the home page carries (scripts/prerender.mjs). */
async function quotePageScripts(page: Page): Promise<string[]> {
  const map = JSON.parse((await page.locator('#route-chunks').textContent()) ?? '{}') as Record<string, string[]>;
  const scripts = (map['/quote'] ?? []).filter((file) => file.endsWith('.js'));
  expect(scripts.some((file) => /\/quote-page-[\w-]+\.js$/.test(file))).toBe(true);
  return scripts;
}

/** The scripts the page asks the server for, by path, from now on. */
function scriptsAskedFor(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith('.js')) asked.push(pathname);
  });
  return asked;
}

/** The home page's quote section, whose Get a Quote button leads to the wizard: brought into view, as a reader scrolls to it. */
async function quoteSection(page: Page) {
  const section = page.locator('section#quote');
  await section.scrollIntoViewIfNeeded();
  return section;
}

/** The wizard's first step, as a visitor sees it. */
const wizardStart = (page: Page) => expect(page.getByRole('heading', { level: 1 })).toHaveText('Your details');

/** Two idle periods of the page's main thread: link prefetch's turn has come and gone (route-prefetch.ts). */
const afterIdle = (page: Page) => page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))));

test('the home page fetches the quote page’s code while it is read, and Get a Quote then downloads none of it', async ({ browser, baseURL }) => {
  const context = await contextFetchingAhead(browser, { baseURL });
  const page = await context.newPage();
  const asked = scriptsAskedFor(page);
  await page.goto('/');
  const scripts = await quotePageScripts(page);
  const section = await quoteSection(page);
  await afterIdle(page);
  await expect.poll(() => scripts.filter((file) => !asked.includes(file))).toEqual([]);

  const askedAfterFollowing = scriptsAskedFor(page);
  await section.getByRole('link', { name: 'Get a Quote' }).click();
  await wizardStart(page);
  expect(askedAfterFollowing.filter((file) => scripts.includes(file))).toEqual([]);
  await context.close();
});

test('a browser saving data fetches nothing ahead, and Get a Quote then loads the quote page', async ({ page }) => {
  const asked = scriptsAskedFor(page);
  await page.goto('/');
  await quotePageScripts(page);
  const section = await quoteSection(page);
  await afterIdle(page);
  expect(await page.evaluate(() => (navigator as Navigator & { connection: { saveData: boolean } }).connection.saveData)).toBe(true);
  expect(asked.filter((file) => /\/quote-page-[\w-]+\.js$/.test(file))).toEqual([]);

  await section.getByRole('link', { name: 'Get a Quote' }).click();
  await wizardStart(page);
  expect(asked.filter((file) => /\/quote-page-[\w-]+\.js$/.test(file))).toHaveLength(1);
});
