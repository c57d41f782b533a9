/**
 * Runs season simulations in worker threads and keeps their rows up to date: progress (written at
 * most every half second, which the page polls), a heartbeat, the outcome and its figures, a
 * cancellation or a failure. Everything a page shows is read from the row, so it is the same
 * whichever instance answers; a cancel made on another instance is seen here at the next write.
 */
import { Worker } from 'node:worker_threads';
import { summariseSeasons } from '@shared/domain/risk/season';
import type { Database, DatabaseWriter } from '../../db/client';
import type { Logger } from '../../lib/logger';
import { workerEntry } from '../../lib/worker-entry';
import type { SeasonWorkerData, SeasonWorkerMessage } from './season-worker';

const PROGRESS_WRITE_MS = 500;
/** How often the running instance says it is still running; RUN_HEARTBEAT_STALE_MS (runs.presenter.ts) is several of these. */
const HEARTBEAT_MS = 5_000;
const WORKER_ENTRY = workerEntry(new URL('./season-worker.mjs', import.meta.url), new URL('./season-worker.bootstrap.mjs', import.meta.url));

export interface SeasonRunner {
  /** The id of the run going now, if any. */
  current(): string | undefined;
  start(runId: string, data: SeasonWorkerData, reserveCents: number): void;
  /**
   * Marks the run cancelled, with what `alsoWrite` writes in the same transaction, and stops its worker
   * if it runs here (elsewhere, its instance stops it at its next write). False when the run had
   * already ended, and nothing was written.
   */
  cancel(runId: string, alsoWrite?: (tx: DatabaseWriter) => Promise<unknown>): Promise<boolean>;
}

export function createSeasonRunner(db: Database, logger: Logger): SeasonRunner {
  let running: { runId: string; worker: Worker; cancelled: boolean } | undefined;

  /** Whether the run was still running, and is now finished. */
  const finish = async (runId: string, data: Parameters<Database['riskSimulationRun']['updateMany']>[0]['data'], writer: Database | DatabaseWriter = db) => {
    // Only a run still marked running is finished, so a cancel that won the race stays a cancel.
    const { count } = await writer.riskSimulationRun.updateMany({ where: { id: runId, status: 'running' }, data: { ...data, completedAt: new Date() } });
    return count > 0;
  };

  return {
    current: () => running?.runId,
    start(runId, data, reserveCents) {
      const worker = new Worker(WORKER_ENTRY, { workerData: data, execArgv: [] });
      const entry = { runId, worker, cancelled: false };
      running = entry;
      let lastWrite = 0;
      let settled = false;
      const release = () => {
        clearInterval(heartbeat);
        if (running === entry) running = undefined;
      };
      /** Writes progress and the heartbeat; a row no longer running was cancelled on another instance. */
      const stillRunning = (data: { progress?: number }) =>
        db.riskSimulationRun
          .updateMany({ where: { id: runId, status: 'running' }, data: { ...data, heartbeatAt: new Date() } })
          .then(({ count }) => {
            if (count > 0 || settled || entry.cancelled) return;
            entry.cancelled = true;
            void worker.terminate();
          })
          .catch((error: unknown) => logger.error({ err: error, runId }, 'risk run progress not saved'));
      const heartbeat = setInterval(() => void stillRunning({}), HEARTBEAT_MS);
      heartbeat.unref();
      worker.on('message', (message: SeasonWorkerMessage) => {
        if (message.type === 'progress') {
          const now = Date.now();
          if (now - lastWrite < PROGRESS_WRITE_MS) return;
          lastWrite = now;
          void stillRunning({ progress: message.seasonsDone });
          return;
        }
        settled = true;
        const outcome = { seasonClaimsCents: message.seasonClaimsCents, storms: message.storms, stormsHittingPaddocks: message.stormsHittingPaddocks };
        finish(runId, { status: 'completed', progress: data.settings.seasons, summary: summariseSeasons(outcome, reserveCents) as object, results: outcome.seasonClaimsCents })
          .catch((error: unknown) => logger.error({ err: error, runId }, 'risk run results not saved'))
          .finally(release);
      });
      worker.on('error', (error) => {
        settled = true;
        logger.error({ err: error, runId }, 'risk season worker failed');
        finish(runId, { status: 'failed', error: 'The simulation stopped with an error. Run it again; if it fails again, tell the developers.' })
          .catch((saveError: unknown) => logger.error({ err: saveError, runId }, 'risk run failure not saved'))
          .finally(release);
      });
      worker.on('exit', () => {
        if (!settled && !entry.cancelled) {
          finish(runId, { status: 'failed', error: 'The simulation stopped before it finished. Run it again.' })
            .catch((error: unknown) => logger.error({ err: error, runId }, 'risk run failure not saved'))
            .finally(release);
        } else if (entry.cancelled) release();
      });
    },
    async cancel(runId, alsoWrite = async () => undefined) {
      const cancelled = await db.$transaction(async (tx) => {
        if (!(await finish(runId, { status: 'cancelled' }, tx))) return false;
        await alsoWrite(tx);
        return true;
      });
      const entry = running;
      if (entry?.runId === runId) {
        entry.cancelled = true;
        await entry.worker.terminate();
      }
      return cancelled;
    },
  };
}
