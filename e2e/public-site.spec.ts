import { join } from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { seriousViolations } from './support/axe';
import { outboxMails } from './support/outbox';
import { keepsFirstHeading, noteFirstHeading, openPage } from './support/pages';
import { saveScreenshot } from './support/screenshots';

const PUBLIC_PAGES = ['/', '/about', '/our-product', '/faq', '/corporate-documents', '/terms-of-use', '/privacy-policy', '/complaints-policy', '/register', '/no-such-page'];

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test.describe('public header menu (docs/behaviour.md §2)', () => {
  test('every item goes where the spec says', async ({ page }) => {
    await openPage(page, '/faq');
    const nav = mainNav(page);
    await nav.getByRole('button', { name: 'About' }).click();
    const about = nav.getByRole('menu', { name: 'About' });
    await expect(about.getByRole('menuitem')).toHaveCount(3);
    await expect(about.getByRole('menuitem', { name: 'About Us' })).toHaveAttribute('href', '/about');
    await expect(about.getByRole('menuitem', { name: 'Corporate Documents' })).toHaveAttribute('href', '/corporate-documents');
    await expect(about.getByRole('menuitem', { name: 'Who We Are' })).toHaveAttribute('href', '/#about');
    for (const [name, href] of [
      ['Our Mission', '/#mission'],
      ['Our Product', '/our-product'],
      ['Get a Quote', '/#quote'],
      ['Contact', '/#contact'],
      ['FAQ', '/faq'],
      ['Sign In', '/auth/signin'],
    ] as const) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
  });

  test('the links lead to their pages and anchors', async ({ page }) => {
    await openPage(page, '/faq');
    await mainNav(page).getByRole('link', { name: 'Our Product' }).click();
    await expect(page).toHaveURL(/\/our-product$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Our product');
    await mainNav(page).getByRole('link', { name: 'Our Mission' }).click();
    await expect(page).toHaveURL(/\/#mission$/);
    await expect(page.locator('#mission')).toBeInViewport();
    await mainNav(page).getByRole('button', { name: 'About' }).click();
    await mainNav(page).getByRole('menuitem', { name: 'Corporate Documents' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Corporate Documents' })).toBeVisible();
    await mainNav(page).getByRole('link', { name: 'Contact' }).click();
    await expect(page.locator('#contact')).toBeInViewport();
  });

  test('the About dropdown stays 150 ms after the pointer leaves, then hides', async ({ page }) => {
    await page.clock.install();
    await openPage(page, '/about');
    // Time stands still from here on except when the test moves it.
    await page.clock.pauseAt(Date.now() + 60_000);
    const button = mainNav(page).getByRole('button', { name: 'About' });
    const menu = mainNav(page).getByRole('menu', { name: 'About' });
    await button.hover();
    await expect(menu).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.mouse.move(5, 600);
    await page.clock.runFor(140);
    await expect(menu).toBeVisible();
    // Coming back within the delay keeps it open.
    await button.hover();
    await page.clock.runFor(400);
    await expect(menu).toBeVisible();
    await page.mouse.move(5, 600);
    await page.clock.runFor(149);
    await expect(menu).toBeVisible();
    await page.clock.runFor(2);
    await expect(menu).toBeHidden();
  });

  test('the dropdown works from the keyboard', async ({ page }) => {
    await openPage(page, '/faq');
    const button = mainNav(page).getByRole('button', { name: 'About' });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Enter');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('ArrowDown');
    await expect(mainNav(page).getByRole('menuitem', { name: 'About Us' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(mainNav(page).getByRole('menuitem', { name: 'Corporate Documents' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(button).toBeFocused();
    await expect(mainNav(page).getByRole('menu', { name: 'About' })).toBeHidden();
    await page.keyboard.press('ArrowDown');
    // The menu opens with its first item focused (an effect after the render): Enter follows it.
    await expect(mainNav(page).getByRole('menuitem', { name: 'About Us' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/about$/);
  });

  test('on a phone the Menu button opens the items and a tap opens About', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await openPage(page, '/');
    await expect(mainNav(page)).toBeHidden();
    await page.getByRole('button', { name: 'Menu' }).tap();
    await expect(mainNav(page).getByRole('link', { name: 'FAQ' })).toBeVisible();
    await mainNav(page).getByRole('button', { name: 'About' }).tap();
    await expect(mainNav(page).getByRole('menuitem', { name: 'About Us' })).toBeVisible();
    await mainNav(page).getByRole('menuitem', { name: 'About Us' }).tap();
    await expect(page).toHaveURL(/\/about$/);
    await expect(mainNav(page)).toBeHidden();
    await context.close();
  });

  test('on a phone at 390 px, with About open, a tap on each item below it opens that item', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    const home = 'Grain Growers Mutual: crop protection owned by WA grain growers';
    for (const [name, url, shown, title] of [
      ['Our Mission', /\/#mission$/, '#mission', home],
      ['Our Product', /\/our-product$/, 'main h1', 'Our product: crop protection for hail, and fire and lightning | Grain Growers Mutual'],
      ['Get a Quote', /\/#quote$/, '#quote', home],
      ['Contact', /\/#contact$/, '#contact', home],
      ['FAQ', /\/faq$/, 'main h1', 'Frequently asked questions | Grain Growers Mutual'],
      ['Sign In', /\/auth\/signin$/, 'main h1', 'Sign in | Grain Growers Mutual'],
    ] as const) {
      await openPage(page, '/terms-of-use');
      await page.getByRole('button', { name: 'Menu' }).tap();
      await mainNav(page).getByRole('button', { name: 'About' }).tap();
      await expect(mainNav(page).getByRole('menuitem', { name: 'About Us' })).toBeVisible();
      await mainNav(page).getByRole('link', { name, exact: true }).tap();
      await expect(page, name).toHaveURL(url);
      // The tab follows: it does not keep the Terms of Use's title.
      await expect(page, name).toHaveTitle(title);
      await expect(page.locator(shown).first()).toBeInViewport();
      await expect(mainNav(page)).toBeHidden();
    }
    await context.close();
  });
});

test.describe('public footer (docs/behaviour.md §2)', () => {
  test('policy links open in a new tab with rel=noopener', async ({ page, context }) => {
    await openPage(page, '/faq');
    const nav = page.getByRole('navigation', { name: 'Policies and documents' });
    for (const [name, href] of [
      ['Terms of Use', '/terms-of-use'],
      ['Privacy Policy', '/privacy-policy'],
      ['Complaints Policy', '/complaints-policy'],
      ['Corporate Documents', '/corporate-documents'],
    ] as const) {
      const link = nav.getByRole('link', { name: new RegExp(`^${name}`) });
      await expect(link).toHaveAttribute('href', href);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /\bnoopener\b/);
    }
    const [opened] = await Promise.all([context.waitForEvent('page'), nav.getByRole('link', { name: /^Privacy Policy/ }).click()]);
    await expect(opened).toHaveURL(/\/privacy-policy$/);
    await expect(opened.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(page).toHaveURL(/\/faq$/);
  });

  test('contact details, the warning with the configured ABN and ACN, and Referrer Login on the home page only', async ({ page }) => {
    await openPage(page, '/');
    const contact = page.locator('footer #contact');
    await expect(contact.getByRole('link', { name: '(08) 9000 0000' })).toHaveAttribute('href', 'tel:+61890000000');
    await expect(contact.getByRole('link', { name: 'members@grainmutual.example' })).toHaveAttribute('href', 'mailto:members@grainmutual.example');
    await expect(page.getByTestId('footer-warning')).toContainText('Grain Growers Mutual Limited (ABN 51 824 753 556, ACN 000 000 019)');
    await expect(page.getByTestId('footer-warning')).toContainText('is not insurance');
    await expect(page.getByRole('link', { name: 'Referrer Login' })).toHaveAttribute('href', '/auth/referrer-signin');
    await openPage(page, '/about');
    await expect(page.getByTestId('footer-warning')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Referrer Login' })).toHaveCount(0);
  });
});

test.describe('contact form (docs/behaviour.md §4, §5)', () => {
  const fill = async (page: Page, email = 'grower@example.com') => {
    // Down to the footer, as a person does: the form's code loads as it comes near the view.
    await page.locator('#contact').scrollIntoViewIfNeeded();
    const form = page.getByTestId('contact-form');
    await form.getByLabel('Name').fill('Alex Growers');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Message').fill('Do you protect chickpeas near Geraldton?');
    return form;
  };

  test('has name, email and message, required, and no phone field', async ({ page }) => {
    await openPage(page, '/');
    const form = page.getByTestId('contact-form');
    await expect(form.getByLabel('Name')).toHaveAttribute('required', '');
    await expect(form.getByLabel('Email')).toHaveAttribute('type', 'email');
    await expect(form.getByLabel('Email')).toHaveAttribute('required', '');
    await expect(form.getByLabel('Message')).toHaveAttribute('required', '');
    await expect(form.getByLabel(/phone/i)).toHaveCount(0);
    await expect(form.locator('input[type="tel"]')).toHaveCount(0);
  });

  test("sending, 'Message Sent!' for 5 seconds, then the form resets; staff get a copy", async ({ page }) => {
    await page.clock.install();
    await openPage(page, '/');
    // The form is there before the clock stops: its code loads as it comes near the view.
    await page.locator('#contact').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('contact-form').getByLabel('Name')).toBeVisible();
    await page.clock.pauseAt(Date.now() + 60_000);
    const unique = `grower-${Date.now()}@example.com`;
    const form = await fill(page, unique);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let body: Record<string, unknown> = {};
    await page.route('**/api/form-submissions', async (route) => {
      body = route.request().postDataJSON() as Record<string, unknown>;
      await held;
      await route.continue();
    });
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    release();
    await expect(form.getByText('Message Sent!').first()).toBeVisible();
    expect(body).toEqual({ type: 'contact', name: 'Alex Growers', email: unique, phone: '', message: 'Do you protect chickpeas near Geraldton?', website: '' });
    await page.clock.runFor(4_900);
    await expect(form.getByRole('status')).toContainText('Message Sent!');
    await expect(form.getByLabel('Name')).toHaveValue('Alex Growers');
    await page.clock.runFor(200);
    await expect(form.getByRole('status')).toHaveCount(0);
    await expect(form.getByLabel('Name')).toHaveValue('');
    await expect(form.getByLabel('Message')).toHaveValue('');
    await expect(form.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    await expect.poll(() => outboxMails().some((mail) => mail.includes(unique) && mail.includes('chickpeas near Geraldton'))).toBe(true);
  });

  test("shows the server's error text", async ({ page, request, baseURL }) => {
    // A real answer from the server for a bad address, replayed to the browser (whose own checks would stop it).
    const real = await request.post('/api/form-submissions', {
      headers: { Origin: baseURL ?? '' },
      data: { type: 'contact', name: 'A', email: 'not-an-address', phone: '', message: 'x', website: '' },
    });
    expect(real.status()).toBe(400);
    const realBody = await real.text();
    await page.route('**/api/form-submissions', (route) => route.fulfill({ status: 400, contentType: 'application/json', body: realBody }));
    await openPage(page, '/');
    const form = await fill(page);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByRole('alert')).toHaveText('Please enter a valid email address.');
  });

  test("falls back to 'Failed to submit form. Please try again.' without a server text", async ({ page }) => {
    await page.route('**/api/form-submissions', (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }));
    await openPage(page, '/');
    const form = await fill(page);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByRole('alert')).toHaveText('Failed to submit form. Please try again.');
    await expect(form.getByLabel('Message')).toHaveValue('Do you protect chickpeas near Geraldton?');
  });

  test('a network failure shows the network text', async ({ page }) => {
    await page.route('**/api/form-submissions', (route) => route.abort('internetdisconnected'));
    await openPage(page, '/');
    const form = await fill(page);
    await form.getByRole('button', { name: 'Send Message' }).click();
    await expect(form.getByRole('alert')).toHaveText('Network error. Please check your connection and try again.');
  });

  test('a filled spam trap looks like a success and reaches nobody', async ({ page, request, baseURL }) => {
    await openPage(page, '/');
    const unique = `bot-${Date.now()}@spam.example`;
    const form = await fill(page, unique);
    const trap = form.locator('input[name="website"]');
    await expect(trap).not.toBeInViewport();
    await expect(trap).toHaveAttribute('tabindex', '-1');
    await trap.fill('https://cheap.example', { force: true });
    const requestSeen = page.waitForRequest('**/api/form-submissions');
    await form.getByRole('button', { name: 'Send Message' }).click();
    expect((await requestSeen).postDataJSON()).toMatchObject({ website: 'https://cheap.example' });
    await expect(form.getByText('Message Sent!').first()).toBeVisible();
    // A real message sent after it is the barrier: once its copy is in the outbox, the trapped one's would be too.
    const after = `grower-${Date.now()}@example.com`;
    const real = await request.post('/api/form-submissions', {
      headers: { Origin: baseURL ?? '' },
      data: { type: 'contact', name: 'Alex Growers', email: after, phone: '', message: 'Sent after the trapped one.', website: '' },
    });
    expect(real.ok()).toBe(true);
    await expect.poll(() => outboxMails().some((mail) => mail.includes(after))).toBe(true);
    expect(outboxMails().some((mail) => mail.includes(unique))).toBe(false);
  });
});

test('register interest is sent as a submission of type register', async ({ page }) => {
  await openPage(page, '/register');
  const form = page.getByTestId('register-form');
  await form.getByLabel('Name').fill('Sam Kellerberrin');
  await form.getByLabel('Email').fill(`sam-${Date.now()}@example.com`);
  await form.getByLabel('Phone (optional)').fill('0412 345 678');
  await form.getByLabel('District or nearest town').fill('Kellerberrin');
  await form.getByLabel('Hail').check();
  const requestSeen = page.waitForRequest('**/api/form-submissions');
  await form.getByRole('button', { name: 'Register Interest' }).click();
  expect((await requestSeen).postDataJSON()).toMatchObject({ type: 'register', phone: '0412 345 678', message: expect.stringContaining('District or nearest town: Kellerberrin') });
  await expect(page.getByRole('status')).toContainText('Thank you, you are registered.');
});

test('corporate documents are listed from the database and download as PDFs', async ({ page }) => {
  await openPage(page, '/corporate-documents');
  await expect(page.getByRole('heading', { level: 2, name: 'Constitution' }).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toContainText(['Constitution', 'Protection Rules', 'Annual Report 2024–25', 'Complaints and Disputes Policy']);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download Protection Rules (PDF)' }).click()]);
  expect(download.suggestedFilename()).toBe('grain-growers-mutual-protection-rules.pdf');
});

test('the pages carry their real content', async ({ page }) => {
  await openPage(page, '/our-product');
  for (const id of ['hail', 'fire-and-lightning', 'discretionary', 'hurdle', 'eligible-crops', 'period', 'contribution', 'membership']) await expect(page.locator(`#${id}`)).toBeVisible();
  await expect(page.locator('#membership + p')).toContainText('$500 a year');
  await expect(page.getByText('$38,400 − $16,000 = $22,400')).toBeVisible();
  await openPage(page, '/faq');
  await expect(page.getByText('Is this insurance?')).toBeVisible();
  expect(await page.locator('details').count()).toBeGreaterThanOrEqual(20);
  await page.getByText('Is this insurance?').click();
  await expect(page.getByText('Grain Growers Mutual is a discretionary mutual', { exact: false }).first()).toBeVisible();
  await openPage(page, '/');
  for (const id of ['about', 'mission', 'quote', 'contact']) await expect(page.locator(`#${id}`)).toHaveCount(1);
  const missing = await openPage(page, '/no-such-page');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: "We can't find that page" })).toBeVisible();
});

test('the public pages are readable before any script runs, and the app hydrates them once it has', async ({ browser, page }) => {
  const withoutScripts = await browser.newContext({ javaScriptEnabled: false });
  const still = await withoutScripts.newPage();
  for (const [path, heading] of [
    ['/', 'Protection for your crop, owned by growers like you'],
    ['/about', 'About Grain Growers Mutual'],
    ['/faq', 'Frequently asked questions'],
  ] as const) {
    await still.goto(path);
    await expect(still.getByRole('heading', { level: 1 }), path).toHaveText(heading);
    await expect(still.getByTestId('footer-warning'), path).toContainText('is a discretionary mutual owned by its members');
  }
  // The quote's first step is there to read, and says what it needs.
  await still.goto('/quote');
  await expect(still.getByRole('heading', { level: 1 })).toHaveText('Your details');
  await expect(still.locator('noscript p')).toContainText('The quote needs JavaScript, which is switched off in this browser.');
  // Its links work without scripts too.
  await still.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Our Product' }).click();
  await expect(still).toHaveURL(/\/our-product$/);
  await expect(still.getByRole('heading', { level: 1 })).toHaveText('Our product: crop protection for hail, and fire and lightning');
  await withoutScripts.close();

  // The app hydrates the page it was sent: the heading painted first is the one it keeps.
  await noteFirstHeading(page);
  await openPage(page, '/about');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Grain Growers Mutual');
  expect(await keepsFirstHeading(page)).toBe(true);
  // The configured ABN arrives with the app; the page drawn at build time could not know it.
  await expect(page.getByTestId('footer-warning')).toContainText('ABN 51');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently asked questions');
});

test.describe('accessibility and look', () => {
  for (const path of PUBLIC_PAGES) {
    test(`${path}: no serious or critical axe violations; screenshots at 375 and 1280 px`, async ({ page }) => {
      await openPage(page, path);
      await expect(page.locator('main h1')).toBeVisible();
      await expect(page.getByTestId('footer-warning')).toContainText('ABN 51');
      if (path === '/corporate-documents') await expect(page.getByRole('heading', { level: 2, name: 'Constitution' }).first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      const dir = join('.tmp', 'screenshots', 'public-site');
      const name = path === '/' ? 'home' : path.slice(1);
      await saveScreenshot(page, { path: join(dir, `${name}-1280.png`), fullPage: true });
      await page.setViewportSize({ width: 375, height: 740 });
      await saveScreenshot(page, { path: join(dir, `${name}-375.png`), fullPage: true });
    });
  }
});

test('administrators see the unread badge and the bell, and the submissions page marks them read', async ({ page, baseURL, administrator }) => {
  const origin = { Origin: baseURL ?? '' };
  const unique = `bell-${Date.now()}`;
  const created = await page.request.post('/api/form-submissions', {
    headers: origin,
    data: { type: 'contact', name: `Bell ${unique}`, email: `${unique}@example.com`, phone: '', message: 'Hail on Tuesday', website: '' },
  });
  expect(created.status()).toBe(201);
  const { csrfToken } = (await (await page.request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  const signIn = await page.request.post('/api/auth/signin', { headers: { ...origin, 'X-CSRF-Token': csrfToken }, data: { email: administrator.email, password: administrator.password } });
  expect(signIn.status()).toBe(200);

  await openPage(page, '/admin/dashboard');
  await page.getByRole('button', { name: 'Content and Docs' }).click();
  await expect(page.getByTestId('form-submissions-badge')).toHaveText(/^\d+$/);
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const panel = page.getByRole('region', { name: 'Notifications' });
  await expect(panel.getByRole('link', { name: new RegExp(`Bell ${unique}`) })).toHaveAttribute('href', '/admin/form-submissions');
  await expect(panel.getByRole('link')).toHaveCount((await panel.getByRole('listitem').count()) + 1);
  await panel.getByRole('link', { name: 'View all submissions' }).click();
  await expect(page).toHaveURL(/\/admin\/form-submissions$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Form Submissions' })).toBeVisible();
  await page.getByRole('button', { name: /^Mark all \d+ as read$/ }).click();
  await expect(page.getByText('Nothing unread. All caught up.')).toBeVisible();
  await expect(page.getByTestId('form-submissions-badge')).toHaveCount(0);
  // Applications, claims and support requests of other tests may still wait; no submission does.
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('list', { name: 'New form submissions' })).toHaveCount(0);
});

test('a public page’s HTML names the page before any script runs (a search result, a shared link, a bookmark)', async ({ request }) => {
  for (const [path, title] of [
    ['/', 'Grain Growers Mutual: crop protection owned by WA grain growers'],
    ['/faq', 'Frequently asked questions | Grain Growers Mutual'],
    ['/quote', 'Quote: Your details | Grain Growers Mutual'],
  ] as const) {
    const html = await (await request.get(path)).text();
    expect(html.match(/<title>[^<]*<\/title>/g), path).toEqual([`<title>${title}</title>`]);
  }
});
