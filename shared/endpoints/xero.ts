/** Xero (/admin/xero-testing, docs/xero.md): the connection, the test invoice and the sync log; administrators only. */
import {
  xeroCallbackQuerySchema,
  xeroConnectResponseSchema,
  xeroStatusQuerySchema,
  xeroStatusResponseSchema,
  xeroSyncItemResponseSchema,
  xeroSyncParamsSchema,
  xeroTenantInputSchema,
  xeroTenantResponseSchema,
} from '../contracts/xero';
import { endpoint } from './endpoint';

export const xeroEndpoints = {
  status: endpoint({
    method: 'GET',
    path: '/api/admin/xero',
    access: 'administrator',
    query: xeroStatusQuerySchema,
    response: xeroStatusResponseSchema,
    summary: 'The variables still to set, the connection and its organisation, counts per state, the sync log 20 a page (`page`).',
  }),
  connect: endpoint({
    method: 'POST',
    path: '/api/admin/xero/connect',
    access: 'administrator',
    response: xeroConnectResponseSchema,
    summary: 'Answers Xero’s consent address; keeps the consent’s state in the caller’s session.',
  }),
  callback: endpoint({
    method: 'GET',
    path: '/api/admin/xero/callback',
    access: 'administrator',
    query: xeroCallbackQuerySchema,
    summary: 'Where Xero sends the administrator back; the state must be the one of their session; redirects to the page with `?xero=connected`, `refused`, `expired` or `failed`.',
  }),
  chooseTenant: endpoint({
    method: 'PUT',
    path: '/api/admin/xero/tenant',
    access: 'administrator',
    body: xeroTenantInputSchema,
    response: xeroTenantResponseSchema,
    summary: 'Chooses one of the organisations the consent granted; 400 for any other.',
  }),
  testInvoice: endpoint({
    method: 'POST',
    path: '/api/admin/xero/test-invoice',
    access: 'administrator',
    response: xeroSyncItemResponseSchema,
    status: 202,
    summary: 'Queues a draft test invoice to the chosen organisation; 409 when not connected or none chosen.',
  }),
  retrySync: endpoint({
    method: 'POST',
    path: '/api/admin/xero/syncs/:id/retry',
    access: 'administrator',
    params: xeroSyncParamsSchema,
    response: xeroSyncItemResponseSchema,
    summary: 'Queues a failed item again; 404 when no failed item has that id; logged with who asked.',
  }),
};
