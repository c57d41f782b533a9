/** Risk simulation (/admin/risk-simulation, docs/risk-simulation.md): administrators only. */
import { recordParamsSchema } from '../contracts/dashboard';
import {
  eventImpactInputSchema,
  eventImpactResponseSchema,
  exposureResponseSchema,
  reserveInputSchema,
  reserveResponseSchema,
  runInputSchema,
  runResponseSchema,
  runsQuerySchema,
  runsResponseSchema,
} from '../contracts/risk-simulation';
import { endpoint } from './endpoint';

export const riskSimulationEndpoints = {
  exposure: endpoint({
    method: 'GET',
    path: '/api/admin/risk/exposure',
    access: 'administrator',
    response: exposureResponseSchema,
    summary: 'The protected paddocks and zones for the map, and the reserve.',
  }),
  eventImpact: endpoint({
    method: 'POST',
    path: '/api/admin/risk/event-impact',
    access: 'administrator',
    body: eventImpactInputSchema,
    response: eventImpactResponseSchema,
    summary: 'What an event (peril, severity, footprint) would cost now; computes, saves nothing.',
  }),
  reserve: endpoint({
    method: 'PUT',
    path: '/api/admin/risk/reserve',
    access: 'administrator',
    body: reserveInputSchema,
    response: reserveResponseSchema,
    summary: 'The reserve set against the next season runs; audited `risk_reserve_changed`.',
  }),
  runs: endpoint({
    method: 'GET',
    path: '/api/admin/risk/runs',
    access: 'administrator',
    query: runsQuerySchema,
    response: runsResponseSchema,
    summary: 'Saved runs, newest first, without their results: filters `kind`, `status`; `page`, `pageSize`.',
  }),
  createRun: endpoint({
    method: 'POST',
    path: '/api/admin/risk/runs',
    access: 'administrator',
    body: runInputSchema,
    response: runResponseSchema,
    status: 201,
    summary: 'Saves an event, or starts a season in the server’s worker; audited `risk_event_saved` / `risk_season_started`.',
  }),
  run: endpoint({
    method: 'GET',
    path: '/api/admin/risk/runs/:id',
    access: 'administrator',
    params: recordParamsSchema,
    response: runResponseSchema,
    summary: 'One run with its results (polled for a season’s progress); 404 for no such run.',
  }),
  cancelRun: endpoint({
    method: 'POST',
    path: '/api/admin/risk/runs/:id/cancel',
    access: 'administrator',
    params: recordParamsSchema,
    response: runResponseSchema,
    summary: 'Stops a running season; audited `risk_season_cancelled`.',
  }),
};
