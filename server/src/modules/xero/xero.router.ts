/**
 * The administrators' Xero page (/admin/xero-testing, docs/xero.md): the connection and its
 * organisation, connecting (OAuth 2.0 with Xero), a test invoice, and the sync log with 'Try again'.
 * Each route is an endpoint of the table (shared/endpoints/xero.ts) for administrators.
 */
import type { Router } from 'express';
import { xeroEndpoints as endpoints } from '@shared/endpoints/xero';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../lib/app-error';
import { signedInUser } from '../../middleware/auth';
import { endpointRouter } from '../../middleware/serve';
import { beginConsent, chooseTenant, completeConsent, findXeroConnection, requireXeroSettings, XERO_NO_TENANT, XERO_NOT_CONNECTED } from './xero-connection.service';
import { presentXeroSync } from '../../presenters/xero';
import { queueTestInvoice, retryXeroSync, xeroStatus } from './xero-sync.service';

/** Where the administrator lands after Xero's consent; `xero=` says how it went (the page words it). */
const PAGE = '/admin/xero-testing';

export const XERO_SYNC_NOT_FAILED = 'There is no failed sync item with that id: it may have been tried again already.';

export function xeroRouter(context: AppContext): Router {
  const { logger } = context;
  const { router, serve } = endpointRouter(context);

  serve(endpoints.status)({
    handle: async (_req, res, { query: { page } }) => {
      res.set('Cache-Control', 'no-store');
      return xeroStatus(context, page);
    },
  });

  // A POST, not a link: it keeps the consent's state in the session, and a page must not start that by being visited.
  serve(endpoints.connect)({
    handle: async (req) => {
      const { url, state } = await beginConsent(requireXeroSettings(context));
      req.session.xeroConsentState = state;
      return { success: true, authorizationUrl: url };
    },
  });

  // Xero sends the administrator's browser back here (XERO_REDIRECT_URI) with a code and the state.
  serve(endpoints.callback)({
    handle: async (req, res, { query }) => {
      const settings = requireXeroSettings(context);
      const expectedState = req.session.xeroConsentState;
      delete req.session.xeroConsentState;
      if (query.error) return res.redirect(`${PAGE}?xero=refused`);
      if (!expectedState || query.state !== expectedState) return res.redirect(`${PAGE}?xero=expired`);
      const callbackUrl = `${settings.redirectUri}?${new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined))}`;
      try {
        await completeConsent(context, settings, callbackUrl, expectedState, signedInUser(req).id);
      } catch (error) {
        logger.error({ err: error }, 'Xero connection failed');
        return res.redirect(`${PAGE}?xero=failed`);
      }
      res.redirect(`${PAGE}?xero=connected`);
    },
  });

  serve(endpoints.chooseTenant)({
    handle: async (req, _res, { body }) => {
      requireXeroSettings(context);
      await chooseTenant(context, body.tenantId);
      logger.info({ by: signedInUser(req).id }, 'Xero organisation chosen');
      return { success: true };
    },
  });

  serve(endpoints.testInvoice)({
    handle: async () => {
      requireXeroSettings(context);
      const connection = await findXeroConnection(context);
      if (!connection) throw conflict(XERO_NOT_CONNECTED, 'xero_not_connected');
      if (!connection.tenantId) throw conflict(XERO_NO_TENANT, 'xero_no_tenant');
      return { success: true, item: presentXeroSync(await queueTestInvoice(context)) };
    },
  });

  serve(endpoints.retrySync)({
    handle: async (req, _res, { params }) => {
      const row = await retryXeroSync(context, params.id);
      if (!row) throw notFound(XERO_SYNC_NOT_FAILED, 'xero_sync_not_found');
      logger.info({ syncId: row.id, by: signedInUser(req).id }, 'Xero sync item queued again by staff');
      return { success: true, item: presentXeroSync(row) };
    },
  });

  return router;
}
