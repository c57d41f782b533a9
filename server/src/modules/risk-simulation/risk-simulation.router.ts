/**
 * The risk simulation page (/admin/risk-simulation, docs/risk-simulation.md): exposure for the map,
 * an event's cost, saved runs (events and Monte Carlo seasons run in a worker thread, polled for
 * progress and cancellable) and the reserve. Administrators only; each route is an endpoint of the
 * table (shared/endpoints/risk-simulation.ts).
 */
import type { Router } from 'express';
import { riskSimulationEndpoints as endpoints } from '@shared/endpoints/risk-simulation';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/app-error';
import { signedInUser } from '../../middleware/auth';
import { endpointRouter } from '../../middleware/serve';
import { loadExposure } from './exposure.service';
import { cancelSeasonRun, changeReserve, eventImpact, saveEventRun, startSeasonRun } from './risk-simulation.service';
import { creatorNames, presentRunDetail, presentRunSummary } from './runs.presenter';
import { createSeasonRunner } from './season-runner';

export function riskSimulationRouter(context: AppContext): Router {
  const { db, logger } = context;
  const { router, serve } = endpointRouter(context);
  const runner = createSeasonRunner(db, logger);

  async function runResponse(id: string) {
    const row = await db.riskSimulationRun.findUnique({ where: { id } });
    if (!row) throw notFound('There is no such simulation run.', 'risk_run_not_found');
    return { success: true as const, run: presentRunDetail(row, await creatorNames(db, [row])) };
  }

  serve(endpoints.exposure)({
    handle: async (_req, res) => {
      const exposure = await loadExposure(db);
      res.set('Cache-Control', 'no-store');
      return { success: true, ...exposure };
    },
  });

  serve(endpoints.eventImpact)({
    handle: async (_req, _res, { body }) => {
      const exposure = await loadExposure(db);
      return { success: true, ...eventImpact(exposure, body) };
    },
  });

  serve(endpoints.reserve)({
    handle: async (req, _res, { body }) => ({ success: true, reserveCents: await changeReserve(db, signedInUser(req).id, body.reserveCents) }),
  });

  serve(endpoints.runs)({
    handle: async (_req, res, { query: { kind, status, page, pageSize } }) => {
      const where = { ...(kind ? { kind } : {}), ...(status ? { status } : {}) };
      const [total, rows] = await Promise.all([
        db.riskSimulationRun.count({ where }),
        // The list leaves out each run's results (a season's claims, an event's paddocks): the detail has them.
        db.riskSimulationRun.findMany({ where, omit: { results: true }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip: (page - 1) * pageSize, take: pageSize }),
      ]);
      const creators = await creatorNames(db, rows);
      res.set('Cache-Control', 'no-store');
      return { success: true, runs: rows.map((row) => presentRunSummary(row, creators)), total, page, pageSize };
    },
  });

  serve(endpoints.createRun)({
    handle: async (req, _res, { body: input }) => {
      const actorId = signedInUser(req).id;
      const run = input.kind === 'event' ? await saveEventRun(db, actorId, input.name, input.event) : await startSeasonRun(db, runner, actorId, input.name, input.settings);
      return runResponse(run.id);
    },
  });

  serve(endpoints.run)({
    handle: async (_req, res, { params: { id } }) => {
      const run = await runResponse(id);
      res.set('Cache-Control', 'no-store');
      return run;
    },
  });

  serve(endpoints.cancelRun)({
    handle: async (req, _res, { params: { id } }) => {
      await cancelSeasonRun(db, runner, signedInUser(req).id, id);
      return runResponse(id);
    },
  });

  return router;
}
