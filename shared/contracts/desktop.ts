import { z } from 'zod';

/** What the renderer may ask the desktop's main process to send to the server. */
export const desktopApiRequestSchema = z.object({
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
  path: z
    .string()
    .startsWith('/api/', 'The path must start with /api/.')
    .refine((path) => !path.includes('..') && !path.includes('//'), 'The path must not leave /api/.'),
  body: z.unknown().optional(),
  headers: z.record(z.string(), z.string()).optional(),
});

export const desktopServerUrlSchema = z
  .url({ protocol: /^https?$/, message: 'Enter the server address, for example https://console.grainmutual.example' })
  .transform((url) => url.replace(/\/+$/, ''));

/**
 * One member record as the desktop console caches it: the members list's summary (GET
 * /api/admin/members), plus the broker of record where the server sends it.
 */
export const desktopMemberRecordSchema = z.object({
  id: z.string().min(1).max(100),
  name: z.string().max(300),
  email: z.string().max(320),
  phone: z.string().max(50).nullable(),
  businessName: z.string().max(300).nullable(),
  broker: z.string().max(300).nullable().optional(),
  createdAt: z.string().max(40),
});
export type DesktopMemberRecord = z.infer<typeof desktopMemberRecordSchema>;

/** The most records one sync call may hand over (the renderer syncs the list page by page). */
export const DESKTOP_MEMBER_SYNC_MAX = 1000;
export const desktopMemberSyncSchema = z.array(desktopMemberRecordSchema).max(DESKTOP_MEMBER_SYNC_MAX);
export const desktopMemberSearchSchema = z.string().trim().max(200);

/** What the console knows about its member cache. */
export interface DesktopMemberCacheStatus {
  count: number;
  /** ISO time of the last completed sync, or null when the cache is empty. */
  lastSyncedAt: string | null;
}

/** Opening a customer's quote in a support-mode session window. */
export const desktopSupportWindowSchema = z.object({
  customerId: z.string().min(1).max(100),
  customerName: z.string().trim().min(1).max(200),
});
