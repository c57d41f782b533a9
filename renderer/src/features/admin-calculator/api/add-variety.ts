import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { newVarietyInputSchema } from '@shared/contracts/calculator-settings';
import { calculatorSettingsEndpoints as endpoints } from '@shared/endpoints/calculator-settings';
import { callEndpoint } from '../../../lib/api-client';
import { calculatorSettingsSaved } from './get-calculator-settings';

/** POST /api/admin/calculator-settings/crops/:cropType/varieties */
export function useAddVariety(cropType: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof newVarietyInputSchema>) => callEndpoint(endpoints.addVariety, { params: { cropType }, body: input }),
    onSuccess: (response) => calculatorSettingsSaved(client, response),
  });
}
