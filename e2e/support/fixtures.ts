import { test as base } from '@playwright/test';
import { type RegisteredMember, registerAdministrator } from './accounts';

/**
 * The browser tests' `test`: Playwright's own, with an administrator of the test's own. Tests run
 * side by side on one server, so none signs in as the administrator the server starts with: what
 * one test's staff do (their sign-ins, their security log, their support sessions) is theirs alone.
 */
export const test = base.extend<{ administrator: RegisteredMember }>({
  administrator: async ({ baseURL }, use, testInfo) => {
    await use(await registerAdministrator(baseURL!, 'Staff', `Tester ${testInfo.testId.slice(0, 8)}`));
  },
});

export { expect } from '@playwright/test';
