/**
 * The risk simulation page (/admin/risk-simulation, docs/risk-simulation.md): exposure for the map,
 * an event's cost, saved runs (events and Monte Carlo seasons run in a worker thread, polled for
 * progress and cancellable) and the reserve. Administrators only.
 */
import { Router } from 'express';
import { recordParamsSchema } from '@shared/contracts/dashboard';
import { eventImpactInputSchema, reserveInputSchema, runInputSchema, runsQuerySchema } from '@shared/contracts/risk-simulation';
import type { AppContext } from '../../context';
import { notFound } from '../../lib/app-error';
import { requireAdmin, signedInUser } from '../../middleware/auth';
import { validate } from '../../middleware/validate';
import { loadExposure } from './exposure.service';
import { cancelSeasonRun, changeReserve, eventImpact, saveEventRun, startSeasonRun } from './risk-simulation.service';
import { creatorNames, presentRunDetail, presentRunSummary } from './runs.presenter';
import { createSeasonRunner } from './season-runner';

export function riskSimulationRouter({ db, logger }: AppContext): Router {
  const router = Router();
  const runner = createSeasonRunner(db, logger);

  async function runResponse(id: string) {
    const row = await db.riskSimulationRun.findUnique({ where: { id } });
    if (!row) throw notFound('There is no such simulation run.', 'risk_run_not_found');
    return { success: true as const, run: presentRunDetail(row, await creatorNames(db, [row])) };
  }

  router.get('/admin/risk/exposure', requireAdmin, async (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ success: true, ...(await loadExposure(db)) });
  });

  const eventBody = validate({ body: eventImpactInputSchema });
  router.post('/admin/risk/event-impact', requireAdmin, eventBody, async (req, res) => {
    const exposure = await loadExposure(db);
    res.json({ success: true, ...eventImpact(exposure, eventBody.input(req).body) });
  });

  const reserveBody = validate({ body: reserveInputSchema });
  router.put('/admin/risk/reserve', requireAdmin, reserveBody, async (req, res) => {
    res.json({ success: true, reserveCents: await changeReserve(db, signedInUser(req).id, reserveBody.input(req).body.reserveCents) });
  });

  const runsQuery = validate({ query: runsQuerySchema });
  router.get('/admin/risk/runs', requireAdmin, runsQuery, async (req, res) => {
    const { kind, status, page, pageSize } = runsQuery.input(req).query;
    const where = { ...(kind ? { kind } : {}), ...(status ? { status } : {}) };
    const [total, rows] = await Promise.all([
      db.riskSimulationRun.count({ where }),
      // The list leaves out each run's results (a season's claims, an event's paddocks): the detail has them.
      db.riskSimulationRun.findMany({ where, omit: { results: true }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], skip: (page - 1) * pageSize, take: pageSize }),
    ]);
    const creators = await creatorNames(db, rows);
    res.set('Cache-Control', 'no-store').json({ success: true, runs: rows.map((row) => presentRunSummary(row, creators)), total, page, pageSize });
  });

  const runBody = validate({ body: runInputSchema });
  router.post('/admin/risk/runs', requireAdmin, runBody, async (req, res) => {
    const input = runBody.input(req).body;
    const actorId = signedInUser(req).id;
    const run = input.kind === 'event' ? await saveEventRun(db, actorId, input.name, input.event) : await startSeasonRun(db, runner, actorId, input.name, input.settings);
    res.status(201).json(await runResponse(run.id));
  });

  const runParams = validate({ params: recordParamsSchema });
  router.get('/admin/risk/runs/:id', requireAdmin, runParams, async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await runResponse(runParams.input(req).params.id));
  });

  router.post('/admin/risk/runs/:id/cancel', requireAdmin, runParams, async (req, res) => {
    const { id } = runParams.input(req).params;
    await cancelSeasonRun(db, runner, signedInUser(req).id, id);
    res.json(await runResponse(id));
  });

  return router;
}
