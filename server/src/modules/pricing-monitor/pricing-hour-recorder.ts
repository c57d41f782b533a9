import type { PricingCalculateResponse, PricingModel } from '@shared/contracts/pricing';
import { hourTotals, type PricingHourKey, type PricingMeasure, type PricingRunFigures, pricingRunOutcome } from '@shared/domain/pricing-monitor/pricing-runs';
import type { Database } from '../../db/client';
import { isUniqueViolation } from '../../lib/sequential-number';
import type { Logger } from '../../lib/logger';

/**
 * Adds each answer of POST /api/pricing/calculate to the monitor's hourly totals without slowing it
 * or growing with it: the handler answers first and hands the run here, which only counts it in
 * memory; a second after the first run (or at BATCH_SIZE runs) the counted runs are added to their
 * hours with one upsert per hour, crop and bucket touched, so a burst of a thousand answers in one
 * zone is a handful of writes and the tables grow with the hours, never with the answers
 * (docs/calculator-settings.md 'Pricing monitor'). A batch that fails to be written is logged and
 * dropped: the monitor is a view of the field, not a ledger. Hours older than RETENTION_DAYS are
 * deleted at most once a day, after a batch is written.
 */

export const RETENTION_DAYS = 180;
const BATCH_SIZE = 500;
const FLUSH_DELAY_MS = 1_000;
const PRUNE_EVERY_MS = 24 * 60 * 60 * 1000;

export interface PricingHourRecorder {
  /** Counts one run; latencyMs is the server's time from the request's arrival to the answer. */
  record(result: PricingCalculateResponse, model: Pick<PricingModel, 'minimumPremium' | 'maxTotalDiscountRate'>, latencyMs: number): void;
  /** Adds what is counted now to the stored totals (tests, and shutdown). */
  flush(): Promise<void>;
}

const recorders = new WeakMap<Database, PricingHourRecorder>();

const keyWhere = ({ hourStart, zoneCode, coverageType, modelVersion }: PricingHourKey) => ({ hourStart: new Date(hourStart), zoneCode, coverageType, modelVersion });

/** An upsert that another instance may race: the loser of the insert adds to the row the winner made. */
async function addTo(upsert: () => Promise<unknown>): Promise<void> {
  try {
    await upsert();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await upsert();
  }
}

/** Adds the runs to their hours' totals, every row as an increment so that instances writing at once add up. */
async function addRuns(db: Database, runs: readonly PricingRunFigures[]): Promise<void> {
  const totals = hourTotals(runs);
  for (const hour of totals.hours) {
    const { runs: count, insuredValue, premium, atMinimumPremium, canolaCapApplied, discountCapApplied } = hour;
    const key = keyWhere(hour);
    await addTo(() =>
      db.pricingHour.upsert({
        where: { hourStart_zoneCode_coverageType_modelVersion: key },
        create: { ...key, runs: count, insuredValue, premium, atMinimumPremium, canolaCapApplied, discountCapApplied },
        update: {
          runs: { increment: count },
          insuredValue: { increment: insuredValue },
          premium: { increment: premium },
          atMinimumPremium: { increment: atMinimumPremium },
          canolaCapApplied: { increment: canolaCapApplied },
          discountCapApplied: { increment: discountCapApplied },
        },
      }),
    );
  }
  for (const crop of totals.crops) {
    const key = { ...keyWhere(crop), cropType: crop.cropType };
    await addTo(() =>
      db.pricingHourCrop.upsert({
        where: { hourStart_zoneCode_coverageType_modelVersion_cropType: key },
        create: { ...key, runs: crop.runs, insuredValue: crop.insuredValue, premium: crop.premium },
        update: { runs: { increment: crop.runs }, insuredValue: { increment: crop.insuredValue }, premium: { increment: crop.premium } },
      }),
    );
  }
  for (const bucket of totals.buckets) {
    const key = { ...keyWhere(bucket), measure: bucket.measure, fromValue: bucket.fromValue };
    await addTo(() =>
      db.pricingHourBucket.upsert({
        where: { hourStart_zoneCode_coverageType_modelVersion_measure_fromValue: key },
        create: { ...key, count: bucket.count },
        update: { count: { increment: bucket.count } },
      }),
    );
  }
}

/** One recorder per database client, shared by every router of an app. */
export function pricingHourRecorder(db: Database, logger: Logger): PricingHourRecorder {
  const existing = recorders.get(db);
  if (existing) return existing;
  let counted: PricingRunFigures[] = [];
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();
  let prunedAt = 0;

  async function write(batch: PricingRunFigures[]) {
    try {
      await addRuns(db, batch);
      if (Date.now() - prunedAt > PRUNE_EVERY_MS) {
        prunedAt = Date.now();
        const before = { hourStart: { lt: new Date(Date.now() - RETENTION_DAYS * PRUNE_EVERY_MS) } };
        await db.$transaction([db.pricingHour.deleteMany({ where: before }), db.pricingHourCrop.deleteMany({ where: before }), db.pricingHourBucket.deleteMany({ where: before })]);
      }
    } catch (error) {
      logger.warn({ err: error, runs: batch.length }, 'pricing runs could not be added to the monitor');
    }
  }

  const recorder: PricingHourRecorder = {
    record(result, model, latencyMs) {
      counted.push({ ...pricingRunOutcome(result, model), latencyMs, pricedAt: new Date().toISOString() });
      if (counted.length >= BATCH_SIZE) void recorder.flush();
      else if (!timer) {
        timer = setTimeout(() => void recorder.flush(), FLUSH_DELAY_MS);
        timer.unref();
      }
    },
    flush() {
      if (timer) clearTimeout(timer);
      timer = null;
      const batch = counted;
      counted = [];
      writing = writing.then(() => (batch.length > 0 ? write(batch) : undefined));
      return writing;
    },
  };
  recorders.set(db, recorder);
  return recorder;
}

/** Which hours of totals to read: a range of hours, and a zone or a cover if the monitor is filtered. */
interface PricingHourRange {
  hourStart: { gte: Date; lt: Date };
  zoneCode?: string;
  coverageType?: string;
}

/** The stored hourly totals of a range, as the shared figures read them (hours as ISO instants). */
export async function pricingHourTotals(db: Database, where: PricingHourRange) {
  const [hours, crops, buckets] = await Promise.all([db.pricingHour.findMany({ where }), db.pricingHourCrop.findMany({ where }), db.pricingHourBucket.findMany({ where })]);
  const iso = <Row extends { hourStart: Date }>(row: Row) => ({ ...row, hourStart: row.hourStart.toISOString() });
  return { hours: hours.map(iso), crops: crops.map(iso), buckets: buckets.map((row) => ({ ...iso(row), measure: row.measure as PricingMeasure })) };
}
