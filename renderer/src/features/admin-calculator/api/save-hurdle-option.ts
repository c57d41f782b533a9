import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { hurdleOptionInputSchema } from '@shared/contracts/calculator-settings';
import { calculatorSettingsEndpoints as endpoints } from '@shared/endpoints/calculator-settings';
import { callEndpoint } from '../../../lib/api-client';
import { calculatorSettingsSaved } from './get-calculator-settings';

/** PUT /api/admin/calculator-settings/hurdle-options/:percentage: a hurdle's multiplier, description and whether it is offered. */
export function useSaveHurdleOption(percentage: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof hurdleOptionInputSchema>) => callEndpoint(endpoints.saveHurdleOption, { params: { percentage }, body: input }),
    onSuccess: (response) => calculatorSettingsSaved(client, response),
  });
}
