import { emailVerificationVerifyResponseSchema, type emailVerificationVerifyRequestSchema } from '@shared/contracts/accounts';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/email-verification/verify: the e-mailed code for the token the password step registers with. */
export const verifyEmailCode = (body: z.input<typeof emailVerificationVerifyRequestSchema>) => apiRequest('POST', '/api/auth/email-verification/verify', { body, schema: emailVerificationVerifyResponseSchema });
