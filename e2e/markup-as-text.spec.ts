import { join } from 'node:path';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { emptyQuoteState, paddockSectionSchema } from '../shared/contracts/quote';
import { draftDataHash, draftQuoteData } from '../shared/domain/quote/draft';
import { sanitizeString } from '../shared/domain/sanitize';
import { type DesktopBridgeDouble, installDesktopBridge } from './desktop-bridge-double';
import { registerMember, type RegisteredMember } from './support/accounts';
import { saveScreenshot } from './support/screenshots';
import { openSupportModeChooser } from './support/members';

/**
 * Markup in member text never becomes markup. A paddock name carrying a tag and
 * an event handler is saved in a draft through the real API, bypassing the page's own sanitiser,
 * then shown on the farm map on the web and in the desktop console: it must appear as the literal
 * characters, with no element injected and no handler run.
 */

const SCREENSHOTS = '.tmp/screenshots';
const PAYLOAD = '<b id="x">Top</b><img/src="x"/onerror="window.__pwned=1">';
/** What every page shows whether or not the docs/behaviour.md §5 sanitiser ran over the name on its way in. */
const LITERAL_START = '<b id="x">Top</b><img/src="x"';

/** A draft at the farm-mapping step whose one mapped paddock is named `name`. */
async function saveDraftWithPaddock(request: APIRequestContext, member: RegisteredMember, name: string) {
  const quote = emptyQuoteState();
  Object.assign(quote.personalDetails, { userId: member.id, firstName: member.firstName, lastName: member.lastName, email: member.email, phone: '0412 345 678', emailVerified: true });
  quote.farmData.address = 'Merredin WA 6415';
  quote.farmData.farmLocation = { lat: -31.48, lng: 118.28, label: 'Merredin WA 6415' };
  const ring: Array<[number, number]> = [
    [118.27, -31.49],
    [118.28, -31.49],
    [118.28, -31.48],
    [118.27, -31.48],
    [118.27, -31.49],
  ];
  quote.farmData.paddockSections = [paddockSectionSchema.parse({ id: 'paddock-markup', name, area: 98.5, geometry: { type: 'Polygon', coordinates: [ring] } })];
  const data = draftQuoteData(quote);
  const saved = await request.post('/api/user/drafts', {
    headers: { 'Sec-Fetch-Site': 'same-origin' },
    data: { id: `markup-${Date.now()}-${Math.floor(Math.random() * 1e6)}`, userId: member.id, step: 'farm-mapping', data, status: 'DRAFT', dataHash: draftDataHash(data) },
  });
  expect(saved.status(), await saved.text()).toBe(201);
}

/** Injected nothing, ran nothing, and shows the name as its characters in the paddock's label. */
async function expectNameShownAsText(page: Page) {
  const label = page.locator('.leaflet-tooltip').filter({ hasText: 'Top' });
  await expect(label).toHaveCount(1);
  await expect(label).toContainText(LITERAL_START);
  await expect(label).toContainText('98.5 ha');
  await expect(label.locator('b, img, *[onerror]')).toHaveCount(0);
  await expect(page.locator('#x')).toHaveCount(0);
  // Every image on the page has loaded or failed, so an error handler would have run.
  await page.evaluate(() => Promise.all(Array.from(document.images, (image) => image.decode().catch(() => undefined))));
  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
}

test.beforeEach(async ({ context }) => {
  // No network on these machines: tile requests fail at once instead of waiting.
  await context.route(/tile\.openstreetmap\.org|arcgisonline\.com/, (route) => route.abort());
});

test('a paddock name with markup is shown as text on the web farm map', async ({ page, baseURL }) => {
  const member = await registerMember(page.request, baseURL!, 'Markup', `Grower${Math.floor(Math.random() * 1e6)}`);
  await saveDraftWithPaddock(page.request, member, PAYLOAD);

  await page.goto('/quote?step=farm-mapping');
  await expect(page.getByTestId('farm-mapping')).toBeVisible();
  await expectNameShownAsText(page);
  // The paddock list shows the same characters in its name field.
  await expect(page.getByTestId('paddock-item').first().getByLabel('Paddock name')).toHaveValue(new RegExp(`^${LITERAL_START.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`));
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await saveScreenshot(page.locator('.leaflet-container'), { path: join(SCREENSHOTS, `markup-as-text-${width}.png`) });
  }
});

test.describe('in the desktop console', () => {
  let desktop: DesktopBridgeDouble;
  test.beforeEach(async ({ context, baseURL }) => {
    desktop = await installDesktopBridge(context, baseURL!);
  });
  test.afterEach(() => desktop.dispose());

  test('a paddock name with markup is shown as text on the farm map of a support window', async ({ page, playwright, baseURL, administrator }) => {
    // The member saves the draft from their own session; staff then open it from the console.
    const memberRequest = await playwright.request.newContext({ baseURL });
    const member = await registerMember(memberRequest, baseURL!, 'Console', `Markup${Math.floor(Math.random() * 1e6)}`);
    await saveDraftWithPaddock(memberRequest, member, PAYLOAD);
    await memberRequest.dispose();

    await page.goto(`/auth/signin?callbackUrl=${encodeURIComponent('/admin/members')}`);
    await page.getByLabel('E-mail address').fill(administrator.email);
    await page.getByLabel('Password').fill(administrator.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/admin\/members$/);
    await openSupportModeChooser(page, member.lastName, member.name);
    await page.getByRole('button', { name: 'Open their dashboard in support mode' }).click();

    await expect.poll(() => desktop.supportWindows.length).toBe(1);
    const window = desktop.supportWindows[0]!;
    await expect.poll(() => window.page?.url()).toMatch(/\/dashboard$/);
    const support = window.page!;
    // Their quote resumes the member's draft at its step (issue 'One lifecycle people can finish', point 9).
    const theirQuote = support.getByRole('region', { name: 'Support mode' }).getByRole('link', { name: 'Their quote' });
    await expect(theirQuote).toHaveAttribute('href', /step=farm-mapping$/);
    await theirQuote.click();
    await expect(support).toHaveURL(/\/quote\?support=true&customerId=.*step=farm-mapping/);
    // The window holds the bridge: a handler running here could reach window.desktop.
    expect(await support.evaluate(() => typeof (window as unknown as { desktop?: unknown }).desktop)).toBe('object');
    await expect(support.getByTestId('farm-mapping')).toBeVisible();
    await expectNameShownAsText(support);
  });
});

test('the sanitiser’s output holds no handler, script or iframe when Chromium parses it as HTML', async ({ page }) => {
  const payloads = [
    PAYLOAD,
    '<img/src=x/onerror=alert(1)>',
    '<svg/onload=alert(1)>',
    '<img src="x"onerror="alert(1)">',
    "<img src='x'onerror='alert(1)'>",
    '<img\tsrc=x\tonerror=alert(1)>',
    '<img\nsrc=x\nonerror=alert(1)>',
    '<img\fsrc=x\fonerror=alert(1)>',
    '<img\rsrc=x\ronerror=alert(1)>',
    '<img src=x onError\t=\n"alert(1)">',
    '<body onload=alert(1)>',
    '<details open ontoggle=alert(1)>',
    '<scr<script></script>ipt>alert(1)</script>',
    '<script/src="//evil.example/x.js"></script>',
    '<iframe\fsrcdoc="<b>"></iframe>',
    '<a href="java\tscript:alert(1)">x</a>',
    '<a href=" vbscript:msgbox">x</a>',
    '<iframe src="data: text/html,<script>alert(1)</script>">',
  ];
  const cleaned = payloads.map(sanitizeString);
  const findings = await page.evaluate((fragments) => {
    const parser = new DOMParser();
    return fragments.flatMap((fragment) => {
      const document = parser.parseFromString(`<!doctype html><body>${fragment}`, 'text/html');
      const problems: string[] = [];
      for (const element of document.querySelectorAll('*')) {
        if (['SCRIPT', 'IFRAME'].includes(element.tagName)) problems.push(`${fragment}: <${element.tagName.toLowerCase()}>`);
        for (const attribute of element.attributes) {
          if (/^on/i.test(attribute.name)) problems.push(`${fragment}: ${attribute.name}`);
          if (/^\s*(javascript|vbscript):|^\s*data:\s*text\/html/i.test(attribute.value.replace(/[\t\n\r]/g, ''))) problems.push(`${fragment}: ${attribute.name}=${attribute.value}`);
        }
      }
      return problems;
    });
  }, cleaned);
  expect(findings).toEqual([]);
});
