import type { KnipConfig } from 'knip';

/**
 * Unused files, exports and dependencies: `npm run knip`, part of `npm run lint`. The
 * plugins find most entries themselves: the renderer from renderer/index.html (vite), Electron's
 * main and preload from electron.vite.config.ts, the server from the npm scripts, the tests from
 * vitest.config.ts and playwright.config.ts. The entries below are the ones run by hand.
 */
const config: KnipConfig = {
  // The server's entry is compiled by scripts/build.mjs (esbuild), and the pre-render entry by
  // scripts/prerender.mjs (a Vite build for Node), neither of which knip reads.
  entry: ['scripts/*.{ts,mjs}', 'bench/*.ts', 'e2e/**/*.spec.ts', 'server/src/release-entry.ts', 'renderer/src/prerender.tsx'],
  project: ['renderer/src/**/*.{ts,tsx}', 'server/src/**/*.ts', 'electron/**/*.ts', 'shared/**/*.ts', 'scripts/**/*.{ts,mjs}', 'bench/**/*.ts', 'e2e/**/*.ts', '*.{ts,js}'],
  // An export also used in its own file (a query's options beside its hook, a constant beside its rule) is a module's API, not dead code.
  ignoreExportsUsedInFile: true,
  ignoreDependencies: [
    // The runtime itself: npm scripts find its `node` in node_modules/.bin before the machine's (docs/operations.md).
    'node',
    // Loaded with createRequire by bench/pricing-vs-health.ts (it has no ES module entry), which knip does not follow.
    'autocannon',
    // Run by path (node_modules/electron-builder/cli.js) from scripts/desktop.mjs for `npm run desktop:dist`.
    'electron-builder',
  ],
  // Debian's PostgreSQL cluster tool (scripts/with-postgres.mjs), package manager (scripts/browser.mjs) and
  // OpenSSL (a certificate for bench/guarded-page-load.ts's TLS proxy): system programs, not npm packages.
  ignoreBinaries: ['pg_ctlcluster', 'apt-get', 'openssl'],
  ignoreIssues: {
    // The contracts name every request and response shape of the API, for both sides; a shape no code parses yet still documents what the server answers.
    'shared/contracts/**': ['exports', 'types'],
    // docs/behaviour.md §9's constants and limits, written down in one place, including those the product does not read yet (image widths, sidebar width).
    'shared/constants.ts': ['exports'],
  },
};

export default config;
