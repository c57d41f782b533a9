/** Support mode calls (docs/behaviour.md §7 'Support mode') and the support-mode texts of docs/behaviour.md §8. */
import { z } from 'zod';
import { DEFAULT_SUPPORT_PERMISSION_LEVEL, SUPPORT_PERMISSION_LEVELS } from '../constants';

export const SUPPORT_MESSAGES = {
  enterFailed: 'Failed to enter support mode',
  exitFailed: 'Failed to exit support mode',
  notAuthenticated: 'Admin user not authenticated',
} as const;

export const supportPermissionLevelSchema = z.enum(SUPPORT_PERMISSION_LEVELS);

/**
 * The support session the signed-in staff member is in, as GET /api/auth/session carries it, so
 * that the support bar and 'Exit support mode' come back after a reload or in a new tab.
 */
export const sessionSupportModeSchema = z.object({
  isActive: z.literal(true),
  customerId: z.string(),
  customerName: z.string(),
  permissionLevel: supportPermissionLevelSchema,
  adminUserId: z.string(),
  /** Milliseconds since the epoch, the server's clock. */
  sessionStartTime: z.number(),
});
export type SessionSupportMode = z.infer<typeof sessionSupportModeSchema>;

/**
 * docs/behaviour.md §3's lighter form of support mode, (enabled, customerId): what the session cache in local
 * storage keeps while a support session runs, so a page that does not otherwise read the session
 * knows to ask whether it still does (its presence is what is read; the session decides the rest).
 */
export interface SessionCache {
  supportMode: { enabled: boolean; customerId: string | null };
}

export const supportEnterRequestSchema = z.object({
  adminUserId: z.string().min(1, 'adminUserId is required.'),
  customerId: z.string().min(1, 'customerId is required.'),
  customerName: z.string().trim().max(200).optional(),
  permissionLevel: supportPermissionLevelSchema.default(DEFAULT_SUPPORT_PERMISSION_LEVEL),
});
export const supportEnterResponseSchema = z.object({ success: z.literal(true), customerName: z.string() });

export const supportExitRequestSchema = z.object({
  adminUserId: z.string().min(1, 'adminUserId is required.'),
  customerId: z.string().min(1, 'customerId is required.'),
  /** Milliseconds, as the client measured it; the server records its own measure as well. */
  sessionDuration: z
    .number()
    .int()
    .nonnegative()
    .max(7 * 24 * 60 * 60 * 1000)
    .optional(),
});
export const supportExitResponseSchema = z.object({ success: z.literal(true), sessionDuration: z.number() });

export const supportCustomerDataQuerySchema = z.object({ customerId: z.string().min(1, 'customerId is required.') });
export const supportCustomerDataResponseSchema = z.object({
  success: z.literal(true),
  customer: z.object({
    id: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    businessName: z.string().nullable(),
    abn: z.string().nullable(),
    isBroker: z.boolean(),
    createdAt: z.string(),
  }),
  drafts: z.array(z.object({ id: z.string(), step: z.string(), status: z.string(), updatedAt: z.string() })),
  savedEstimates: z.array(z.object({ id: z.string(), createdAt: z.string() })),
  permissionLevel: supportPermissionLevelSchema,
});
export type SupportCustomerData = z.infer<typeof supportCustomerDataResponseSchema>;
