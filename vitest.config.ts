import { globSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const alias = { '@shared': fileURLToPath(new URL('./shared', import.meta.url)) };

const SERVER_TESTS = 'server/**/*.test.ts';
/** The tests without a page: the business rules, Electron's main process and preload, the scripts. */
const PAGELESS_TESTS = ['shared/**/*.test.ts', 'electron/**/*.test.ts', 'scripts/**/*.test.ts'];
/** The tests of the renderer: components and pages (happy-dom), stores, hooks. */
const RENDERER_TESTS = 'renderer/src/**/*.test.{ts,tsx}';
/**
 * Test files that replace a module of ours (vi.mock) need a module graph of their own; the rest
 * share one per worker, which halves the server suite (each file still boots its own app on its own
 * database). Found by reading the files, so a new vi.mock needs no list kept by hand.
 */
const moduleReplacing = (pattern: string | string[]) => globSync(pattern).filter((file) => readFileSync(file, 'utf8').includes('vi.mock('));
const MODULE_REPLACING_TESTS = moduleReplacing(SERVER_TESTS);
/** Pageless and renderer files that replace a module of ours (none today). */
const MODULE_REPLACING_UNIT_TESTS = moduleReplacing([...PAGELESS_TESTS, RENDERER_TESTS]);

/** Test files that start processes of their own: a server, a PostgreSQL cluster, Redis, an SMTP server. */
const PROCESS_STARTING_TESTS = new Set(
  globSync(SERVER_TESTS)
    .filter((file) => /from '\.{1,2}(\/\.\.)*\/testing\/(server-process|services)'/.test(readFileSync(file, 'utf8')))
    .map((file) => fileURLToPath(new URL(file, import.meta.url))),
);

/**
 * Vitest's order (the longest file first, by the last run's times), except that the files starting
 * processes go first in their project: they mostly wait on what they started, and the other worker's
 * files fill those waits. Run last, they left one worker waiting alone at the end; and the last
 * run's times mislead here: `npm run test:pg` reads the times of the SQLite run, where the outage
 * files are skipped.
 */
class ProcessStartingFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => [file.project.config.sequence.groupOrder, file.project.name, PROCESS_STARTING_TESTS.has(file.moduleId) ? 0 : 1] as const;
    return sorted.sort((a, b) => {
      const [groupA, projectA, processesA] = rank(a);
      const [groupB, projectB, processesB] = rank(b);
      return groupA - groupB || (projectA < projectB ? -1 : projectA > projectB ? 1 : 0) || processesA - processesB;
    });
  }
}

/** The renderer's settings, shared by the files that share modules and those that replace some. */
const rendererSuite: TestProjectInlineConfiguration['test'] = {
  environment: 'node',
  // Files with a page (happy-dom) answer fetch from renderer/src/testing/server.ts (MSW).
  setupFiles: ['renderer/src/testing/setup.ts'],
  // Component and lint tests load React, jsdom or the TypeScript parser first; on a busy two-core
  // machine that alone can pass Vitest's 5 s default.
  testTimeout: 20_000,
  // Vitest's default on two cores is one worker: two ran the renderer's files in 92 s instead of 152 s.
  maxWorkers: 2,
  pool: 'threads',
};

/** The server suite's settings, shared by the files that share modules and those that replace some. */
const serverSuite: TestProjectInlineConfiguration['test'] = {
  environment: 'node',
  // One database migrated per run; each test file's is copied from it.
  globalSetup: ['server/src/testing/database-template.global.ts'],
  // Each file boots its own app on its own database; two cores, so keep the pool small.
  pool: 'forks',
  maxWorkers: 2,
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  resolve: { alias },
  test: {
    sequence: { sequencer: ProcessStartingFilesFirst },
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          include: PAGELESS_TESTS,
          exclude: MODULE_REPLACING_UNIT_TESTS,
          environment: 'node',
          // No page, nothing replaced and no store that outlives a file: the files share one module
          // graph per worker instead of importing it again for each of their 109.
          isolate: false,
          pool: 'threads',
          maxWorkers: 2,
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias },
        test: {
          ...rendererSuite,
          name: 'renderer',
          sequence: { groupOrder: 1 },
          include: [RENDERER_TESTS],
          exclude: MODULE_REPLACING_UNIT_TESTS,
          // The files share a worker's libraries, and the setup gives each its own modules of ours,
          // storage and timers: 23 s instead of 46 s with a module graph of its own for each of the 92
          // files (2026-12-07).
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          ...rendererSuite,
          name: 'unit-isolated',
          sequence: { groupOrder: 1 },
          include: MODULE_REPLACING_UNIT_TESTS,
        },
      },
      {
        resolve: { alias },
        test: {
          ...serverSuite,
          name: 'api',
          // Runs after the unit projects, with its own worker limit.
          sequence: { groupOrder: 2 },
          include: [SERVER_TESTS],
          exclude: MODULE_REPLACING_TESTS,
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          ...serverSuite,
          name: 'api-isolated',
          sequence: { groupOrder: 3 },
          include: MODULE_REPLACING_TESTS,
        },
      },
    ],
  },
});
