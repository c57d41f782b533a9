import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { calculatorSettingsResponseSchema, type varietyInputSchema } from '@shared/contracts/calculator-settings';
import { apiRequest } from '../../../lib/api-client';
import { calculatorSettingsSaved } from './get-calculator-settings';

/** PUT /api/admin/calculator-settings/crops/:cropType/varieties/:variety: whether the variety is offered. */
export function useSaveVariety(cropType: string, variety: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof varietyInputSchema>) =>
      apiRequest('PUT', `/api/admin/calculator-settings/crops/${encodeURIComponent(cropType)}/varieties/${encodeURIComponent(variety)}`, { body: input, schema: calculatorSettingsResponseSchema }),
    onSuccess: (response) => calculatorSettingsSaved(client, response),
  });
}
