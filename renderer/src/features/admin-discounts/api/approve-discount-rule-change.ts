import { useMutation, useQueryClient } from '@tanstack/react-query';
import { discountEndpoints as endpoints } from '@shared/endpoints/discounts';
import { callEndpoint } from '../../../lib/api-client';
import { discountRulesSaved } from './get-discount-rules';

/**
 * POST /api/admin/discount-rules/changes/:id/approve: a second, independent administrator approves a
 * waiting change, which prices from the next quote under a new model version. Refused (403) with the
 * maker-checker sentence when the caller is not a second person for it.
 */
export function useApproveDiscountRuleChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: string; note?: string }) => callEndpoint(endpoints.approveRuleChange, { params: { id }, body: note ? { note } : {} }),
    onSuccess: (response) => discountRulesSaved(client, response),
  });
}
