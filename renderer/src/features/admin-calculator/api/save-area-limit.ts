import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { calculatorSettingsResponseSchema, type areaLimitInputSchema } from '@shared/contracts/calculator-settings';
import { apiRequest } from '../../../lib/api-client';
import { calculatorSettingsSaved } from './get-calculator-settings';

/** PUT /api/admin/calculator-settings/area-limits/:id */
export function useSaveAreaLimit(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof areaLimitInputSchema>) =>
      apiRequest('PUT', `/api/admin/calculator-settings/area-limits/${encodeURIComponent(id)}`, { body: input, schema: calculatorSettingsResponseSchema }),
    onSuccess: (response) => calculatorSettingsSaved(client, response),
  });
}
