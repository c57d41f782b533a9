import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NewCropInput } from '@shared/contracts/calculator-settings';
import { calculatorSettingsEndpoints as endpoints } from '@shared/endpoints/calculator-settings';
import { callEndpoint } from '../../../lib/api-client';
import { calculatorSettingsSaved } from './get-calculator-settings';

/** POST /api/admin/calculator-settings/crops */
export function useAddCrop() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: NewCropInput) => callEndpoint(endpoints.addCrop, { body: input }),
    onSuccess: (response) => calculatorSettingsSaved(client, response),
  });
}
