import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calculatorSettingsResponseSchema, type NewCropInput } from '@shared/contracts/calculator-settings';
import { apiRequest } from '../../../lib/api-client';
import { calculatorSettingsSaved } from './get-calculator-settings';

/** POST /api/admin/calculator-settings/crops */
export function useAddCrop() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: NewCropInput) => apiRequest('POST', '/api/admin/calculator-settings/crops', { body: input, schema: calculatorSettingsResponseSchema }),
    onSuccess: (response) => calculatorSettingsSaved(client, response),
  });
}
