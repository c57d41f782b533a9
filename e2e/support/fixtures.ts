import { type Browser, type BrowserContext, type BrowserContextOptions, test as base } from '@playwright/test';
import { type RegisteredMember, registerAdministrator } from './accounts';

/**
 * Pages open as in a browser whose person saves data (Chrome's Data Saver, by the DevTools protocol
 * as Playwright's `reducedMotion` is set): the site then fetches no linked page's code ahead
 * (renderer/src/lib/link-prefetch.ts). In these tests every page opens in a new context, with an
 * empty cache, so fetching ahead was a third or more of what Chromium spent on a page, for pages
 * the test never opens. `e2e/prefetch.spec.ts` opens pages as most people browse, fetching ahead.
 */
async function savingData(context: BrowserContext): Promise<BrowserContext> {
  context.on('page', (page) => {
    void context
      .newCDPSession(page)
      .then((session) => session.send('Emulation.setDataSaverOverride', { dataSaverEnabled: true }))
      .catch(() => undefined);
  });
  return context;
}

/** Each worker's browser's own `newContext`, before `test` made its contexts save data. */
const ordinaryContexts = new WeakMap<Browser, Browser['newContext']>();

/** A context as most people browse, their browser not saving data: pages fetch their links' code ahead. */
export function contextFetchingAhead(browser: Browser, options?: BrowserContextOptions): Promise<BrowserContext> {
  return (ordinaryContexts.get(browser) ?? browser.newContext.bind(browser))(options);
}

/**
 * The browser tests' `test`: Playwright's own, with an administrator of the test's own, in a
 * browser whose person saves data. Tests run side by side on one server, so none signs in as the
 * administrator the server starts with: what one test's staff do (their sign-ins, their security
 * log, their support sessions) is theirs alone.
 */
export const test = base.extend<{ administrator: RegisteredMember }>({
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      ordinaryContexts.set(browser, newContext);
      browser.newContext = async (options) => savingData(await newContext(options));
      await use(browser);
    },
    { scope: 'worker' },
  ],
  administrator: async ({ baseURL }, use, testInfo) => {
    await use(await registerAdministrator(baseURL!, 'Staff', `Tester ${testInfo.testId.slice(0, 8)}`));
  },
});

export { expect } from '@playwright/test';
