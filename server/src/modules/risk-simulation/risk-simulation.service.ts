/**
 * The risk page's commands: what an event costs now, saving an event with its results, starting and
 * cancelling a season run, and changing the reserve. Every saved run, cancellation and reserve
 * change is written to the audit log with the change itself.
 */
import type { EventImpactInput, EventImpactResponse, ExposurePaddock, ExposureResponse, SeasonSettingsInput } from '@shared/contracts/risk-simulation';
import { eventTotals, indexPaddocks, paddocksHit } from '@shared/domain/risk/exposure';
import type { SeasonZone } from '@shared/domain/risk/season';
import type { Database } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import { auditEntry } from '../../lib/audit-log';
import { loadExposure, readReserveCents, writeReserve } from './exposure.service';
import { isRunLive } from './runs.presenter';
import type { SeasonRunner } from './season-runner';

type Exposure = Omit<ExposureResponse, 'success'>;

export function eventImpact(exposure: Pick<Exposure, 'paddocks'>, input: EventImpactInput): Omit<EventImpactResponse, 'success'> {
  const byId = new Map<string, ExposurePaddock>(exposure.paddocks.map((paddock) => [paddock.id, paddock]));
  const hits = paddocksHit(indexPaddocks(exposure.paddocks), input.geometry, input.peril, input.severityPercent);
  const views = hits.map((hit) => {
    const paddock = byId.get(hit.paddockId)!;
    return {
      ...hit,
      name: paddock.name,
      memberName: paddock.memberName,
      crop: paddock.crop,
      zoneCode: paddock.zoneCode,
      areaHa: paddock.areaHa,
      valueCents: paddock.valueCents,
      hurdlePercentage: paddock.hurdlePercentage,
    };
  });
  views.sort((a, b) => b.expectedClaimCents - a.expectedClaimCents || b.valueHitCents - a.valueHitCents || a.name.localeCompare(b.name));
  return { hits: views, totals: eventTotals(hits) };
}

export async function saveEventRun(db: Database, actorId: string, name: string, event: EventImpactInput) {
  const { hits, totals } = eventImpact(await loadExposure(db), event);
  return db.$transaction(async (tx) => {
    const run = await tx.riskSimulationRun.create({
      data: { kind: 'event', name, status: 'completed', peril: event.peril, settings: event as object, progress: 1, total: 1, summary: totals, results: hits, createdById: actorId, completedAt: new Date() },
    });
    await auditEntry(tx, { actorId, customerId: null, action: 'risk_event_saved', details: { runId: run.id, name, peril: event.peril, severityPercent: event.severityPercent, ...totals } });
    return run;
  });
}

export async function startSeasonRun(db: Database, runner: SeasonRunner, actorId: string, name: string, settings: SeasonSettingsInput) {
  const running = await db.riskSimulationRun.findMany({ where: { kind: 'season', status: 'running' }, select: { status: true, heartbeatAt: true } });
  // One season at a time across every instance: a run on another instance counts while it beats.
  if (runner.current() || running.some((run) => isRunLive(run))) throw conflict('A season simulation is already running. Wait for it to finish or cancel it, then start this one.', 'risk_run_busy');
  const exposure = await loadExposure(db);
  const zonesByCode = new Map(exposure.zones.map((zone) => [zone.code.toLowerCase(), zone]));
  const zones: SeasonZone[] = [];
  for (const { zoneCode, stormsPerSeason } of settings.stormsPerZone) {
    const zone = zonesByCode.get(zoneCode.toLowerCase());
    if (!zone) throw badRequest(`Zone ${zoneCode} is not one of the active zones (${exposure.zones.map((item) => item.code).join(', ')}).`, 'risk_zone_unknown');
    if (stormsPerSeason > 0) zones.push({ code: zone.code, stormsPerSeason, boundary: zone.boundary });
  }
  const reserveCents = exposure.reserveCents;
  const run = await db.$transaction(async (tx) => {
    const created = await tx.riskSimulationRun.create({
      data: { kind: 'season', name, status: 'running', peril: settings.peril, settings: settings as object, progress: 0, total: settings.seasons, createdById: actorId },
    });
    await auditEntry(tx, { actorId, customerId: null, action: 'risk_season_started', details: { runId: created.id, name, reserveCents, ...settings } });
    return created;
  });
  runner.start(run.id, { paddocks: exposure.paddocks, zones, settings }, reserveCents);
  return run;
}

const RUN_ENDED_ALREADY = 'This run is not running any more, so there is nothing to cancel.';

export async function cancelSeasonRun(db: Database, runner: SeasonRunner, actorId: string, runId: string) {
  const run = await db.riskSimulationRun.findUnique({ where: { id: runId } });
  if (!run) throw notFound('There is no such simulation run.', 'risk_run_not_found');
  if (run.kind !== 'season') throw conflict('A saved event has nothing to cancel.', 'risk_run_not_running');
  if (!isRunLive(run)) throw conflict(RUN_ENDED_ALREADY, 'risk_run_not_running');
  const cancelled = await runner.cancel(runId, (tx) => auditEntry(tx, { actorId, customerId: null, action: 'risk_season_cancelled', details: { runId, name: run.name } }));
  if (!cancelled) throw conflict(RUN_ENDED_ALREADY, 'risk_run_not_running');
}

export async function changeReserve(db: Database, actorId: string, reserveCents: number): Promise<number> {
  const before = await readReserveCents(db);
  await db.$transaction([writeReserve(db, reserveCents, actorId), auditEntry(db, { actorId, customerId: null, action: 'risk_reserve_changed', details: { beforeCents: before, afterCents: reserveCents } })]);
  return reserveCents;
}
