import { z } from 'zod';

/**
 * The one error shape every /api route answers with (ARCHITECTURE habit 9): `error` is a code, or a
 * sentence for the two forms whose endpoint says so (FailureWords in shared/endpoints/endpoint.ts),
 * which also answer `success: false`.
 */
export const apiErrorSchema = z.object({
  success: z.literal(false).optional(),
  error: z.string(),
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
