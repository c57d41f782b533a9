/** The Xero connection and sync log (/admin/xero-testing, docs/xero.md). */
import { z } from 'zod';
import { pageParam } from './paging';

export const XERO_SYNC_KINDS = ['contact', 'invoice', 'payment', 'payment_reversal', 'test_invoice'] as const;
export type XeroSyncKind = (typeof XERO_SYNC_KINDS)[number];

export const XERO_SYNC_KIND_LABELS: Record<XeroSyncKind, string> = {
  contact: 'Contact',
  invoice: 'Invoice',
  payment: 'Payment',
  payment_reversal: 'Payment reversal (deleted in Xero)',
  test_invoice: 'Test invoice',
};

export const XERO_SYNC_STATES = ['pending', 'sent', 'failed'] as const;
export type XeroSyncState = (typeof XERO_SYNC_STATES)[number];

export const XERO_SYNC_STATE_LABELS: Record<XeroSyncState, string> = { pending: 'Waiting', sent: 'Sent', failed: 'Failed' };

export const xeroTenantSchema = z.object({ tenantId: z.string(), tenantName: z.string() });
export type XeroTenantView = z.infer<typeof xeroTenantSchema>;

export const xeroSyncItemSchema = z.object({
  id: z.string(),
  kind: z.enum(XERO_SYNC_KINDS),
  label: z.string(),
  state: z.enum(XERO_SYNC_STATES),
  xeroId: z.string().nullable(),
  /** Tries made so far (a wait for a rate limit is not one). */
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** A waiting item is not tried before this (Xero's Retry-After, our own limit). */
  nextAttemptAt: z.iso.datetime().nullable(),
  sentAt: z.iso.datetime().nullable(),
  updatedAt: z.iso.datetime(),
});
export type XeroSyncItem = z.infer<typeof xeroSyncItemSchema>;

/** GET /api/admin/xero */
export const xeroStatusQuerySchema = z.object({
  page: pageParam,
});

export const xeroStatusResponseSchema = z.object({
  success: z.literal(true),
  /** The variables still to set on the server; empty when Xero is configured. */
  missingVariables: z.array(z.string()),
  connection: z
    .object({
      tenantId: z.string().nullable(),
      tenantName: z.string().nullable(),
      tenants: z.array(xeroTenantSchema),
      connectedBy: z.string(),
      connectedAt: z.iso.datetime(),
      accessTokenExpiresAt: z.iso.datetime(),
    })
    .nullable(),
  counts: z.object({ pending: z.number().int(), sent: z.number().int(), failed: z.number().int() }),
  items: z.array(xeroSyncItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type XeroStatusResponse = z.infer<typeof xeroStatusResponseSchema>;

/** POST /api/admin/xero/connect */
export const xeroConnectResponseSchema = z.object({ success: z.literal(true), authorizationUrl: z.url() });

/** PUT /api/admin/xero/tenant */
export const xeroTenantInputSchema = z.object({
  tenantId: z.string({ error: 'Choose an organisation.' }).trim().min(1, { error: 'Choose an organisation.' }).max(100, { error: 'An organisation id is at most 100 characters.' }),
});
export type XeroTenantInput = z.infer<typeof xeroTenantInputSchema>;
export const xeroTenantResponseSchema = z.object({ success: z.literal(true) });

/** GET /api/admin/xero/callback: what Xero sends the administrator back with. */
export const xeroCallbackQuerySchema = z.object({
  code: z.string().max(2000).optional(),
  state: z.string().max(200).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});

/** POST /api/admin/xero/syncs/:id/retry */
export const xeroSyncParamsSchema = z.object({ id: z.string().trim().min(1, { error: 'Name the sync item.' }).max(100, { error: 'A sync item id is at most 100 characters.' }) });

export const xeroSyncItemResponseSchema = z.object({ success: z.literal(true), item: xeroSyncItemSchema });
