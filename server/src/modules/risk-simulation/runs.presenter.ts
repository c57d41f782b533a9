/** A risk run row as the page reads it (shared/contracts/risk-simulation.ts). */
import {
  eventImpactInputSchema,
  type RunDetail,
  type RunStatus,
  RUN_STATUSES,
  type RunSummary,
  seasonSettingsSchema,
  seasonSummarySchema,
  eventTotalsSchema,
  paddockHitSchema,
} from '@shared/contracts/risk-simulation';
import { claimsHistogram } from '@shared/domain/risk/season';
import { z } from 'zod';
import type { Database } from '../../db/client';

type RunRow = NonNullable<Awaited<ReturnType<Database['riskSimulationRun']['findFirst']>>>;

export const INTERRUPTED_MESSAGE = 'The server restarted while this run was going, so it did not finish. Run it again.';
/** A running row whose heartbeat is older than this was cut short: its instance stopped (season-runner.ts beats every 5 s). */
const RUN_HEARTBEAT_STALE_MS = 30_000;

/** True while the instance running this season is still beating; the same answer on every instance. */
export function isRunLive(row: Pick<RunRow, 'status' | 'heartbeatAt'>, now = Date.now()): boolean {
  return row.status === 'running' && now - row.heartbeatAt.getTime() < RUN_HEARTBEAT_STALE_MS;
}
const EMPTY_TOTALS = { paddocks: 0, valueHitCents: 0, lossCents: 0, expectedClaimCents: 0 };

function statusOf(row: Pick<RunRow, 'status' | 'error' | 'heartbeatAt'>): { status: RunStatus; error: string | null } {
  const status = (RUN_STATUSES as readonly string[]).includes(row.status) ? (row.status as RunStatus) : 'failed';
  if (status === 'running' && !isRunLive(row)) return { status: 'failed', error: INTERRUPTED_MESSAGE };
  return { status, error: row.error };
}

function base(row: Omit<RunRow, 'results'>, creators: ReadonlyMap<string, string>) {
  return {
    id: row.id,
    name: row.name,
    ...statusOf(row),
    peril: row.peril === 'fire' ? ('fire' as const) : ('hail' as const),
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    createdByName: creators.get(row.createdById) ?? '(account deleted)',
    progress: row.progress,
    total: row.total,
  };
}

export function presentRunSummary(row: Omit<RunRow, 'results'>, creators: ReadonlyMap<string, string>): RunSummary {
  if (row.kind === 'event') return { ...base(row, creators), kind: 'event', event: eventImpactInputSchema.parse(row.settings), totals: eventTotalsSchema.catch(EMPTY_TOTALS).parse(row.summary) };
  return {
    ...base(row, creators),
    kind: 'season',
    settings: seasonSettingsSchema.parse(row.settings),
    summary: seasonSummarySchema
      .nullable()
      .catch(null)
      .parse(row.summary ?? null),
  };
}

export function presentRunDetail(row: RunRow, creators: ReadonlyMap<string, string>): RunDetail {
  const summary = presentRunSummary(row, creators);
  if (summary.kind === 'event')
    return {
      ...summary,
      hits: z
        .array(paddockHitSchema)
        .catch([])
        .parse(row.results ?? []),
    };
  const seasonClaims = z
    .array(z.number())
    .catch([])
    .parse(row.results ?? []);
  return { ...summary, histogram: claimsHistogram(seasonClaims) };
}

export async function creatorNames(db: Database, rows: readonly Pick<RunRow, 'createdById'>[]): Promise<Map<string, string>> {
  const users = await db.user.findMany({ where: { id: { in: [...new Set(rows.map((row) => row.createdById))] } }, select: { id: true, firstName: true, lastName: true, email: true } });
  return new Map(users.map((user) => [user.id, `${user.firstName} ${user.lastName}`.trim() || user.email]));
}
