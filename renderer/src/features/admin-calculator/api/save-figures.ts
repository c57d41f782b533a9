import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { calculatorSettingsResponseSchema, type calculatorFiguresInputSchema } from '@shared/contracts/calculator-settings';
import { apiRequest } from '../../../lib/api-client';
import { calculatorSettingsSaved } from './get-calculator-settings';

/** PUT /api/admin/calculator-settings/figures: the minimum premium and the canola cap. */
export function useSaveFigures() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof calculatorFiguresInputSchema>) => apiRequest('PUT', '/api/admin/calculator-settings/figures', { body: input, schema: calculatorSettingsResponseSchema }),
    onSuccess: (response) => calculatorSettingsSaved(client, response),
  });
}
