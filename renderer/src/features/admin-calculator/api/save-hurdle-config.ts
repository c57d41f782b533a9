import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { calculatorSettingsResponseSchema, type hurdleConfigInputSchema } from '@shared/contracts/calculator-settings';
import { apiRequest } from '../../../lib/api-client';
import { calculatorSettingsSaved } from './get-calculator-settings';

/** PUT /api/admin/calculator-settings/hurdle-configs/:cropType: a crop's minimum and default hurdle (created when the crop has none). */
export function useSaveHurdleConfig(cropType: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof hurdleConfigInputSchema>) =>
      apiRequest('PUT', `/api/admin/calculator-settings/hurdle-configs/${encodeURIComponent(cropType)}`, { body: input, schema: calculatorSettingsResponseSchema }),
    onSuccess: (response) => calculatorSettingsSaved(client, response),
  });
}
