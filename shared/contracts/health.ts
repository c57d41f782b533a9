import { z } from 'zod';

export const healthResponseSchema = z.object({ status: z.literal('ok'), db: z.literal('ok') });
export type HealthResponse = z.infer<typeof healthResponseSchema>;

const readinessCheckSchema = z.object({ ok: z.boolean(), detail: z.string().optional() });

/** GET /api/ready: 200 when every check passes, 503 with the same shape when one fails. */
export const readinessResponseSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.object({ database: readinessCheckSchema, migrations: readinessCheckSchema, sharedState: readinessCheckSchema, referenceData: readinessCheckSchema }),
});
export type ReadinessResponse = z.infer<typeof readinessResponseSchema>;
