/**
 * axe on every signed-in page, as an administrator and as a member with an application, at 390 and
 * 1366 px: no serious or critical violation. The pages hold data first (an accepted application with
 * its invoices, a hail warning over the paddock, a contact message, quote steps with a member
 * resuming part-way), so lists, tables, charts and maps are checked as staff and growers meet them. Screenshots of each page at both widths go to .tmp/screenshots/accessibility/.
 */
import { randomUUID } from 'node:crypto';
import { type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { administratorContext } from './support/accounts';
import { seriousViolations } from './support/axe';
import { nextFrames } from './support/pages';
import { growerWithSubmittedQuote } from './support/quotes';
import { PAGE_PATHS } from '../shared/site-pages';
import { saveScreenshot } from './support/screenshots';
import { postHailWarning } from './support/alerts';

const SHOTS = '.tmp/screenshots/accessibility';
const WIDTHS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
] as const;

/**
 * Every page of the admin area, from the one list of the site's pages (shared/site-pages.ts): a new
 * admin page is checked without a line here. Left out: two other addresses of pages listed
 * ('/admin' is the dashboard, '/admin/users' redirects to user management) and an error group's
 * page, which needs an error the world does not make.
 */
const NOT_CHECKED = new Set(['/admin', '/admin/users', '/admin/errors/:fingerprint']);
const ADMIN_PAGES = PAGE_PATHS.filter((path) => path.startsWith('/admin') && !NOT_CHECKED.has(path));

/** Every page of the member dashboard. */
const MEMBER_PAGES = [
  '/dashboard',
  '/dashboard/protection',
  '/dashboard/claims',
  '/dashboard/payments',
  '/dashboard/paddocks',
  '/dashboard/reports',
  '/dashboard/alerts',
  '/dashboard/fire-risk-survey',
  '/dashboard/help',
  '/dashboard/settings',
];

interface World {
  admin: BrowserContext;
  member: BrowserContext;
  memberId: string;
}

/**
 * A grower with a submitted application that staff accept (invoices), a hail warning over its
 * paddock, contact messages from them and from someone without an account (a lead), and quote steps of today in which more tabs reach a step than the one
 * before (a saved quote resumed).
 */
async function seed(browser: Browser, base: string): Promise<World> {
  const headers = { Origin: base };
  const grower = await growerWithSubmittedQuote(browser, base, 'Axel', 'Access');
  await grower.page.close();
  const admin = await administratorContext(browser, base);
  expect((await admin.request.put(`/api/dashboard/protections/${grower.application.id}/status`, { data: { status: 'accepted' }, headers })).status()).toBe(200);

  // A warning the size of the Bureau's (a degree and more across) over the Home Paddock (117.20–117.22 E, 31.58–31.60 S).
  await postHailWarning(admin.request, base, 'Severe thunderstorm warning for large hail: Central Wheatbelt', [
    [116.6, -32.2],
    [117.9, -32.2],
    [117.9, -31.0],
    [116.6, -31.0],
    [116.6, -32.2],
  ]);

  for (const [name, email] of [
    ['Axel Access', grower.member.email],
    // Someone without an account: a lead in the CRM.
    ['Lena Lead', `lena-${randomUUID().slice(0, 8)}@example.com`],
  ]) {
    const contact = await admin.request.post('/api/form-submissions', {
      headers,
      data: { type: 'contact', name, email, phone: '0412 345 678', message: 'Can I add a paddock after the application?', website: '' },
    });
    expect(contact.status()).toBe(201);
  }

  const now = Date.now();
  const tab = `axe-${randomUUID()}`;
  const view = (session: string, step: string, seconds: number) => ({
    event: 'quote_step.viewed',
    timestamp: new Date(now - 3_600_000 + seconds * 1000).toISOString(),
    properties: { step },
    sessionId: session,
  });
  const events = [
    view(`${tab}-a`, 'personal-details', 0),
    view(`${tab}-a`, 'email-verification', 60),
    view(`${tab}-b`, 'personal-details', 0),
    view(`${tab}-c`, 'password-creation', 0),
    view(`${tab}-d`, 'password-creation', 0),
  ];
  expect((await admin.request.post('/api/analytics/events', { data: { events }, headers })).status()).toBe(202);
  return { admin, member: grower.context, memberId: grower.member.id };
}

/** The page's data has come: no list or panel still says Loading, nothing is busy. */
async function settled(page: Page) {
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
}

/**
 * Opens the page, then at each width checks it with axe and photographs it as `shot`-<width>.png;
 * answers what axe found, per width. The page is opened once and resized, as a tablet turned on its
 * side would be: loading it again at the second width cost the suite a navigation per page.
 */
async function checkPage(page: Page, path: string, shot: string) {
  const found: string[] = [];
  await page.setViewportSize(WIDTHS[0]);
  await page.goto(path);
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await settled(page);
    await nextFrames(page);
    found.push(...(await seriousViolations(page)).map((line) => `${size.width} px: ${line}`));
    await saveScreenshot(page, { path: `${SHOTS}/${shot}-${size.width}.png`, fullPage: true });
  }
  return found;
}

let world: World | undefined;
let adminPage: Page;
let memberPage: Page;

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  world = await seed(browser, baseURL!);
  adminPage = await world.admin.newPage();
  memberPage = await world.member.newPage();
});
test.afterAll(async () => {
  await world?.admin.close();
  await world?.member.close();
});

test.describe('staff pages', () => {
  for (const path of ADMIN_PAGES) {
    test(`${path}: no serious or critical axe violation at 1366 and 390 px`, async () => {
      expect(await checkPage(adminPage, path.replace(':userId', world!.memberId), path.slice(1).replace(/[/:]+/g, '-'))).toEqual([]);
    });
  }

  test('the risk map’s drawing tools are buttons with names', async () => {
    await adminPage.setViewportSize(WIDTHS[0]);
    await adminPage.goto('/admin/risk-simulation');
    const map = adminPage.getByTestId('risk-map');
    await expect(map.getByRole('button', { name: 'Draw Polygons' })).toBeVisible();
    await expect(map.getByRole('button', { name: 'Draw Rectangle' })).toBeVisible();
  });
});

test.describe('member pages', () => {
  for (const path of MEMBER_PAGES) {
    test(`${path}: no serious or critical axe violation at 1366 and 390 px`, async () => {
      expect(await checkPage(memberPage, path, `member-${path.slice(1).replace(/\//g, '-')}`)).toEqual([]);
    });
  }
});
