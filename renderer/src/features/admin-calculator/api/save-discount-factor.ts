import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { discountFactorInputSchema } from '@shared/contracts/calculator-settings';
import { calculatorSettingsEndpoints as endpoints } from '@shared/endpoints/calculator-settings';
import { callEndpoint } from '../../../lib/api-client';
import { calculatorSettingsSaved } from './get-calculator-settings';

/** PUT /api/admin/calculator-settings/discount-factors/:id: a coverage-preference discount's name, value and whether it applies. */
export function useSaveDiscountFactor(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof discountFactorInputSchema>) => callEndpoint(endpoints.saveDiscountFactor, { params: { id }, body: input }),
    onSuccess: (response) => calculatorSettingsSaved(client, response),
  });
}
