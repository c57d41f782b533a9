import { useMutation } from '@tanstack/react-query';
import { emailVerificationSendResponseSchema } from '@shared/contracts/accounts';
import type { z } from 'zod';
import type { emailVerificationSendRequestSchema } from '@shared/contracts/accounts';
import { apiRequest } from '../lib/api-client';

/** POST /api/auth/email-verification/send: e-mails a 6-digit code; `message` says where it went. */
export const useSendVerificationCode = () =>
  useMutation({
    mutationFn: (body: z.input<typeof emailVerificationSendRequestSchema>) => apiRequest('POST', '/api/auth/email-verification/send', { body, schema: emailVerificationSendResponseSchema }),
  });
