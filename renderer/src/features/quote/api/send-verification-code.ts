import { useMutation } from '@tanstack/react-query';
import { emailVerificationSendResponseSchema, type emailVerificationSendRequestSchema } from '@shared/contracts/accounts';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/email-verification/send: the wizard's e-mail check starts with a 6-digit code. */
export const sendVerificationCode = (body: z.input<typeof emailVerificationSendRequestSchema>) => apiRequest('POST', '/api/auth/email-verification/send', { body, schema: emailVerificationSendResponseSchema });

export const useSendVerificationCode = () => useMutation({ mutationFn: sendVerificationCode });
