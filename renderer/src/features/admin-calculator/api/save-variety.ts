import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { varietyInputSchema } from '@shared/contracts/calculator-settings';
import { calculatorSettingsEndpoints as endpoints } from '@shared/endpoints/calculator-settings';
import { callEndpoint } from '../../../lib/api-client';
import { calculatorSettingsSaved } from './get-calculator-settings';

/** PUT /api/admin/calculator-settings/crops/:cropType/varieties/:variety: whether the variety is offered. */
export function useSaveVariety(cropType: string, variety: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof varietyInputSchema>) => callEndpoint(endpoints.saveVariety, { params: { cropType, variety }, body: input }),
    onSuccess: (response) => calculatorSettingsSaved(client, response),
  });
}
