import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { insurableCropInputSchema } from '@shared/contracts/calculator-settings';
import { calculatorSettingsEndpoints as endpoints } from '@shared/endpoints/calculator-settings';
import { callEndpoint } from '../../../lib/api-client';
import { calculatorSettingsSaved } from './get-calculator-settings';

/** PUT /api/admin/calculator-settings/crops/:cropType: whether the crop is offered, and its place in the list. */
export function useSaveCrop(cropType: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof insurableCropInputSchema>) => callEndpoint(endpoints.saveCrop, { params: { cropType }, body: input }),
    onSuccess: (response) => calculatorSettingsSaved(client, response),
  });
}
