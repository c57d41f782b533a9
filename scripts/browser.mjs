// The Chromium the browser tests run in: CHROMIUM_PATH, else Chromium's headless shell, a Chromium
// or a Chrome the machine has, else the one Playwright downloaded. Run before the browser tests (npm
// run test:e2e), it installs Debian's headless shell when the machine lacks it and may install
// (root, apt-get), even beside a full Chromium, since Playwright cannot download its own browser on
// machines that reach only the npm registry and Debian; with no browser at all it says in one
// sentence what to run.
import { execFileSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

// The headless shell first: the same Blink as Chromium without the desktop browser around it (what
// Playwright itself runs headless), it ran the browser tests in about 60% of full Chromium's time here.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const KNOWN_PATHS = [HEADLESS_SHELL, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

const runnable = (path) => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/** Playwright's own download, when one was made (npx playwright install chromium). */
function playwrightsChromium() {
  try {
    const { chromium } = createRequire(import.meta.url)('playwright-core');
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}

/** The browser's path, or undefined when the machine has none. */
export function findChromium() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return [...KNOWN_PATHS, playwrightsChromium()].find((path) => path && runnable(path));
}

const mayInstall = () => process.getuid?.() === 0 && runnable('/usr/bin/apt-get');

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (!process.env.CHROMIUM_PATH && !runnable(HEADLESS_SHELL) && mayInstall()) {
    console.warn("Installing Debian's Chromium headless shell for the browser tests (apt-get install chromium-headless-shell).");
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'chromium-headless-shell'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  }
  if (!findChromium()) {
    console.error('The browser tests need Chromium: run `sudo apt-get install -y chromium-headless-shell` (or `npx playwright install chromium`, or set CHROMIUM_PATH to a Chromium), then `npm test` again.');
    process.exit(1);
  }
}
