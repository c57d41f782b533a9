/**
 * The site as people find their way through it: from where each starts (a visitor at the home page,
 * a grower with a quote and a storm warning at their dashboard, staff at the admin dashboard, with
 * the menus' groups opened), every link followed. Every page of the site's list for them is reached
 * by links, but those named below with the way people reach them instead; and every page reached
 * opens without an error thrown or logged, without a call of the API refused or failing, titled
 * after its heading, and without spilling sideways off a laptop's screen or a phone's. The past alerts, which once only their
 * e-mails led to after each alert was read and over, are how this was found.
 */
import { type BrowserContext, type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { signedInContext } from './support/accounts';
import { postHailWarning } from './support/alerts';
import { collectErrors } from './support/pages';
import { growerWithSubmittedQuote } from './support/quotes';
import { shootAtWidths } from './support/screenshots';
import { PAGE_PATHS, pageOf } from '../shared/site-pages';
import { memberAlertsResponseSchema } from '../shared/contracts/alerts';

const LAPTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Pages of the list that links do not lead to, and how people reach them. */
const REACHED_OTHERWISE: Record<string, string> = {
  '/register': "the header's quote button, when the site is not in quote mode",
  '/auth/signout': 'signing out, which the account menu does by a button',
  '/auth/error': 'the sign-in provider, when a sign-in fails',
  '/auth/reset-password': 'the link in the password-reset e-mail',
  '/referrer/leads': "a referrer's sign-in",
  '/admin': 'its other address, /admin/dashboard',
  '/admin/users': 'its other address, /admin/user-management',
  '/admin/errors/:fingerprint': 'the error list, once the world has made an error',
  '/admin/user-lookup/:userId': 'the lookup search',
  '/admin/user-tracking/:userId': 'the tracking list, once people have been tracked',
};

interface Walk {
  /** Paths of the pages reached, with the query they were reached with. */
  reached: string[];
  problems: string[];
}

/** The same-origin pages a page links to, without their hash; files of the API (PDF, CSV) are not pages. */
async function linksOf(page: Page): Promise<string[]> {
  const hrefs = await page.locator('a[href]').evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
  const origin = new URL(page.url()).origin;
  return hrefs.flatMap((href) => {
    const url = new URL(href);
    return url.origin === origin && !url.pathname.startsWith('/api/') ? [url.pathname + url.search] : [];
  });
}

/** Follows every link from `start` to pages under `area`, noting what went wrong on each page. */
async function walk(context: BrowserContext, start: string, area: (path: string) => boolean): Promise<Walk> {
  const page = await context.newPage();
  let current = start;
  const problems = collectErrors(page, () => `${current}: `);
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/') && response.status() >= 400) problems.push(`${current}: ${response.request().method()} ${url.pathname} answered ${response.status()}`);
  });
  const queued = new Set([start]);
  const queue = [start];
  const reached: string[] = [];
  while (queue.length > 0) {
    current = queue.shift()!;
    reached.push(current);
    await page.setViewportSize(LAPTOP);
    await page.goto(current);
    await expect(page.locator('main h1').first()).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
    // The tab, the history and a screen reader name the page by its heading (the home page by the site's name).
    const heading = (await page.locator('main h1').first().innerText()).trim();
    const named = current === '/' ? 'Grain Growers Mutual' : heading;
    await page
      .waitForFunction((words) => document.title.includes(words) && document.title.includes('Grain Growers Mutual'), named, { timeout: 2_000 })
      .catch(async () => {
        problems.push(`${current} is titled '${await page.title()}', which does not name it by '${named}'`);
      });
    if ((await page.getByRole('heading', { name: /not found/i }).count()) > 0) problems.push(`${current} is a not-found page`);
    // A closed group of the menu holds links too (one group may be open at a time); the menu is the same on every page.
    const links = await linksOf(page);
    if (current === start) {
      for (const group of await page.locator('nav button[aria-expanded]').all()) {
        if (!(await group.isVisible())) continue;
        if ((await group.getAttribute('aria-expanded')) === 'false') await group.click();
        links.push(...(await linksOf(page)));
      }
    }
    for (const link of links) {
      if (queued.has(link) || !area(new URL(link, page.url()).pathname)) continue;
      queued.add(link);
      queue.push(link);
    }
    for (const viewport of [LAPTOP, PHONE]) {
      await page.setViewportSize(viewport);
      const spill = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (spill > 0) problems.push(`${current} spills ${spill} px sideways at ${viewport.width} px`);
    }
  }
  await page.close();
  return { reached, problems };
}

/** The pages of the list in `area` that no path reached stands for. */
function unreached(area: (path: string) => boolean, reached: string[]): string[] {
  const pages = new Set(reached.map((address) => pageOf(address.split('?')[0]!)));
  return PAGE_PATHS.filter((page) => area(page) && !(page in REACHED_OTHERWISE) && !pages.has(page));
}

const underDashboard = (path: string) => path === '/dashboard' || path.startsWith('/dashboard/');
const underAdmin = (path: string) => path === '/admin' || path.startsWith('/admin/');
const isPublic = (path: string) => !underDashboard(path) && !underAdmin(path);

test('a visitor reaches every public page from the home page, and each opens cleanly', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: baseURL! });
  const { reached, problems } = await walk(context, '/', isPublic);
  expect(problems).toEqual([]);
  expect(unreached(isPublic, reached)).toEqual([]);
  await context.close();
});

test('a grower whose storm warning is read and over reaches every dashboard page from the dashboard, and each opens cleanly', async ({ browser, baseURL, administrator }) => {
  test.setTimeout(120_000);
  const base = baseURL!;
  const grower = await growerWithSubmittedQuote(browser, base, 'Wendy', 'Walker');
  await grower.page.close();
  const staff = await signedInContext(browser, base, administrator.email, administrator.password);
  const yesterday = Date.now() - 24 * 3_600_000;
  const square = [
    [117.19, -31.61],
    [117.23, -31.61],
    [117.23, -31.57],
    [117.19, -31.57],
    [117.19, -31.61],
  ];
  await postHailWarning(staff.request, base, 'Severe thunderstorm warning for large hail: Cunderdin', square, { effective: new Date(yesterday), expires: new Date(yesterday + 3 * 3_600_000) });
  await staff.close();
  const { alerts } = memberAlertsResponseSchema.parse(await (await grower.context.request.get('/api/user/alerts')).json());
  expect(alerts).toHaveLength(1);
  expect((await grower.context.request.post(`/api/user/alerts/${alerts[0]!.id}/read`, { headers: { Origin: base } })).status()).toBe(200);
  const dashboard = await grower.context.newPage();
  await dashboard.goto('/dashboard');
  await expect(dashboard.getByText('No new storm or fire alerts over your paddocks.')).toBeVisible();
  await shootAtWidths(dashboard, 'link-walk', 'dashboard-past-alerts');
  await dashboard.close();
  const { reached, problems } = await walk(grower.context, '/dashboard', underDashboard);
  expect(problems).toEqual([]);
  expect(unreached(underDashboard, reached)).toEqual([]);
  await grower.context.close();
});

test('staff reach every admin page from the admin dashboard, and each opens cleanly', async ({ browser, baseURL, administrator }) => {
  test.setTimeout(300_000);
  const context = await signedInContext(browser, baseURL!, administrator.email, administrator.password);
  // The lists hold a partner with the longest code staff may give (32 characters, no space to break at) and a long
  // organisation's name, whichever tests ran before.
  const partner = await context.request.post('/api/admin/referrers', {
    headers: { Origin: baseURL! },
    data: {
      email: `partner-${Date.now()}@example.com`,
      firstName: 'Bartholomew-Alexander',
      lastName: 'Worthington-Fairweather',
      organisation: 'Western Australian Grain Growers Co-operative Marketing and Crop Risk Advisory Services Pty Ltd',
      code: `LONG-${Date.now()}`.padEnd(32, 'W'),
    },
  });
  expect(partner.status()).toBe(201);
  const { reached, problems } = await walk(context, '/admin/dashboard', underAdmin);
  expect(problems).toEqual([]);
  expect(unreached(underAdmin, reached)).toEqual([]);
  await context.close();
});
