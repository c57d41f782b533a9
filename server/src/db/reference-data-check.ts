import type { Logger } from '../lib/logger';

/**
 * Where the start-up's reference-data seeding is, for readiness (GET /api/ready). On a database
 * already set up seeding finds nothing missing as a rule, so it runs beside the rest of the start
 * (docs/operations.md, "Start-up"); readiness says 'not ready' until it has finished.
 */
export interface ReferenceDataCheck {
  /** What is wrong, or undefined once the reference data is in place. */
  problem(): string | undefined;
}

export function referenceDataCheck(seeding: Promise<void>, logger: Logger): ReferenceDataCheck {
  let state: 'seeding' | 'done' | 'failed' = 'seeding';
  seeding.then(
    () => {
      state = 'done';
    },
    (error: unknown) => {
      state = 'failed';
      logger.error({ err: error }, 'reference data could not be seeded');
    },
  );
  return {
    problem: () => (state === 'done' ? undefined : state === 'seeding' ? 'Reference data is still being checked.' : 'Reference data could not be seeded; the log says why.'),
  };
}

/** For a server whose reference data was seeded before it was made (tests, benchmarks). */
export const referenceDataSeeded: ReferenceDataCheck = { problem: () => undefined };
