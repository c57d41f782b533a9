import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { areaLimitInputSchema } from '@shared/contracts/calculator-settings';
import { calculatorSettingsEndpoints as endpoints } from '@shared/endpoints/calculator-settings';
import { callEndpoint } from '../../../lib/api-client';
import { calculatorSettingsSaved } from './get-calculator-settings';

/** POST /api/admin/calculator-settings/area-limits */
export function useAddAreaLimit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof areaLimitInputSchema>) => callEndpoint(endpoints.addAreaLimit, { body: input }),
    onSuccess: (response) => calculatorSettingsSaved(client, response),
  });
}
