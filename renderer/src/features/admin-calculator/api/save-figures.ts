import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { calculatorFiguresInputSchema } from '@shared/contracts/calculator-settings';
import { calculatorSettingsEndpoints as endpoints } from '@shared/endpoints/calculator-settings';
import { callEndpoint } from '../../../lib/api-client';
import { calculatorSettingsSaved } from './get-calculator-settings';

/** PUT /api/admin/calculator-settings/figures: the minimum premium and the canola cap. */
export function useSaveFigures() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof calculatorFiguresInputSchema>) => callEndpoint(endpoints.saveFigures, { body: input }),
    onSuccess: (response) => calculatorSettingsSaved(client, response),
  });
}
