import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { areaLimitInputSchema } from '@shared/contracts/calculator-settings';
import { calculatorSettingsEndpoints as endpoints } from '@shared/endpoints/calculator-settings';
import { callEndpoint } from '../../../lib/api-client';
import { calculatorSettingsSaved } from './get-calculator-settings';

/** PUT /api/admin/calculator-settings/area-limits/:id */
export function useSaveAreaLimit(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof areaLimitInputSchema>) => callEndpoint(endpoints.saveAreaLimit, { params: { id }, body: input }),
    onSuccess: (response) => calculatorSettingsSaved(client, response),
  });
}
