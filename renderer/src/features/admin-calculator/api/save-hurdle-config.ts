import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { hurdleConfigInputSchema } from '@shared/contracts/calculator-settings';
import { calculatorSettingsEndpoints as endpoints } from '@shared/endpoints/calculator-settings';
import { callEndpoint } from '../../../lib/api-client';
import { calculatorSettingsSaved } from './get-calculator-settings';

/** PUT /api/admin/calculator-settings/hurdle-configs/:cropType: a crop's minimum and default hurdle (created when the crop has none). */
export function useSaveHurdleConfig(cropType: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof hurdleConfigInputSchema>) => callEndpoint(endpoints.saveHurdleConfig, { params: { cropType }, body: input }),
    onSuccess: (response) => calculatorSettingsSaved(client, response),
  });
}
