import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { calculatorSettingsResponseSchema, type newHurdleOptionInputSchema } from '@shared/contracts/calculator-settings';
import { apiRequest } from '../../../lib/api-client';
import { calculatorSettingsSaved } from './get-calculator-settings';

/** POST /api/admin/calculator-settings/hurdle-options: a new hurdle the quote offers. */
export function useAddHurdleOption() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof newHurdleOptionInputSchema>) => apiRequest('POST', '/api/admin/calculator-settings/hurdle-options', { body: input, schema: calculatorSettingsResponseSchema }),
    onSuccess: (response) => calculatorSettingsSaved(client, response),
  });
}
