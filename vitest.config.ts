import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = { '@shared': fileURLToPath(new URL('./shared', import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: ['shared/**/*.test.ts', 'renderer/src/**/*.test.{ts,tsx}', 'electron/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          // Files with a page (happy-dom) answer fetch from renderer/src/testing/server.ts (MSW).
          setupFiles: ['renderer/src/testing/setup.ts'],
          // Component and lint tests load React, jsdom or the TypeScript parser first; on a busy
          // two-core machine that alone can pass Vitest's 5 s default.
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          // Runs after the unit project, with its own worker limit.
          sequence: { groupOrder: 1 },
          include: ['server/**/*.test.ts'],
          environment: 'node',
          // One database migrated per run; each test file's is copied from it.
          globalSetup: ['server/src/testing/database-template.global.ts'],
          // Each file boots its own app on its own database; two cores, so keep the pool small.
          pool: 'forks',
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
