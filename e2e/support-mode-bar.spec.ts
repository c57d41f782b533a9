/**
 * Support mode, the rest (issue 'One lifecycle people can finish', point 9), in Chromium at 390 and
 * 1366 px, by role and label as staff work: the support bar stays in view as a page scrolls (at the
 * top of a dashboard page, under the public site's sticky header on a public page, neither hiding
 * the other); 'Their quote' opens the application of a member who has submitted, and resumes the
 * draft of one who has not, at its step, with no Resume to press; in the drafts list Delete sits
 * under More, on a line of its own, and asks again; a member of staff's 'Get a Quote' in the header
 * opens the wizard. Staff reading a member's pages outside support mode are told whose they are; a
 * member, a broker or support staff who may not read them are told so instead of the pages.
 * Screenshots go to .tmp/screenshots/support-bar/.
 */
import { type Browser, type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { registerMember, administratorContext, signedInContext, type RegisteredMember } from './support/accounts';
import { openPage } from './support/pages';
import { growerWithSubmittedQuote, saveDraftAt } from './support/quotes';
import { saveScreenshot } from './support/screenshots';
import { openSupportModeChooser } from './support/members';

const SHOTS = '.tmp/screenshots/support-bar';
const WIDTHS = [390, 1366] as const;

/** A grower with a draft saved at `step` and nothing submitted. */
async function growerWithDraft(browser: Browser, base: string, lastName: string, step: Parameters<typeof saveDraftAt>[2]) {
  const setup = await browser.newContext({ baseURL: base });
  const member = await registerMember(setup.request, base, 'Dana', `${lastName}${Math.floor(Math.random() * 1e6)}`);
  const draftId = await saveDraftAt(setup.request, member, step);
  await setup.close();
  return { member, draftId };
}

/** The administrator, from the members list, enters support mode for `member` at `level`; their dashboard opens. */
async function enterSupportMode(browser: Browser, base: string, member: RegisteredMember, width: number, level: 'Read' | 'Write' = 'Read') {
  const context = await administratorContext(browser, base);
  const page = await context.newPage();
  await page.setViewportSize({ width, height: 844 });
  await page.goto('/admin/members');
  await openSupportModeChooser(page, member.email, member.name);
  await page.getByLabel(new RegExp(`^${level}`)).check();
  await page.getByRole('button', { name: 'Open their dashboard in support mode' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(member.name);
  return { context, page, bar: page.getByRole('region', { name: 'Support mode' }) };
}

async function scrollToBottom(page: Page) {
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
}

async function box(page: Page, locator: ReturnType<Page['locator']>) {
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found!;
}

for (const width of WIDTHS) {
  test(`at ${width} px the support bar stays in view as the page scrolls, under the site's header and not over it`, async ({ browser, baseURL }) => {
    const grower = await growerWithSubmittedQuote(browser, baseURL!, 'Stella', `Sticky${Math.floor(Math.random() * 1e6)}`);
    await grower.context.close();
    const { context, page, bar } = await enterSupportMode(browser, baseURL!, grower.member, width);

    // A dashboard page, on a short window so it scrolls at any width: its header scrolls away, the bar holds the top of the window.
    await page.setViewportSize({ width, height: 600 });
    await expect(page.getByTestId('applied-for')).toBeVisible();
    await scrollToBottom(page);
    await expect(bar).toBeInViewport();
    expect(Math.abs((await box(page, bar)).y)).toBeLessThan(1);
    await expect(bar.getByRole('link', { name: 'Their quote' })).toBeInViewport();
    await saveScreenshot(page, { path: `${SHOTS}/dashboard-scrolled-${width}.png` });

    // A public page: the site's sticky header on top, the bar right under it, both in view.
    await openPage(page, '/faq');
    await expect(bar).toContainText(grower.member.name);
    await scrollToBottom(page);
    const header = await box(page, page.getByRole('banner'));
    const under = await box(page, bar);
    expect(Math.abs(header.y)).toBeLessThan(1);
    expect(Math.abs(under.y - (header.y + header.height))).toBeLessThan(1);
    await expect(bar.getByRole('button', { name: 'Exit support mode' })).toBeInViewport();
    await saveScreenshot(page, { path: `${SHOTS}/public-scrolled-${width}.png` });
    await context.close();
  });

  test(`at ${width} px Their quote opens the application of a member who has submitted`, async ({ browser, baseURL }) => {
    const grower = await growerWithSubmittedQuote(browser, baseURL!, 'Stella', `Applied${Math.floor(Math.random() * 1e6)}`);
    await grower.context.close();
    const { context, page, bar } = await enterSupportMode(browser, baseURL!, grower.member, width);
    await page.goto('/dashboard/settings');
    await expect(bar.getByRole('link', { name: 'Their quote' })).toHaveAttribute('href', '/dashboard/protection');
    await bar.getByRole('link', { name: 'Their quote' }).click();
    await expect(page).toHaveURL(/\/dashboard\/protection$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Protection' })).toBeVisible();
    await expect(page.getByTestId('protection-card')).toContainText(grower.application.reference);
    await expect(page.getByTestId('protection-card').getByTestId('status')).toHaveText('Submitted');
    await context.close();
  });

  test(`at ${width} px Their quote resumes the member's draft at its step, with no Resume to press`, async ({ browser, baseURL }) => {
    const { member } = await growerWithDraft(browser, baseURL!, 'Drafting', 'protection-calculator');
    const { context, page, bar } = await enterSupportMode(browser, baseURL!, member, width);
    await expect(bar.getByRole('link', { name: 'Their quote' })).toHaveAttribute('href', /step=protection-calculator$/);
    await bar.getByRole('link', { name: 'Their quote' }).click();
    await expect(page).toHaveURL(/\/quote\?support=true&customerId=[^&]+&step=protection-calculator$/);
    await expect(page.getByTestId('support-banner')).toContainText(`working on the quote of ${member.name}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Crops and protection');
    await expect(page.getByTestId('paddock-card').first()).toContainText('Back Paddock');
    await expect(page.getByRole('heading', { name: 'Carry on where you left off' })).toHaveCount(0);
    await saveScreenshot(page, { path: `${SHOTS}/resumed-draft-${width}.png` });
    await context.close();
  });

  test(`at ${width} px a draft's Delete is under More, apart from Resume, and asks again`, async ({ browser, baseURL }) => {
    const { member, draftId } = await growerWithDraft(browser, baseURL!, 'Deleting', 'farm-mapping');
    const { context, page } = await enterSupportMode(browser, baseURL!, member, width, 'Write');
    await page.goto(`/quote?support=true&customerId=${member.id}`);
    const item = page.getByTestId('draft-item');
    await expect(item).toHaveCount(1);
    const resume = item.getByRole('button', { name: 'Resume' });
    await expect(resume).toBeVisible();
    // Nothing beside Resume deletes: Delete is folded under More, on a line of its own below it.
    await expect(item.getByRole('button', { name: /Delete/ })).toBeHidden();
    const more = item.getByText('More', { exact: true });
    // Both measured in one frame: the wizard may still be scrolling, which moves every box between two reads.
    const { resumeBottom, moreTop } = await item.evaluate((element) => {
      const resumeButton = [...element.querySelectorAll('button')].find((button) => button.textContent === 'Resume')!;
      const moreSummary = element.querySelector('summary')!;
      return { resumeBottom: resumeButton.getBoundingClientRect().bottom, moreTop: moreSummary.getBoundingClientRect().top };
    });
    expect(moreTop).toBeGreaterThanOrEqual(resumeBottom);
    await more.click();
    await item.getByRole('button', { name: 'Delete this draft' }).click();
    const confirm = item.getByRole('alertdialog', { name: 'Delete this draft?' });
    await expect(confirm).toContainText('It cannot be brought back.');
    await item.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }));
    await saveScreenshot(page, { path: `${SHOTS}/delete-asks-${width}.png` });
    // Keep it leaves the draft; Delete for good deletes it.
    await confirm.getByRole('button', { name: 'Keep it' }).click();
    await expect(item).toHaveCount(1);
    await item.getByRole('button', { name: 'Delete this draft' }).click();
    await item.getByRole('alertdialog', { name: 'Delete this draft?' }).getByRole('button', { name: 'Delete for good' }).click();
    await expect(page.getByTestId('draft-item')).toHaveCount(0);
    const left = (await (await context.request.get(`/api/user/drafts?userId=${member.id}`)).json()) as { drafts: Array<{ id: string }> };
    expect(left.drafts.map((draft) => draft.id)).not.toContain(draftId);
    await context.close();
  });

  test(`at ${width} px a member of staff's Get a Quote in the header opens the wizard, the customer's in support mode`, async ({ browser, baseURL, administrator }) => {
    const context = await signedInContext(browser, baseURL!, administrator.email, administrator.password);
    const page = await context.newPage();
    await page.setViewportSize({ width, height: 844 });
    // The hint that says who is signed in is written by the app's session code: an admin page writes it.
    await page.goto('/admin/members');
    await expect(page.getByRole('heading', { name: 'Members' })).toBeVisible();
    const quoteButton = async () => {
      const nav = page.getByRole('navigation', { name: 'Main' });
      if (!(await nav.isVisible())) await page.getByRole('button', { name: 'Menu' }).click();
      return nav.getByRole('link', { name: 'Get a Quote' });
    };

    await openPage(page, '/faq');
    await expect(await quoteButton()).toHaveAttribute('href', '/quote');
    await (await quoteButton()).click();
    await expect(page).toHaveURL(/\/quote(\?|$)/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await context.close();

    const grower = await growerWithSubmittedQuote(browser, baseURL!, 'Stella', `Header${Math.floor(Math.random() * 1e6)}`);
    await grower.context.close();
    const support = await enterSupportMode(browser, baseURL!, grower.member, width);
    await openPage(support.page, '/our-product');
    const nav = support.page.getByRole('navigation', { name: 'Main' });
    if (!(await nav.isVisible())) await support.page.getByRole('button', { name: 'Menu' }).click();
    await expect(nav.getByRole('link', { name: 'Get a Quote' })).toHaveAttribute('href', `/quote?support=true&customerId=${grower.member.id}`);
    await nav.getByRole('link', { name: 'Get a Quote' }).click();
    await expect(support.page.getByTestId('support-banner')).toContainText(`working on the quote of ${grower.member.name}`);
    await support.context.close();
  });
}

test('staff reading a member’s dashboard outside support mode are told whose records they read, and where changing them starts', async ({ browser, baseURL }) => {
  const grower = await growerWithSubmittedQuote(browser, baseURL!, 'Rita', `Reader${Math.floor(Math.random() * 1e6)}`);
  await grower.context.close();
  const context = await administratorContext(browser, baseURL!);
  const page = await context.newPage();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto(`/dashboard/protection?member=${grower.member.id}`);
    const note = page.getByRole('note', { name: 'Whose records' });
    await expect(note).toContainText(`Reading the records of ${grower.member.name}.`);
    await expect(note).toContainText('Nothing here can be changed outside support mode: enter it from Members.');
    await expect(page.getByTestId('protection-card')).toHaveCount(1);
    await saveScreenshot(page, { path: `${SHOTS}/staff-reading-${width}.png` });
  }
  await page.getByRole('link', { name: 'enter it from Members' }).click();
  await expect(page).toHaveURL(/\/admin\/members$/);
  await context.close();
});

test('support staff and members who open another member’s pages by address are told so and where to go, and nothing is asked of the server that it refuses', async ({
  browser,
  baseURL,
  playwright,
  administrator,
}) => {
  const base = baseURL!;
  const registered = async (firstName: string, lastName: string) => {
    const request = await playwright.request.newContext({ baseURL: base });
    const member = await registerMember(request, base, firstName, `${lastName}${Math.floor(Math.random() * 1e6)}`);
    await request.dispose();
    return member;
  };
  const rita = await registered('Rita', 'Private');
  const sam = await registered('Sam', 'Support');
  const nosy = await registered('Nora', 'Neighbour');
  const bea = await registered('Bea', 'Broker');
  const staff = await signedInContext(browser, base, administrator.email, administrator.password);
  for (const [id, roles] of [
    [sam.id, { permissions: ['customer_support'] }],
    [bea.id, { isBroker: true }],
  ] as const) {
    const granted = await staff.request.put(`/api/admin/users/${id}/roles`, { data: roles, headers: { Origin: base } });
    expect(granted.status(), await granted.text()).toBe(200);
  }
  await staff.close();

  const visits = [
    {
      who: sam,
      shot: 'support-staff-by-address',
      heading: 'Support mode needed',
      sentence: "You can see a member's records in support mode only. Enter it for this member from Members.",
      link: 'Go to Members',
      leadsTo: /\/admin\/members$/,
    },
    { who: nosy, shot: 'member-by-address', heading: 'Not your records', sentence: 'You cannot see records of this member.', link: 'Go to your dashboard', leadsTo: /\/dashboard$/ },
    {
      who: bea,
      shot: 'broker-by-address',
      heading: 'Not one of your clients',
      sentence: 'This member has not named you as their broker, so their records are not shown here. Your Clients lists the members who have.',
      link: 'Your Clients',
      leadsTo: /\/dashboard\/paddocks$/,
    },
  ];
  for (const visit of visits) {
    const context = await signedInContext(browser, base, visit.who.email, visit.who.password);
    const page = await context.newPage();
    const refused: string[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/api/') && response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
    });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto(`/dashboard/claims?member=${rita.id}`);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(visit.heading);
      await expect(page.getByText(visit.sentence)).toBeVisible();
      await expect(page.getByRole('note', { name: 'Whose records' })).toHaveCount(0);
      await saveScreenshot(page, { path: `${SHOTS}/${visit.shot}-${width}.png` });
    }
    await page.getByRole('main').getByRole('link', { name: visit.link }).click();
    await expect(page).toHaveURL(visit.leadsTo);
    expect(refused).toEqual([]);
    await context.close();
  }
});

/** The support bar's own module (support-mode-bar.tsx), not the small gate every signed-in layout carries. */
const SUPPORT_BAR_CODE = /\/assets\/support-mode-bar-(?!gate-)[\w-]+\.js$/;

/** A member of the test's own, and a signed-in context of staff who will support them. */
async function memberAndStaff(browser: Browser, base: string, firstName: string, lastName: string) {
  const setup = await browser.newContext({ baseURL: base });
  const member = await registerMember(setup.request, base, firstName, `${lastName}${Math.floor(Math.random() * 1e6)}`);
  await setup.close();
  return { member, context: await administratorContext(browser, base) };
}

test('staff pages load the support bar’s code only once support mode starts, and then show the bar', async ({ browser, baseURL }) => {
  const { member, context } = await memberAndStaff(browser, baseURL!, 'Lena', 'Lazy');
  const fetchedBarCode: string[] = [];
  context.on('request', (request) => {
    if (SUPPORT_BAR_CODE.test(new URL(request.url()).pathname)) fetchedBarCode.push(request.url());
  });
  const page = await context.newPage();
  await page.goto('/admin/members');
  await openSupportModeChooser(page, member.email, member.name);
  expect(fetchedBarCode).toEqual([]);
  await page.getByLabel(/^Read/).check();
  await page.getByRole('button', { name: 'Open their dashboard in support mode' }).click();
  await expect(page.getByRole('region', { name: 'Support mode' })).toContainText(`Support mode: ${member.name} · read only`);
  expect(fetchedBarCode).toHaveLength(1);
  await context.close();
});

test('when the support bar’s code cannot be fetched, the member’s dashboard still opens and the bar’s place says to refresh', async ({ browser, baseURL }) => {
  const { member, context } = await memberAndStaff(browser, baseURL!, 'Fay', 'Dropped');
  await context.route(SUPPORT_BAR_CODE, (route) => route.abort('connectionreset'));
  const page = await context.newPage();
  await page.goto('/admin/members');
  await openSupportModeChooser(page, member.email, member.name);
  await page.getByLabel(/^Read/).check();
  await page.getByRole('button', { name: 'Open their dashboard in support mode' }).click();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(member.name);
  await expect(page.getByRole('alert').filter({ hasText: 'Display Error' })).toContainText('There was an issue displaying some data. Please refresh the page.');
  await context.unroute(SUPPORT_BAR_CODE);
  await page.getByRole('button', { name: 'Refresh Page' }).click();
  await expect(page.getByRole('region', { name: 'Support mode' })).toContainText(`Support mode: ${member.name} · read only`);
  await context.close();
});
