import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { emailVerificationSendRequestSchema } from '@shared/contracts/accounts';
import { accountEndpoints } from '@shared/endpoints/accounts';
import { callEndpoint } from '../lib/api-client';

/** POST /api/auth/email-verification/send: e-mails a 6-digit code; `message` says where it went. */
export const useSendVerificationCode = () =>
  useMutation({
    mutationFn: (body: z.input<typeof emailVerificationSendRequestSchema>) => callEndpoint(accountEndpoints.sendVerificationCode, { body }),
  });
