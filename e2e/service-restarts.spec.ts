/**
 * Redis and then PostgreSQL restarted under a signed-in member, as a member meets it: signed in from
 * the home page's Sign In, they reload their dashboard while each is away and are told so, in the
 * server's words with Try again, not sent to sign in (nor from the partners' referrals page); once
 * it is back, Try again opens the dashboard and they are still signed in. A grower who submits
 * their quote while PostgreSQL is away is told so beside the button, keeps the page as it was, and
 * submits once when it is back. A server of its own (the release build) on a PostgreSQL cluster and
 * a Redis of its own, which this test stops and starts. Screenshots at 390 and 1366 px go to
 * .tmp/screenshots/service-restarts/. That a call whose session could not be read leaves the session
 * alone (express-session destroyed it once the store was back, a race this test cannot time) is
 * shown by server/src/lib/sessions.test.ts.
 */
import { type Page, request } from '@playwright/test';
import pg from 'pg';
import { OUTAGE_MESSAGES } from '../shared/contracts/api-error';
import { startPostgresCluster, startRedis } from '../server/src/testing/services';
import { e2eOutboxDir } from '../playwright.config';
import { registerMember } from './support/accounts';
import { expect, test } from './support/fixtures';
import { type OwnServer, startOwnServer } from './support/own-server';
import { shootAtWidths } from './support/screenshots';
import { addTypedPaddock, findFarmNearMerredin, visitorToFarmMapping, wheatToEstimate } from './support/wizard';

let postgres: Awaited<ReturnType<typeof startPostgresCluster>>;
let redis: Awaited<ReturnType<typeof startRedis>>;
let server: OwnServer;

test.beforeAll(async () => {
  [postgres, redis] = await Promise.all([startPostgresCluster(), startRedis()]);
  const admin = new pg.Client({ connectionString: postgres.url('postgres') });
  await admin.connect();
  await admin.query('CREATE DATABASE grain');
  await admin.end();
  // Its mail goes to the suite's outbox, where the sign-up code is read.
  server = await startOwnServer('service-restarts', { DATABASE_URL: postgres.url('grain'), REDIS_URL: redis.url, MAIL_OUTBOX_DIR: e2eOutboxDir });
});

test.afterAll(async () => {
  await server.stop();
  await Promise.all([postgres.dispose(), redis.dispose()]);
});

/** Try again until the dashboard opens: the server's connection comes back with back-off (up to 5 s). */
async function tryAgainUntilDashboard(page: Page, firstName: string) {
  await expect(async () => {
    const tryAgain = page.getByRole('button', { name: 'Try again' });
    if (await tryAgain.isVisible()) await tryAgain.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`G’day, ${firstName}`, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

test('a member reloading the dashboard while Redis, then PostgreSQL, restarts is told so, not sent to sign in, and is still signed in after', async ({ page }) => {
  test.setTimeout(120_000);
  const base = server.baseUrl;
  const api = await request.newContext({ baseURL: base });
  const member = await registerMember(api, base, 'Rhonda', 'Restart');
  await api.dispose();

  await page.goto(base);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' }).click();
  await page.getByLabel('E-mail address').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('G’day, Rhonda');

  for (const [service, message] of [
    [redis, OUTAGE_MESSAGES.redis],
    [postgres, OUTAGE_MESSAGES.database],
  ] as const) {
    await service.stop();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Not available just now' })).toBeVisible();
    await expect(page.getByText(message)).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await shootAtWidths(page, 'service-restarts', service === redis ? 'redis-away' : 'database-away', { fullPage: false });
    // The partners' page, which no guard reads the session for, says so too rather than asking to sign in.
    const referrals = await page.context().newPage();
    await referrals.goto(`${base}/referrer/leads`);
    await expect(referrals.getByRole('alert')).toHaveText(message);
    await expect(referrals.getByRole('button', { name: 'Try again' })).toBeVisible();
    expect(new URL(referrals.url()).pathname).toBe('/referrer/leads');
    await shootAtWidths(referrals, 'service-restarts', `referrals-${service === redis ? 'redis' : 'database'}-away`, { fullPage: false });
    await referrals.close();
    await service.start();
    await tryAgainUntilDashboard(page, 'Rhonda');
  }
});

test('a grower who submits their quote while PostgreSQL restarts is told so, keeps the page as it was, and submits once when it is back', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ baseURL: server.baseUrl });
  const page = await context.newPage();
  const email = `outage-${Date.now()}@farm.example`;
  await visitorToFarmMapping(page, email);
  await findFarmNearMerredin(page);
  await addTypedPaddock(page, 'Dam Paddock', 120);
  await expect(page.getByTestId('paddock-item')).toHaveCount(1);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Crops and protection');
  await wheatToEstimate(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your estimate');
  await page.getByLabel('Submit my application').check();
  await page.getByRole('button', { name: 'Continue to review' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Review and submit');
  const total = await page.getByTestId('review-total').innerText();

  await postgres.stop();
  await page.getByRole('button', { name: 'Submit my application' }).click();
  await expect(page.getByText(OUTAGE_MESSAGES.database)).toBeVisible();
  await shootAtWidths(page, 'service-restarts', 'submit-database-away');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Review and submit');
  await expect(page.getByTestId('review-paddock')).toHaveCount(1);
  await expect(page.getByTestId('review-total')).toHaveText(total);

  await postgres.start();
  await expect(async () => {
    await page.getByRole('button', { name: 'Submit my application' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Quote submitted', { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByTestId('success-total')).toHaveText(total);
  const protection = (await (await page.request.get('/api/protection')).json()) as { applications: unknown[] };
  expect(protection.applications).toHaveLength(1);
  await context.close();
});
