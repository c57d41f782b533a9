import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { signedInContext } from './support/accounts';
import { shootAtWidths } from './support/screenshots';
import { e2eDatabaseFile } from '../playwright.config';

const shoot = (page: Page, name: string) => shootAtWidths(page, 'background-jobs', name);

/**
 * A reminder run that used up its tries, as the runner records one when the mail server refuses
 * every attempt: nothing in the e2e server fails by itself, so the row is written the way the
 * runner writes it (SQLite, times in epoch milliseconds).
 */
function recordFailedReminderRun(baseURL: string, error: string): string {
  const id = `e2e${randomUUID().replace(/-/g, '').slice(0, 20)}`;
  const db = new Database(e2eDatabaseFile(baseURL));
  try {
    db.pragma('busy_timeout = 5000');
    const now = Date.now();
    db.prepare(
      `INSERT INTO "BackgroundJob" ("id", "queue", "data", "state", "runAfter", "attempts", "retryLimit", "lastError", "startedAt", "completedAt", "createdAt")
       VALUES (?, 'reminders.daily', '{}', 'failed', ?, 4, 3, ?, ?, ?, ?)`,
    ).run(id, now - 60_000, error, now - 30_000, now - 29_000, now - 3_600_000);
  } finally {
    db.close();
  }
  return id;
}

test('staff see what failed in the background, with its last error, and try it again', async ({ browser, baseURL, administrator }) => {
  const admin = await signedInContext(browser, baseURL!, administrator.email, administrator.password);
  const page = await admin.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin/background-jobs');
  await expect(page.getByRole('heading', { name: 'Background Jobs' })).toBeVisible({ timeout: 30_000 });

  // The server's own schedules have run once at start: the clean-ups and reminders are counted.
  const counts = page.getByRole('table', { name: /Jobs kept per queue and state/ });
  await expect(counts.getByRole('row', { name: /Expired sign-ins removed/ })).toBeVisible();
  await expect(
    counts
      .getByRole('row', { name: /Payment and renewal reminders/ })
      .getByRole('cell', { name: '1' })
      .first(),
  ).toBeVisible();

  const id = recordFailedReminderRun(baseURL!, 'Mail server smtp.grainmutual.example:587 refused the connection (ECONNREFUSED) after 4 tries; the reminders of 23 Nov 2026 were not sent.');
  await page.reload();
  const failed = page.getByRole('table', { name: 'Newest failure first.' });
  const row = failed.getByRole('row', { name: new RegExp(id) });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell').nth(2)).toHaveText('4');
  await expect(row).toContainText('refused the connection (ECONNREFUSED)');
  await expect(
    counts
      .getByRole('row', { name: /Payment and renewal reminders/ })
      .getByRole('cell')
      .nth(4),
  ).toHaveText('1');
  await shoot(page, 'failed');

  await row.getByRole('button', { name: /Try again/ }).click();
  await expect(page.getByRole('status')).toHaveText('Payment and renewal reminders (8 am daily): queued again. It runs within a minute.');
  await expect(page.getByText('No job has failed: everything that was due has run.')).toBeVisible();
  // The runner picks it up within its poll and this time it succeeds.
  await expect(async () => {
    await page.reload();
    await expect(
      counts
        .getByRole('row', { name: /Payment and renewal reminders/ })
        .getByRole('cell')
        .nth(3),
    ).toHaveText('2', { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await shoot(page, 'all-clear');
  await admin.close();
});
