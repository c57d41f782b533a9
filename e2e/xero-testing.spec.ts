import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { type Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { startXeroStandIn, type XeroStandIn } from '../server/src/testing/xero-stand-in';
import { signInThroughPage } from './support/accounts';
import { shootAtWidths } from './support/screenshots';

const shoot = (page: Page, name: string) => shootAtWidths(page, 'xero-testing', name);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

test('without the Xero variables the page says which ones to set', async ({ page, administrator }) => {
  await signInThroughPage(page, '/admin/xero-testing', administrator);
  const panel = page.getByRole('region', { name: 'Xero is not configured' });
  await expect(panel).toBeVisible();
  for (const name of ['XERO_CLIENT_ID', 'XERO_CLIENT_SECRET', 'XERO_REDIRECT_URI']) await expect(panel.getByText(name, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Connect to Xero' })).toHaveCount(0);
  await shoot(page, 'not-configured');
});

/** The administrator the Xero server below starts with: the server and its database are this file's alone. */
const XERO_SERVER_ADMIN = { email: 'xero-admin@grainmutual.example', password: 'xero-e2e-admin-password' };

test.describe('with Xero configured (against the stand-in)', () => {
  // The e2e server has no Xero variables, so this describe starts a second release server that has,
  // pointed at the stand-in Xero this test starts (this machine cannot reach Xero).
  let standIn: XeroStandIn;
  let server: ChildProcess;
  let baseURL: string;
  let dataDir: string;

  test.beforeAll(async () => {
    standIn = await startXeroStandIn({ clientId: 'e2e-client', clientSecret: 'e2e-secret' });
    const port = await freePort();
    baseURL = `http://127.0.0.1:${port}`;
    dataDir = `.tmp/e2e-xero-${port}`;
    rmSync(dataDir, { recursive: true, force: true });
    server = spawn(process.execPath, ['dist/server/index.mjs'], {
      stdio: 'ignore',
      env: {
        ...process.env,
        PORT: String(port),
        NODE_ENV: 'test',
        DATABASE_URL: `file:./${dataDir}/app.db`,
        MAIL_OUTBOX_DIR: `${dataDir}/outbox`,
        BLOB_DIR: `${dataDir}/blobs`,
        ADMIN_EMAIL: XERO_SERVER_ADMIN.email,
        ADMIN_PASSWORD: XERO_SERVER_ADMIN.password,
        SESSION_SECRET: 'e2e-xero-session-secret-long-enough',
        LOG_LEVEL: 'warn',
        XERO_CLIENT_ID: 'e2e-client',
        XERO_CLIENT_SECRET: 'e2e-secret',
        XERO_REDIRECT_URI: `${baseURL}/api/admin/xero/callback`,
        XERO_IDENTITY_URL: standIn.identityUrl,
        XERO_API_URL: standIn.apiUrl,
      },
    });
    await expect(async () => expect((await fetch(`${baseURL}/api/health`)).ok).toBe(true)).toPass({ timeout: 60_000 });
  });

  test.afterAll(async () => {
    server?.kill('SIGTERM');
    await standIn?.close();
  });

  test('connect, choose the organisation, send a test invoice, see a refusal and try it again', async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await signInThroughPage(page, '/admin/xero-testing', XERO_SERVER_ADMIN);

    const connection = page.getByRole('region', { name: 'Connection' });
    await expect(connection.getByText(/^Not connected\./)).toBeVisible();
    await expect(page.getByText('Nothing has been sent to Xero yet.', { exact: false })).toBeVisible();
    await shoot(page, 'not-connected');

    // Xero's consent (the stand-in consents at once) and back to the page.
    await connection.getByRole('button', { name: 'Connect to Xero' }).click();
    await expect(page).toHaveURL(/\/admin\/xero-testing\?xero=connected$/);
    await expect(page.getByRole('status').filter({ hasText: 'Connected to Xero.' })).toBeVisible();
    await expect(connection.getByText('None chosen yet')).toBeVisible();
    await connection.getByLabel('Send to this Xero organisation').selectOption({ label: 'Demo Company (AU)' });
    await connection.getByRole('button', { name: 'Use this organisation' }).click();
    await expect(connection.getByRole('definition').filter({ hasText: 'Demo Company (AU)' })).toBeVisible();

    await connection.getByRole('button', { name: 'Send a test invoice' }).click();
    await expect(connection.getByRole('status')).toContainText('queued');
    const log = page.getByRole('table', { name: 'Sync log' });
    const firstRow = log.getByRole('row').nth(1);
    await expect(firstRow).toContainText('Test invoice TEST-');
    await expect(firstRow).not.toContainText('Test invoice Test invoice');
    await expect(firstRow.getByText('Sent', { exact: true })).toBeVisible({ timeout: 20_000 });
    expect(standIn.invoices).toHaveLength(1);
    expect(standIn.invoices[0]).toMatchObject({ Status: 'DRAFT', Total: 550, tenantId: standIn.tenants[0]!.tenantId });
    await shoot(page, 'sent');

    // Xero stops accepting the connection's refresh token: the next item fails, saying what to do.
    standIn.expireAccessTokens();
    standIn.revokeRefreshTokens();
    await connection.getByRole('button', { name: 'Send a test invoice' }).click();
    const failedRow = log.getByRole('row').filter({ has: page.getByRole('button', { name: /^Try again/ }) });
    await expect(failedRow).toContainText('Xero refused to renew the connection (invalid_grant): an administrator connects Xero again.', { timeout: 20_000 });
    await expect(page.getByText('Failed: 1')).toBeVisible();
    await shoot(page, 'failed');

    await connection.getByRole('button', { name: 'Connect again' }).click();
    await expect(page).toHaveURL(/xero=connected$/);
    await failedRow.getByRole('button', { name: /^Try again/ }).click();
    await expect(page.getByText('Failed: 0')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('Sent: 2')).toBeVisible();
    expect(standIn.invoices).toHaveLength(2);
    await context.close();
  });
});
