import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { certificateWithdrawInputSchema } from '@shared/contracts/certificates';
import { certificateEndpoints } from '@shared/endpoints/certificates';
import { callEndpoint } from '../../../lib/api-client';

const certificatesKey = (applicationId: string) => ['admin', 'applications', applicationId, 'certificates'] as const;

/** GET /api/admin/applications/:id/certificates: every certificate issued on the application, newest first. */
export const certificatesQueryOptions = (applicationId: string) =>
  queryOptions({ queryKey: certificatesKey(applicationId), queryFn: () => callEndpoint(certificateEndpoints.listForApplication, { params: { id: applicationId } }) });

export const useCertificates = (applicationId: string) => useQuery(certificatesQueryOptions(applicationId));

/** POST /api/admin/certificates/:id/withdraw: the certificate stops standing; the member is e-mailed. */
export function useWithdrawCertificate(applicationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: z.input<typeof certificateWithdrawInputSchema> & { id: string }) => callEndpoint(certificateEndpoints.withdraw, { params: { id }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: certificatesKey(applicationId) }),
  });
}
