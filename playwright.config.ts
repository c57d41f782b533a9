import { defineConfig, devices } from '@playwright/test';
import { findChromium } from './scripts/browser.mjs';

const port = Number(process.env.E2E_PORT ?? 3100);
/**
 * The specs that change settings every quote reads or count what every test does (the next port),
 * and the one that opens a new season (the port after), run on servers of their own: the rest never
 * see what they change, so they run beside the rest rather than after them.
 */
const wholeSitePort = port + 1;
const newSeasonPort = port + 2;

/** One data folder per port, so runs on different E2E_PORTs never touch each other's database or mail. */
const dataDirOf = (serverPort: number | string) => `.tmp/e2e-${serverPort}`;
/** What each browser tests' server has of its own (scripts/e2e-server.mjs): its port, a new SQLite database and outbox. */
const servers = [port, wholeSitePort, newSeasonPort].map((serverPort) => ({
  PORT: String(serverPort),
  E2E_DATA_DIR: dataDirOf(serverPort),
  DATABASE_URL: `file:./${dataDirOf(serverPort)}/app.db`,
  MAIL_OUTBOX_DIR: `${dataDirOf(serverPort)}/outbox`,
}));
export const e2eOutboxDir = servers[0]!.MAIL_OUTBOX_DIR;
/** Every outbox the suite's servers write to; addresses are each test's own, so a helper reads them all. */
export const e2eOutboxDirs = servers.map((server) => server.MAIL_OUTBOX_DIR);
/** The SQLite file of the server at `baseURL`, for a spec that writes what the world cannot make. */
export const e2eDatabaseFile = (baseURL: string) => `${dataDirOf(new URL(baseURL).port)}/app.db`;

const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } };
/** The specs that change settings every quote reads, or count what every test does. */
const WHOLE_SITE_SPECS = /\/(admin-calculator|admin-pricing|admin-discounts|background-jobs)\.spec\.ts$/;
/** The specs that open a new season today: from then on every quote on their server is for it. */
const NEW_SEASON_SPECS = /\/renewal\.spec\.ts$/;

/** The machine's Chromium (scripts/browser.mjs, which `npm run test:e2e` runs first to find or install it). */
const chromiumPath = findChromium();

export default defineConfig({
  testDir: 'e2e',
  outputDir: `.tmp/test-results-${port}`,
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // In CI a failed test is tried once more, and the list then names it flaky. Two of three clean-clone
  // runs on 2026-11-29 each had one test fail once that passes on its own (docs/operations.md 'The
  // test suite'): a retry keeps such a flake from blocking a landing, and records the trace to find it.
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never', outputFolder: `.tmp/playwright-report-${port}` }]],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A trace is recorded when a failed test is tried again: recording one for every test costs the suite minutes.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // Pages open as for a visitor who asked for less motion: scrolls jump instead of gliding and the
    // skeletons' shimmer stops, so Chromium paints far fewer frames (a 61-test sample ran in 91–97 s
    // instead of 105–111 s). The wizard's specs, whose steps scroll to the top, keep the motion most
    // visitors have (test.use in quote-wizard and quote-complete).
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: chromiumPath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  // The projects on servers of their own come first: each runs its specs one at a time, on one of
  // the two workers at most, and the many small tests of the rest fill in around them and even out the end.
  projects: [
    // What these change (rates, crops, discount rules) or count (every job of the server) is their
    // server's, so no test beside them may see it half-changed.
    { name: 'whole-site', testMatch: WHOLE_SITE_SPECS, workers: 1, use: { ...desktop, baseURL: `http://127.0.0.1:${wholeSitePort}` } },
    { name: 'new-season', testMatch: NEW_SEASON_SPECS, workers: 1, use: { ...desktop, baseURL: `http://127.0.0.1:${newSeasonPort}` } },
    { name: 'desktop', testIgnore: [WHOLE_SITE_SPECS, NEW_SEASON_SPECS], use: desktop },
  ],
  webServer: {
    // A new SQLite database and outbox for each server, with the renderer built by `npm run test:e2e`.
    command: 'node scripts/e2e-server.mjs',
    wait: { stdout: /servers ready/ },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      E2E_SERVERS: JSON.stringify(servers),
      NODE_ENV: 'test',
      ADMIN_EMAIL: 'admin@grainmutual.example',
      ADMIN_PASSWORD: 'e2e-admin-password-long',
      SESSION_SECRET: 'e2e-session-secret-that-is-long-enough',
      LOG_LEVEL: 'warn',
      // Every browser here shares the address 127.0.0.1 and each test registers and signs in its
      // own administrator and members, so those limits are raised to what the whole suite needs. The limits
      // themselves are tested at the API level (server/src/modules/accounts/abuse.test.ts).
      RATE_LIMITS:
        'signInPerAccount=1000/15m,signInPerAddress=1000/15m,verificationSendPerAddress=1000/1h,verificationCheckPerAddress=1000/15m,passwordResetPerAddress=1000/1h,contactPerAddress=1000/10m,callbacksPerAddress=1000/1h,errorReportsPerAddress=1000/1m,analyticsPerAddress=1000/1m,telemetryPerAddressPerDay=100000/24h,pricingPerAddress=100000/10m,pricingPerAccount=100000/10m,writesPerAccount=100000/10m',
    },
  },
});
