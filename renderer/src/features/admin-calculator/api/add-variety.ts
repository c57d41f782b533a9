import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { calculatorSettingsResponseSchema, type newVarietyInputSchema } from '@shared/contracts/calculator-settings';
import { apiRequest } from '../../../lib/api-client';
import { calculatorSettingsSaved } from './get-calculator-settings';

/** POST /api/admin/calculator-settings/crops/:cropType/varieties */
export function useAddVariety(cropType: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof newVarietyInputSchema>) =>
      apiRequest('POST', `/api/admin/calculator-settings/crops/${encodeURIComponent(cropType)}/varieties`, { body: input, schema: calculatorSettingsResponseSchema }),
    onSuccess: (response) => calculatorSettingsSaved(client, response),
  });
}
