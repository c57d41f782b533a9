import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { newHurdleOptionInputSchema } from '@shared/contracts/calculator-settings';
import { calculatorSettingsEndpoints as endpoints } from '@shared/endpoints/calculator-settings';
import { callEndpoint } from '../../../lib/api-client';
import { calculatorSettingsSaved } from './get-calculator-settings';

/** POST /api/admin/calculator-settings/hurdle-options: a new hurdle the quote offers. */
export function useAddHurdleOption() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof newHurdleOptionInputSchema>) => callEndpoint(endpoints.addHurdleOption, { body: input }),
    onSuccess: (response) => calculatorSettingsSaved(client, response),
  });
}
