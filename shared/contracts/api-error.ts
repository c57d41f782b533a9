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

/** A service the server depends on that can be away for a while (docs/operations.md, "Outages"). */
export type OutageDependency = 'database' | 'redis' | 'mail';

/** The error code of the 503 a caller gets while one is away. */
export const OUTAGE_CODES: Record<OutageDependency, string> = { database: 'database_unavailable', redis: 'sessions_unavailable', mail: 'mail_unavailable' };

/** What a caller is told, with a 503, while one is away: the server answers these, and pages show them. */
export const OUTAGE_MESSAGES: Record<OutageDependency, string> = {
  database: 'We cannot reach our database just now. Anything you saved before is kept; please try again in a minute.',
  redis: 'We cannot check your sign-in just now. Please try again in a minute.',
  mail: 'We could not send the e-mail just now; try again in a minute.',
};
