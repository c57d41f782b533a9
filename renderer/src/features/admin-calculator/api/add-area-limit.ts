import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { calculatorSettingsResponseSchema, type areaLimitInputSchema } from '@shared/contracts/calculator-settings';
import { apiRequest } from '../../../lib/api-client';
import { calculatorSettingsSaved } from './get-calculator-settings';

/** POST /api/admin/calculator-settings/area-limits */
export function useAddAreaLimit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof areaLimitInputSchema>) => apiRequest('POST', '/api/admin/calculator-settings/area-limits', { body: input, schema: calculatorSettingsResponseSchema }),
    onSuccess: (response) => calculatorSettingsSaved(client, response),
  });
}
