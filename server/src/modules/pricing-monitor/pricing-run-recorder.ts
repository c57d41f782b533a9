import type { PricingCalculateResponse, PricingModel } from '@shared/contracts/pricing';
import { pricingRunOutcome } from '@shared/domain/pricing-monitor/pricing-runs';
import type { Database } from '../../db/client';
import type { Prisma } from '../../generated/prisma/client';
import type { Logger } from '../../lib/logger';

/**
 * Records each answer of POST /api/pricing/calculate for /admin/pricing-monitor without slowing it:
 * the handler answers first and then hands the run here, which only queues it; the queue is written
 * with one createMany per batch (a second after the first queued run, or at BATCH_SIZE runs), so a
 * burst of pricing calls costs one write instead of one each, and SQLite's single writer is not
 * held up by every quote. A run that fails to be written is logged and dropped: the monitor is a
 * view of the field, not a ledger. Runs older than RETENTION_DAYS are deleted at most once a day,
 * after a batch is written.
 */

export const RETENTION_DAYS = 180;
const BATCH_SIZE = 200;
const FLUSH_DELAY_MS = 1_000;
const PRUNE_EVERY_MS = 24 * 60 * 60 * 1000;

export interface PricingRunRecorder {
  /** Queues one run; latencyMs is the server's time from the request's arrival to the answer. */
  record(result: PricingCalculateResponse, model: Pick<PricingModel, 'minimumPremium' | 'maxTotalDiscountRate'>, latencyMs: number): void;
  /** Writes what is queued now (tests, and shutdown). */
  flush(): Promise<void>;
}

const recorders = new WeakMap<Database, PricingRunRecorder>();

/** One recorder per database client, shared by every router of an app. */
export function pricingRunRecorder(db: Database, logger: Logger): PricingRunRecorder {
  const existing = recorders.get(db);
  if (existing) return existing;
  let queue: Prisma.PricingRunCreateManyInput[] = [];
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();
  let prunedAt = 0;

  async function write(batch: Prisma.PricingRunCreateManyInput[]) {
    try {
      await db.pricingRun.createMany({ data: batch });
      if (Date.now() - prunedAt > PRUNE_EVERY_MS) {
        prunedAt = Date.now();
        await db.pricingRun.deleteMany({ where: { pricedAt: { lt: new Date(Date.now() - RETENTION_DAYS * 24 * 60 * 60 * 1000) } } });
      }
    } catch (error) {
      logger.warn({ err: error, runs: batch.length }, 'pricing runs could not be recorded');
    }
  }

  const recorder: PricingRunRecorder = {
    record(result, model, latencyMs) {
      const { crops, ...outcome } = pricingRunOutcome(result, model);
      queue.push({ ...outcome, crops: crops.map((crop) => ({ ...crop })), latencyMs, pricedAt: new Date() });
      if (queue.length >= BATCH_SIZE) void recorder.flush();
      else if (!timer) {
        timer = setTimeout(() => void recorder.flush(), FLUSH_DELAY_MS);
        timer.unref();
      }
    },
    flush() {
      if (timer) clearTimeout(timer);
      timer = null;
      const batch = queue;
      queue = [];
      writing = writing.then(() => (batch.length > 0 ? write(batch) : undefined));
      return writing;
    },
  };
  recorders.set(db, recorder);
  return recorder;
}
