import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { calculatorSettingsResponseSchema, type hurdleOptionInputSchema } from '@shared/contracts/calculator-settings';
import { apiRequest } from '../../../lib/api-client';
import { calculatorSettingsSaved } from './get-calculator-settings';

/** PUT /api/admin/calculator-settings/hurdle-options/:percentage: a hurdle's multiplier, description and whether it is offered. */
export function useSaveHurdleOption(percentage: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof hurdleOptionInputSchema>) => apiRequest('PUT', `/api/admin/calculator-settings/hurdle-options/${percentage}`, { body: input, schema: calculatorSettingsResponseSchema }),
    onSuccess: (response) => calculatorSettingsSaved(client, response),
  });
}
