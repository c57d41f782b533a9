import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { calculatorSettingsResponseSchema, type insurableCropInputSchema } from '@shared/contracts/calculator-settings';
import { apiRequest } from '../../../lib/api-client';
import { calculatorSettingsSaved } from './get-calculator-settings';

/** PUT /api/admin/calculator-settings/crops/:cropType: whether the crop is offered, and its place in the list. */
export function useSaveCrop(cropType: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof insurableCropInputSchema>) =>
      apiRequest('PUT', `/api/admin/calculator-settings/crops/${encodeURIComponent(cropType)}`, { body: input, schema: calculatorSettingsResponseSchema }),
    onSuccess: (response) => calculatorSettingsSaved(client, response),
  });
}
