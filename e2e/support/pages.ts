import { type BrowserContext, expect, type Locator, type Page } from '@playwright/test';

/**
 * Errors the page threw or logged, each after `where()` (the page it was on, say); map tiles
 * refused on purpose (no network here) are not errors of the app.
 */
export function collectErrors(page: Page, where: () => string = () => ''): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${where()}${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().includes('net::ERR_FAILED')) errors.push(`${where()}${message.text()}`);
  });
  return errors;
}

/**
 * Opens a page and waits until the app has hydrated a page drawn at build time (public pages,
 * scripts/prerender.mjs). Until then the app keeps the page inert, so clicks and typing wait for it
 * by themselves; focusing, hovering, scrolling and key presses do not, and would do nothing.
 */
export async function openPage(page: Page, path: string) {
  const response = await page.goto(path);
  await expect(page.locator('[data-prerendered]')).toHaveCount(0);
  return response;
}

/** Notes the page's first heading as the browser parses it, for `keepsFirstHeading`. */
export async function noteFirstHeading(page: Page) {
  await page.addInitScript(() => document.addEventListener('DOMContentLoaded', () => ((window as unknown as { firstHeading: Element | null }).firstHeading = document.querySelector('h1'))));
}

/** Whether the heading on the page is the element the browser parsed: the app hydrated the page it was sent rather than drawing it again. */
export async function keepsFirstHeading(page: Page): Promise<boolean> {
  return page.evaluate(() => document.querySelector('h1') === (window as unknown as { firstHeading: Element | null }).firstHeading);
}

/**
 * Waits until the browser has drawn two frames: a scroll or a resize asked for before is then laid
 * out and painted. Headless Chromium on a busy machine once gave a page no frame for a whole minute
 * (a clean-clone CI run, after a resize), so the wait also ends after a second: what follows (a
 * screenshot, a locator's check) waits for its own frame.
 */
export async function nextFrames(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
        setTimeout(resolve, 1_000);
      }),
  );
}

/**
 * Where an element is drawn once it has stopped moving: its box, the same over half a second. A map's
 * pin moves while the map settles or the page above it fills in (a count that loads, a notice about
 * the map's images), and a click measured from it a moment early lands elsewhere.
 */
export async function settledBox(locator: Locator) {
  let last = JSON.stringify(await locator.boundingBox());
  let steadyFor = 0;
  await expect
    .poll(
      async () => {
        const now = JSON.stringify(await locator.boundingBox());
        steadyFor = now === last ? steadyFor + 1 : 0;
        last = now;
        return steadyFor;
      },
      { intervals: [250], timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(2);
  return (await locator.boundingBox())!;
}

/**
 * The page's uploads slowed to `bytesPerSecond`, as on a farm's mobile connection (Chromium's own
 * network emulation); `restore` gives the page its full speed back.
 */
export async function slowUploads(page: Page, bytesPerSecond: number): Promise<{ restore: () => Promise<void> }> {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Network.enable');
  await devtools.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: bytesPerSecond });
  return {
    restore: async () => {
      await devtools.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      await devtools.detach();
    },
  };
}

/**
 * The next answer to a `method` request whose address ends with `pathEnd` is lost on its way back,
 * after the server has handled the request (a farm connection dropping): the page's request fails
 * as a network error. Paused at Chromium's response stage, so the server gets the page's own body,
 * an upload's files included (Playwright's route.fetch forwarded a form sent by fetch() without its
 * file). `lostStatus` is the status the server answered.
 */
export async function loseNextAnswer(page: Page, method: string, pathEnd: string): Promise<{ lostStatus: Promise<number> }> {
  const devtools = await page.context().newCDPSession(page);
  await devtools.send('Fetch.enable', { patterns: [{ urlPattern: `*${pathEnd}`, requestStage: 'Response' }] });
  const lostStatus = new Promise<number>((resolve) => {
    devtools.on('Fetch.requestPaused', async ({ requestId, request, responseStatusCode }) => {
      if (request.method !== method) return devtools.send('Fetch.continueResponse', { requestId });
      await devtools.send('Fetch.failRequest', { requestId, errorReason: 'ConnectionReset' });
      await devtools.detach();
      resolve(responseStatusCode ?? 0);
    });
  });
  return { lostStatus };
}

/**
 * The build's chunks named `name` refused, as a dropped connection refuses them, until `restore` is
 * called: a part of a page whose code loads on demand then says to refresh in its place.
 */
export async function dropChunk(context: BrowserContext, name: string): Promise<{ restore: () => Promise<void> }> {
  const chunk = new RegExp(`/assets/${name}-[\\w-]+\\.js$`);
  await context.route(chunk, (route) => route.abort('connectionreset'));
  return { restore: () => context.unroute(chunk) };
}

/** The display error (docs/behaviour.md §8) a part of the page shows in its place. */
export const displayErrorIn = (scope: Page | Locator) => scope.getByRole('alert').filter({ hasText: 'Display Error' });

export const DISPLAY_ERROR_TEXT = 'There was an issue displaying some data. Please refresh the page.';
