/**
 * A storm warning posted by staff falls over half a member's paddock; the member reads it on
 * /dashboard/alerts (the page the alert e-mail links to) and marks it read. Screenshots at 375 and
 * 1280 px go to .tmp/screenshots/member-alerts/.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { ADMIN, registerMember, signedInContext } from './support/accounts';
import { cunderdinQuote, submitQuote } from './support/quotes';

const SHOTS = '.tmp/screenshots/member-alerts';

test('a member reads the storm alert over half their paddock and marks it read', async ({ browser, baseURL }) => {
  const base = baseURL!;
  const setup = await browser.newContext({ baseURL: base });
  const member = await registerMember(setup.request, base, 'Stormy', 'Paddocks');
  await submitQuote(setup.request, base, cunderdinQuote({ ...member, firstName: 'Stormy', lastName: 'Paddocks' }));
  await setup.close();

  // The Home Paddock is the square 117.20–117.22 E, 31.58–31.60 S: this swath (117.19–117.21 E,
  // 31.57–31.61 S) covers its western half.
  const admin = await signedInContext(browser, base, ADMIN.email, ADMIN.password);
  const now = Date.now();
  const warning = {
    type: 'FeatureCollection',
    features: [
      {
        type: 'Feature',
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [117.19, -31.61],
              [117.21, -31.61],
              [117.21, -31.57],
              [117.19, -31.57],
              [117.19, -31.61],
            ],
          ],
        },
        properties: {
          kind: 'hail',
          source: 'bom',
          externalId: `IDW21033-${randomUUID()}`,
          title: 'Severe thunderstorm warning for large hail: Central Wheatbelt',
          effective: new Date(now - 60_000).toISOString(),
          expires: new Date(now + 3 * 3_600_000).toISOString(),
          hailSizeMm: 30,
        },
      },
    ],
  };
  const posted = await admin.request.post('/api/admin/events', { headers: { Origin: base, 'Content-Type': 'application/geo+json' }, data: JSON.stringify(warning) });
  expect(posted.status(), await posted.text()).toBe(201);
  await admin.close();

  const context = await signedInContext(browser, base, member.email);
  const page = await context.newPage();
  await page.goto('/dashboard/alerts');
  const alert = page.getByRole('article', { name: 'Hail: Severe thunderstorm warning for large hail: Central Wheatbelt' });
  await expect(alert.getByText('50% of 400 ha, about 200 ha')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'unread alert' })).toHaveText('1 unread alert.');
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: `${SHOTS}/alerts-${width}.png`, fullPage: true });
  }
  await alert.getByRole('button', { name: 'Mark as read' }).click();
  await expect(page.getByText('You have read every alert.')).toBeVisible();
  await context.close();
});
