/**
 * The Monte Carlo season in a worker thread, off the request thread: the same shared code the tests
 * run (shared/domain/risk/season.ts). It reports progress every 1 % of the seasons and answers the
 * outcome once; the runner cancels it by terminating the thread. Started through
 * season-worker.bootstrap.mjs, which registers tsx first (docs/risk-simulation.md).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ProtectedPaddock } from '@shared/domain/risk/exposure';
import { type SeasonSettings, type SeasonZone, simulateSeasons } from '@shared/domain/risk/season';

export interface SeasonWorkerData {
  paddocks: ProtectedPaddock[];
  zones: SeasonZone[];
  settings: SeasonSettings;
}

export type SeasonWorkerMessage = { type: 'progress'; seasonsDone: number } | { type: 'done'; seasonClaimsCents: number[]; storms: number; stormsHittingPaddocks: number };

const { paddocks, zones, settings } = workerData as SeasonWorkerData;
const post = (message: SeasonWorkerMessage) => parentPort?.postMessage(message);
const outcome = simulateSeasons(paddocks, zones, settings, (seasonsDone) => post({ type: 'progress', seasonsDone }), Math.max(1, Math.floor(settings.seasons / 100)));
post({ type: 'done', ...outcome });
