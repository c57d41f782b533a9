/**
 * Funnels for the administrators' registration and quote analytics pages: how many
 * reached each step, how many were lost before the next, and the typical time spent on a step.
 */

export interface FunnelCount<S extends string = string> {
  step: S;
  /** Visitors (or people) who reached the step. */
  count: number;
}

export interface FunnelStep<S extends string = string> extends FunnelCount<S> {
  /** Share of the first step's count that reached this one (0 to 1; 0 when the first step had none). */
  shareOfFirst: number;
  /**
   * Reached this step but not the next: this count less the next step's (null for the last step).
   * Negative when more reached the next step than this one, e.g. members resuming a saved quote
   * straight at a later step.
   */
  dropOff: number | null;
  /** dropOff as a share of this step's count (null for the last step or when none reached it). */
  dropOffRate: number | null;
}

/** The steps in the order given, each with the count found for it (0 when none), its share of the first and its drop-off to the next. */
export function funnelSteps<S extends string>(order: readonly S[], counts: ReadonlyArray<FunnelCount<S>>): FunnelStep<S>[] {
  const byStep = new Map<S, number>();
  for (const row of counts) byStep.set(row.step, (byStep.get(row.step) ?? 0) + row.count);
  const reached = order.map((step) => byStep.get(step) ?? 0);
  const first = reached[0] ?? 0;
  return order.map((step, index) => {
    const count = reached[index] ?? 0;
    const next = reached[index + 1];
    const dropOff = next === undefined ? null : count - next;
    return { step, count, shareOfFirst: first > 0 ? count / first : 0, dropOff, dropOffRate: dropOff === null || count === 0 ? null : dropOff / count };
  });
}

/** The middle value (the mean of the two middle ones for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  return weightedMedian(values.map((value) => ({ value, count: 1 })));
}

/** The median of values that each occur `count` times (a histogram), without writing them out one by one. */
export function weightedMedian(rows: ReadonlyArray<{ value: number; count: number }>): number | null {
  const sorted = rows.filter((row) => row.count > 0).sort((a, b) => a.value - b.value);
  const total = sorted.reduce((sum, row) => sum + row.count, 0);
  if (total === 0) return null;
  const at = (position: number) => {
    let seen = 0;
    for (const row of sorted) {
      seen += row.count;
      if (position < seen) return row.value;
    }
    return sorted.at(-1)?.value ?? 0;
  };
  return (at(Math.floor((total - 1) / 2)) + at(Math.floor(total / 2))) / 2;
}

/**
 * A visitor who leaves a step open for longer than this has left; the gap is not time spent on the
 * step, so it is not counted (docs/admin-analytics.md).
 */
export const STEP_TIME_CAP_MS = 30 * 60 * 1000;

export interface StepDuration<S extends string = string> {
  step: S;
  /** From the step being shown to the visitor's next step being shown, in milliseconds. */
  ms: number;
  /** How many visits took this long (the database counts equal times together). */
  count: number;
}

/** The median time on each step of `order` and how many timed visits it is taken from; durations over STEP_TIME_CAP_MS are left out. */
export function medianTimePerStep<S extends string>(order: readonly S[], durations: ReadonlyArray<StepDuration<S>>): Array<{ step: S; medianMs: number | null; timedVisits: number }> {
  const byStep = new Map<S, Array<{ value: number; count: number }>>();
  for (const { step, ms, count } of durations) {
    if (ms < 0 || ms > STEP_TIME_CAP_MS) continue;
    const list = byStep.get(step) ?? [];
    list.push({ value: ms, count });
    byStep.set(step, list);
  }
  return order.map((step) => {
    const list = byStep.get(step) ?? [];
    return { step, medianMs: weightedMedian(list), timedVisits: list.reduce((sum, row) => sum + row.count, 0) };
  });
}

/** part / whole, or null when the whole is 0 (a rate of nothing is not 0 %). */
export function rate(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}
