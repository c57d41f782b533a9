/** The Chromium the browser tests run in (scripts/browser.mjs), or undefined when the machine has none. */
export function findChromium(): string | undefined;
