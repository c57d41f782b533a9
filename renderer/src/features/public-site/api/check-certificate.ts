import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { certificateCheckInputSchema } from '@shared/contracts/certificates';
import { certificateEndpoints } from '@shared/endpoints/certificates';
import { callEndpoint } from '../../../lib/api-client';

/** POST /api/certificates/check: a lender's check of a typed code (a question, not a change: nothing is cached). */
export const useCheckCertificate = () => useMutation({ mutationFn: (body: z.input<typeof certificateCheckInputSchema>) => callEndpoint(certificateEndpoints.check, { body }) });
